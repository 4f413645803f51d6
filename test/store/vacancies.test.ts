import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseEssVacancies } from '../../src/ingest/sources/dfe/ess-vacancies/parse.js';
import { listCurrentEditions } from '../../src/store/editions.js';
import { essRowsFor } from '../../src/store/vacancies.js';
import { ESS_FILE } from '../helpers/vacancy-sources.js';
import { DIALECTS, type TestStore } from '../helpers/stores.js';
import { copyTemplate } from '../helpers/template-databases.js';
import { upstreamPath } from '../helpers/upstream.js';

const release = parseEssVacancies(new Uint8Array(readFileSync(upstreamPath(ESS_FILE))));

for (const dialect of DIALECTS) {
  describe(`ESS vacancy rows (${dialect})`, () => {
    let store: TestStore;
    let editionId: string;
    before(async () => {
      store = await copyTemplate(dialect);
      editionId = (await listCurrentEditions(store.db)).find((e) => e.sourceKey === 'ess-vacancies')!.id;
    });
    after(() => store.dispose());

    it('reads back a unit group and the Total rows exactly as parsed, every year, oldest first', async () => {
      for (const soc2010 of ['6145', '1115', '1116']) {
        const expected = release.rows
          .filter((r) => r.soc2010 === soc2010 || r.kind === 'total')
          .sort((a, b) => a.year - b.year || (a.kind === 'total' ? 1 : -1));
        const stored = (await essRowsFor(store.db, editionId, [soc2010])).sort(
          (a, b) => a.year - b.year || (a.kind === 'total' ? 1 : -1),
        );
        assert.deepEqual(stored, expected, soc2010);
      }
    });

    it('gives only the Total rows for a SOC 2010 group the survey never lists (1172)', async () => {
      const rows = await essRowsFor(store.db, editionId, ['1172']);
      assert.deepEqual(
        rows.map((r) => r.kind),
        ['total', 'total', 'total', 'total', 'total'],
      );
    });
  });
}
