import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import * as XLSX from '@e965/xlsx';
import { zipSync } from 'fflate';
import { ingestSources, type SourceResult } from '../../../../../src/ingest/pipeline.js';
import { readWorkbookSync } from '../../../../../src/ingest/formats/workbook.js';
import { asheTable14Source } from '../../../../../src/ingest/sources/ons/ashe-table14/descriptor.js';
import { mirrorUpstream } from '../../../../../src/ingest/upstream.js';
import { countPayRows } from '../../../../../src/store/pay.js';
import { listEditions } from '../../../../../src/store/editions.js';
import { asheRow, asheWorkbookName, asheZipEntries, expectedFigure } from '../../../../helpers/ashe-workbooks.js';
import { servedFromTemplate, type ServedApp } from '../../../../helpers/served-app.js';
import { parsingOnce } from '../../../../helpers/shared-parse.js';
import { DIALECTS_ABOVE_STORE } from '../../../../helpers/stores.js';
import { makeMirror } from '../../../../helpers/upstream.js';

const REVISED = 'ashe-table14/ashetable142024revised.zip';

/**
 * The real 2024 zip with some workbooks changed or left out, re-zipped (stored, not compressed), as
 * a revised release: its workbooks' names lose the provisional mark (`PROV - `); `marked` keeps it.
 */
function altered2024(change: (entries: Record<string, Uint8Array>) => void, marked = false): Uint8Array {
  const entries = { ...asheZipEntries(2024) };
  change(entries);
  const renamed = Object.entries(entries).map(([name, bytes]) => [marked ? name : name.replace('PROV - ', ''), bytes]);
  return zipSync(Object.fromEntries(renamed), { level: 0 });
}

/** A real 2024 workbook with its sheets changed, written back as .xlsx. */
function alteredWorkbook(
  tableId: string,
  change: (book: XLSX.WorkBook, sheets: Record<string, unknown[][]>) => void,
): [string, Uint8Array] {
  const name = asheWorkbookName(2024, tableId);
  const { sheets, sheetNames } = readWorkbookSync(asheZipEntries(2024)[name]!);
  const book = XLSX.utils.book_new();
  for (const sheet of sheetNames) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheets[sheet]!), sheet);
  change(book, sheets);
  for (const sheet of Object.keys(sheets))
    if (book.Sheets[sheet]) book.Sheets[sheet] = XLSX.utils.aoa_to_sheet(sheets[sheet]!);
  return [name, new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)];
}

const withoutWorkbook = altered2024((entries) => {
  delete entries[asheWorkbookName(2024, '14.11b')];
});
const withoutSheet = altered2024((entries) => {
  const [name, bytes] = alteredWorkbook('14.1b', (book) => {
    book.SheetNames = book.SheetNames.filter((s) => s !== 'Male Part-Time');
    delete book.Sheets['Male Part-Time'];
  });
  entries[name] = bytes;
});
const withAlteredHeader = altered2024((entries) => {
  const [name, bytes] = alteredWorkbook('14.1a', (_book, sheets) => {
    sheets['Female']![4]![3] = 'Average';
  });
  entries[name] = bytes;
});
/** A revised release: the same workbooks, re-zipped (new bytes), named as ONS names a revised edition. */
const revised = altered2024(() => undefined);
/** The provisional workbooks as they are, in a zip named revised. */
const provisionalAsRevised = altered2024(() => undefined, true);

const annual2134 = () => expectedFigure(asheRow(2024, '14.7a', 'All', '2134')[3]);

/**
 * What these tests add to the store's own (test/store/editions.test.ts: publish, supersede within a
 * series, quarantine, on both dialects) is the parse, the checks and the API's answers, all above
 * the store; the template build stages every real release into PostgreSQL too, and the parity suite
 * compares its rows and pay reads. So they run on `DIALECTS_ABOVE_STORE`; each release the test
 * writes is parsed once however many dialects ingest it.
 */
const table14Once = parsingOnce(asheTable14Source, DIALECTS_ABOVE_STORE.length);

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`ASHE Table 14 releases: publish, quarantine, supersede (${dialect})`, () => {
    let served: ServedApp;
    let mirror: ReturnType<typeof makeMirror>;
    const get = (url: string) => served.get(url);
    /** Ingests Table 14 from the test's mirror, which holds only the release the test puts there. */
    const ingest = async (): Promise<SourceResult> => {
      const [result] = await ingestSources({
        store: served.store,
        upstream: mirrorUpstream(mirror.root),
        sources: [table14Once],
      });
      served.refresh();
      return result!;
    };
    before(async () => {
      // The template holds the three real provisional releases of the mirror, ingested by the pipeline.
      served = await servedFromTemplate(dialect);
      mirror = makeMirror();
    });
    after(() => served.close());

    it('publishes the real releases: 11 measures x 9 sheets x 412 unit groups each, one series per reference year', async () => {
      const editions = await listEditions(served.store.db, 'ashe-table14');
      assert.deepEqual(editions.map((e) => [e.label, e.seriesKey, e.status]).sort(), [
        ['ASHE Table 14, 2022 provisional', '2022', 'published'],
        ['ASHE Table 14, 2023 provisional', '2023', 'published'],
        ['ASHE Table 14, 2024 provisional', '2024', 'published'],
      ]);
      for (const edition of editions) {
        assert.equal(edition.rowsStored, 11 * 9 * 412);
        assert.deepEqual(edition.checks, []);
        assert.equal(await countPayRows(served.store.db, edition.id), 11 * 9 * 412);
      }
      const runs = await served.store.db
        .selectFrom('ingest_runs')
        .select('outcome')
        .where('source_key', '=', 'ashe-table14')
        .execute();
      assert.deepEqual(
        runs.map((r) => r.outcome),
        ['published'],
      );
    });

    it('quarantines a zip missing a workbook, a sheet, with an altered header row or with provisional workbooks, and the previous edition keeps serving', async () => {
      const cases: [Uint8Array, RegExp][] = [
        [withoutWorkbook, /no workbook for Table 14\.11b/],
        [withoutSheet, /Table 14\.1b has no "Male Part-Time" sheet/],
        [withAlteredHeader, /Table 14\.1a, sheet "Female": row 5 is not the expected header/],
        [
          provisionalAsRevised,
          /the workbook "PROV - Occupation SOC20 \(4\) Table 14\.\d+[ab] .*" is marked provisional/,
        ],
      ];
      for (const [bytes, reason] of cases) {
        mirror.write(REVISED, bytes);
        const result = await ingest();
        assert.equal(result.outcome, 'quarantined');
        const held = result.releases.find((r) => r.label === 'ASHE Table 14, 2024 revised')!;
        assert.equal(held.outcome, 'quarantined');
        assert.match(held.checks[0]!.observed ?? '', reason);
        const body = (await get('/v1/occupations/2134/pay')).json();
        assert.equal(body.provenance.edition, 'ASHE Table 14, 2024 provisional');
        assert.equal(body.provisional, true);
      }
      const editions = await listEditions(served.store.db, 'ashe-table14');
      assert.equal(editions.filter((e) => e.status === 'quarantined').length, 4);
      assert.deepEqual(
        editions
          .filter((e) => e.status === 'published')
          .map((e) => e.label)
          .sort(),
        ['ASHE Table 14, 2022 provisional', 'ASHE Table 14, 2023 provisional', 'ASHE Table 14, 2024 provisional'],
      );
    });

    it('lets a revised release supersede the provisional one of its year only, which can still be pinned', async () => {
      const provisional = (await listEditions(served.store.db, 'ashe-table14')).find(
        (e) => e.status === 'published' && e.seriesKey === '2024',
      )!;
      mirror.write(REVISED, revised);
      const result = await ingest();
      assert.equal(result.outcome, 'published');
      const editions = await listEditions(served.store.db, 'ashe-table14');
      assert.equal(editions.find((e) => e.id === provisional.id)!.status, 'superseded');
      const current = editions.filter((e) => e.status === 'published');
      assert.deepEqual(current.map((e) => [e.label, e.seriesKey]).sort(), [
        ['ASHE Table 14, 2022 provisional', '2022'],
        ['ASHE Table 14, 2023 provisional', '2023'],
        ['ASHE Table 14, 2024 revised', '2024'],
      ]);

      const body = (await get('/v1/occupations/2134/pay')).json();
      assert.equal(body.provisional, false);
      assert.equal(body.provenance.edition, 'ASHE Table 14, 2024 revised');
      assert.equal(body.distribution.median, annual2134());
      assert.doesNotMatch(body.coverage.note, /Provisional/);

      const pinned = (await get(`/v1/occupations/2134/pay?edition=${provisional.id}`)).json();
      assert.equal(pinned.provisional, true);
      assert.equal(pinned.provenance.edition, 'ASHE Table 14, 2024 provisional');

      const quarantined = editions.find((e) => e.status === 'quarantined')!;
      const refused = await get(`/v1/occupations/2134/pay?edition=${quarantined.id}`);
      assert.equal(refused.statusCode, 400);
      assert.match(refused.json().detail, /was quarantined and has no figures/);

      const series = (await get('/v1/occupations/2134/pay/series')).json();
      assert.deepEqual(
        series.points.map((p: { year: number; provisional: boolean }) => [p.year, p.provisional]),
        [
          [2022, true],
          [2023, true],
          [2024, false],
        ],
      );
    });
  });
}
