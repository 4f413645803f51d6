import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import * as XLSX from '@e965/xlsx';
import { zipSync } from 'fflate';
import { ingestSources, type SourceResult } from '../../../../src/ingest/pipeline.js';
import { readWorkbookSync } from '../../../../src/ingest/formats/workbook.js';
import { asheTable14Source } from '../../../../src/ingest/sources/ons/ashe-table14/descriptor.js';
import { asheTable15Source } from '../../../../src/ingest/sources/ons/ashe-table15/descriptor.js';
import { socStructureSource } from '../../../../src/ingest/sources/ons/soc2020-structure/descriptor.js';
import { mirrorUpstream } from '../../../../src/ingest/upstream.js';
import { countPayRows } from '../../../../src/store/ashe-pay.js';
import { listEditions } from '../../../../src/store/editions.js';
import { buildTestApp, type TestApp } from '../../../helpers/app.js';
import { ASHE_TABLE14_ZIPS, asheRow, asheWorkbookName, asheZipEntries, expectedFigure } from '../../../helpers/ashe-workbooks.js';
import { FIXTURE_2134_ANNUAL_MEDIAN, asheTable15FixtureZip } from '../../../helpers/ashe-table15-fixture.js';
import { DIALECTS, openTestStore, type TestStore } from '../../../helpers/stores.js';
import { VOLUME2_FILE, makeMirror } from '../../../helpers/upstream.js';

const REVISED = 'ashe-table14/ashetable142024revised.zip';

/** The real 2024 zip with some workbooks changed or left out, re-zipped: how a broken or revised release is made. */
function altered2024(change: (entries: Record<string, Uint8Array>) => void): Uint8Array {
  const entries = { ...asheZipEntries(2024) };
  change(entries);
  return zipSync(entries, { level: 1 });
}

/** A real 2024 workbook with its sheets changed, written back as .xlsx. */
function alteredWorkbook(tableId: string, change: (book: XLSX.WorkBook, sheets: Record<string, unknown[][]>) => void): [string, Uint8Array] {
  const name = asheWorkbookName(2024, tableId);
  const { sheets, sheetNames } = readWorkbookSync(asheZipEntries(2024)[name]!);
  const book = XLSX.utils.book_new();
  for (const sheet of sheetNames) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheets[sheet]!), sheet);
  change(book, sheets);
  for (const sheet of Object.keys(sheets)) if (book.Sheets[sheet]) book.Sheets[sheet] = XLSX.utils.aoa_to_sheet(sheets[sheet]!);
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

const annual2134 = () => expectedFigure(asheRow(2024, '14.7a', 'All', '2134')[3]);

for (const dialect of DIALECTS) {
  describe(`ASHE releases: publish, quarantine, supersede, and Table 15 regions (${dialect})`, () => {
    let store: TestStore;
    let served: TestApp;
    let mirror: ReturnType<typeof makeMirror>;
    const get = (url: string) => served.app.inject({ url, headers: { 'x-api-key': served.key } });
    const ingest = async (): Promise<SourceResult> => {
      const [result] = await ingestSources({ store, upstream: mirrorUpstream(mirror.root), sources: [asheTable14Source] });
      served.services.currentEditions.invalidate();
      return result!;
    };
    let firstIngest: SourceResult[];
    before(async () => {
      store = await openTestStore(dialect);
      mirror = makeMirror();
      mirror.copy(VOLUME2_FILE);
      mirror.copy(ASHE_TABLE14_ZIPS[2024]!);
      mirror.write('ashe-table15/ashetable152024provisional.zip', asheTable15FixtureZip(2024));
      firstIngest = await ingestSources({ store, upstream: mirrorUpstream(mirror.root), sources: [socStructureSource, asheTable14Source, asheTable15Source] });
      served = await buildTestApp(store);
    });
    after(async () => {
      await served.app.close();
      await store.dispose();
    });

    it('publishes the real 2024 release: 11 measures x 9 sheets x 412 unit groups', async () => {
      const result = firstIngest.find((r) => r.sourceKey === 'ashe-table14')!;
      assert.equal(result.outcome, 'published', result.message ?? '');
      const [release] = result.releases;
      assert.equal(release!.label, 'ASHE Table 14, 2024 provisional');
      assert.equal(release!.rowsStored, 11 * 9 * 412);
      assert.deepEqual(release!.checks, []);
      const [edition] = await listEditions(store.db, 'ashe-table14');
      assert.equal(edition!.seriesKey, '2024');
      assert.equal(await countPayRows(store.db, edition!.id), 11 * 9 * 412);
    });

    it('serves regional pay from Table 15 in the publisher\'s layout, highest median first, withheld regions last', async () => {
      assert.equal(firstIngest.find((r) => r.sourceKey === 'ashe-table15')!.outcome, 'published');
      const res = await get('/v1/occupations/2134/pay/regions');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(body.year, 2024);
      assert.equal(body.provisional, true);
      assert.equal(body.unit, 'GBP per year');
      assert.equal(body.provenance.edition, 'ASHE Table 15, 2024 provisional');
      assert.match(body.coverage.referencePeriod, /regions by workplace/);
      assert.deepEqual(body.uk, { median: annual2134(), quality: body.uk.quality });
      const names = body.regions.map((r: { area: { name: string } }) => r.area.name);
      assert.equal(names.length, 11);
      assert.ok(!names.includes('Northern Ireland'));
      assert.deepEqual(names.slice(0, 3), ['London', 'South East', 'East of England']);
      assert.deepEqual(names.slice(-2).sort(), ['North East', 'Wales']);
      const london = body.regions[0];
      assert.deepEqual(london.area, { code: 'E12000007', slug: 'london', name: 'London' });
      assert.equal(london.median, FIXTURE_2134_ANNUAL_MEDIAN.London);
      assert.equal(london.quality, 'precise');
      assert.equal(london.relativeToUkPercent, Math.round(((58300 / annual2134()!) - 1) * 1000) / 10);
      const wales = body.regions.find((r: { area: { slug: string } }) => r.area.slug === 'wales');
      assert.deepEqual({ median: wales.median, quality: wales.quality, presentable: wales.presentable, relativeToUkPercent: wales.relativeToUkPercent }, { median: null, quality: 'unreliable', presentable: false, relativeToUkPercent: null });
      assert.equal(wales.area.code, 'W92000004');
      const scotland = body.regions.find((r: { area: { slug: string } }) => r.area.slug === 'scotland');
      assert.equal(scotland.quality, 'acceptable');
      assert.equal(scotland.area.code, 'S92000003');
    });

    it('serves one region through `area` on the pay and series endpoints', async () => {
      const pay = (await get('/v1/occupations/2134/pay?area=london')).json();
      assert.deepEqual(pay.area, { code: 'E12000007', slug: 'london', name: 'London' });
      assert.equal(pay.distribution.median, 58300);
      assert.equal(pay.distribution.p90, null);
      assert.equal(pay.provenance.edition, 'ASHE Table 15, 2024 provisional');
      const series = (await get('/v1/occupations/6135/pay/series?area=yorkshire-and-the-humber&measure=hourly_pay_gross')).json();
      assert.deepEqual(series.points.map((p: { year: number }) => p.year), [2024]);
      assert.equal(typeof series.points[0].median, 'number');
      const male = await get('/v1/occupations/2134/pay/regions?sex=male');
      assert.equal(male.statusCode, 404);
      assert.equal(male.json().type, '/problems/figure-not-found');
    });

    it('quarantines a zip missing a workbook, a sheet, or with an altered header row, and the previous edition keeps serving', async () => {
      const cases: [Uint8Array, RegExp][] = [
        [withoutWorkbook, /no workbook for Table 14\.11b/],
        [withoutSheet, /Table 14\.1b has no "Male Part-Time" sheet/],
        [withAlteredHeader, /Table 14\.1a, sheet "Female": row 5 is not the expected header/],
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
      const editions = await listEditions(store.db, 'ashe-table14');
      assert.equal(editions.filter((e) => e.status === 'quarantined').length, 3);
      assert.equal(editions.filter((e) => e.status === 'published').length, 1);
    });

    it('lets a revised release supersede the provisional one of its year only, which can still be pinned', async () => {
      const provisional = (await listEditions(store.db, 'ashe-table14')).find((e) => e.status === 'published')!;
      mirror.write(REVISED, revised);
      const result = await ingest();
      assert.equal(result.outcome, 'published');
      const editions = await listEditions(store.db, 'ashe-table14');
      assert.equal(editions.find((e) => e.id === provisional.id)!.status, 'superseded');
      const current = editions.filter((e) => e.status === 'published');
      assert.deepEqual(current.map((e) => [e.label, e.seriesKey]), [['ASHE Table 14, 2024 revised', '2024']]);

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
      assert.deepEqual(series.points.map((p: { year: number; provisional: boolean }) => [p.year, p.provisional]), [[2024, false]]);
    });
  });
}
