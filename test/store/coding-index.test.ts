import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { CodingIndex } from '../../src/domain/soc.js';
import { readWorkbookSync } from '../../src/ingest/formats/workbook.js';
import {
  ABBREVIATIONS_SHEET,
  CODING_INDEX_SHEET,
  parseCodingIndex,
} from '../../src/ingest/sources/ons/soc2020-index/parse.js';
import { loadCodingIndex } from '../../src/store/coding-index.js';
import { listCurrentEditions } from '../../src/store/editions.js';
import { DIALECTS, type TestStore } from '../helpers/stores.js';
import { copyTemplate } from '../helpers/template-databases.js';
import { VOLUME2_FILE, upstreamPath } from '../helpers/upstream.js';

/** The index as the parser reads it from the real workbook, before anything is stored. */
const parsed: CodingIndex = parseCodingIndex(
  readWorkbookSync(new Uint8Array(readFileSync(upstreamPath(VOLUME2_FILE))), {
    sheets: [CODING_INDEX_SHEET, ABBREVIATIONS_SHEET],
  }),
);

for (const dialect of DIALECTS) {
  describe(`coding index store (${dialect})`, () => {
    let store: TestStore;
    before(async () => {
      store = await copyTemplate(dialect);
    });
    after(() => store.dispose());

    it('loads the stored index exactly as the parser read it: every record in record order, and the abbreviations in order', async () => {
      const [edition] = (await listCurrentEditions(store.db)).filter((e) => e.sourceKey === 'soc2020-index');
      const loaded = await loadCodingIndex(store.db, edition!.id);
      assert.equal(loaded.records.length, 32_195);
      assert.equal(loaded.records.length + loaded.abbreviations.length, edition!.rowsStored);
      assert.deepEqual(
        loaded.records,
        [...parsed.records].sort((a, b) => a.recordNumber - b.recordNumber),
      );
      assert.deepEqual(loaded.abbreviations, parsed.abbreviations);
    });

    it('loads nothing for an edition that is not a coding index', async () => {
      const [structure] = (await listCurrentEditions(store.db)).filter((e) => e.sourceKey === 'soc2020-structure');
      assert.deepEqual(await loadCodingIndex(store.db, structure!.id), { records: [], abbreviations: [] });
    });
  });
}
