import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import { parseLocalAdverts } from '../../../../src/ingest/sources/ons/online-job-adverts-local/parse.js';
import { onlineJobAdvertsLocalSource } from '../../../../src/ingest/sources/ons/online-job-adverts-local/descriptor.js';
import { onlineJobAdvertsSource } from '../../../../src/ingest/sources/ons/online-job-adverts/descriptor.js';
import { parseRegionalAdverts } from '../../../../src/ingest/sources/ons/online-job-adverts/parse.js';
import {
  DISTRICTS,
  labourDemandWorkbook,
  MONTHS,
  NOTICES,
  published,
  QUARTERS,
  SOCS,
  SUPPRESSED_MONTH,
} from '../../../helpers/labour-demand-workbook.js';
import { LABOUR_DEMAND_DATASET, labourDemandRoutes } from '../../../helpers/publisher-double/routes-ons.js';
import { routeContext, routes } from '../../../helpers/publisher-double/routes.js';

/** The GSS codes of the built tables' areas, written out here rather than taken from the code under test. */
const AREA: Record<string, string> = {
  'Total UK': 'K02000001',
  'East Midlands': 'E12000004',
  London: 'E12000007',
  Wales: 'W92000004',
};

type Row = (string | number | boolean | null)[];
const sumPublished = (cells: (number | null)[]) =>
  cells.some((c) => c !== null) ? cells.reduce<number>((s, c) => s + (c ?? 0), 0) : null;

describe('online job adverts: the labour demand workbook read as it streams (built in the evidenced layout)', () => {
  for (const sharedStrings of [true, false]) {
    const built = labourDemandWorkbook({ sharedStrings });
    const how = sharedStrings ? 'shared strings' : 'inline strings';

    it(`monthly: a series per area and unit group from Table 3's cells, Unknown left out, [x]/[X] null (${how})`, () => {
      const table = parseRegionalAdverts(built.bytes);
      assert.equal(table.periods.length, MONTHS.length);
      assert.deepEqual([table.periods[0], table.periods.at(-1)], ['2017-01', '2026-07']);
      const expected = built.table3
        .slice(1)
        .filter((row) => row[1] !== 'Unknown')
        .map((row) => ({
          areaCode: AREA[row[0] as string]!,
          soc2020: String(row[1]),
          adverts: row.slice(3).map(published),
        }));
      assert.deepEqual(table.series, expected);
      const march = MONTHS.indexOf(SUPPRESSED_MONTH);
      assert.ok(
        table.series.every((s) => s.adverts[march] === null),
        'the whole suppressed month is null',
      );
      assert.ok(built.table3.some((row) => row.includes('[X]')) && built.table3.some((row) => row.includes('[x]')));
      assert.deepEqual(table.notices, NOTICES, "the cover sheet's and the notes sheet's notices");
    });

    it(`local: the latest twelve quarters per district (London one area), with sums the test recomputes (${how})`, () => {
      const table = parseLocalAdverts(built.bytes);
      const last12 = QUARTERS.slice(-12);
      assert.deepEqual(
        table.periods,
        last12.map((q) => q.replace('Q', ' Q')),
      );
      const byKey = new Map(table.series.map((s) => [`${s.areaCode} ${s.soc2020 ?? 'all'}`, s.adverts]));
      const rows = built.table5.slice(1);
      const code = (row: Row) => (row[5] === null ? 'E12000007' : (row[5] as string));
      const figures = (row: Row) => row.slice(-12).map(published);
      for (const row of rows.filter((r) => r[3] !== 'Unknown'))
        assert.deepEqual(byKey.get(`${code(row)} ${row[3]}`), figures(row), `${row[2]} ${row[3]}`);
      assert.ok(!table.series.some((s) => s.soc2020 === 'Unknown' || s.soc2020 === 'unknown'));
      const sum = (pick: (row: Row) => boolean) =>
        last12.map((_, i) => sumPublished(rows.filter(pick).map((row) => figures(row)[i]!)));
      // A district's every advert: its rows, Unknown included.
      for (const [, , district, gss] of DISTRICTS) {
        const areaCode = gss === '' ? 'E12000007' : gss;
        assert.deepEqual(
          byKey.get(`${areaCode} all`),
          sum((row) => row[2] === district),
        );
      }
      // The UK and a region: the sums of their districts, by occupation and all together.
      assert.deepEqual(
        byKey.get('K02000001 all'),
        sum(() => true),
      );
      assert.deepEqual(
        byKey.get('K02000001 2134'),
        sum((row) => row[3] === 2134),
      );
      assert.deepEqual(
        byKey.get('E12000004 6135'),
        sum((row) => row[0] === 'East Midlands' && row[3] === 6135),
      );
      assert.deepEqual(
        byKey.get('W92000004 all'),
        sum((row) => row[0] === 'Wales'),
      );
      assert.equal(
        table.series.filter((s) => s.areaCode === 'E12000007').length,
        SOCS.length + 1,
        'London once: its rows are its region',
      );
      assert.deepEqual(table.notices, NOTICES);
    });
  }

  it('refuses the layout before July 2025 (2-digit SOC tables), naming the first label that did not match', () => {
    const older = labourDemandWorkbook({ layout: 'before-july-2025' }).bytes;
    assert.throws(
      () => parseRegionalAdverts(older),
      /no sheet with the header of the new adverts by region and 4-digit SOC, monthly .*sheet "Table 8" row 5, has "SOC 2 digit code" in B5 where "SOC 4 digit code" belongs/,
    );
    assert.throws(
      () => parseLocalAdverts(older),
      /sheet "Table 12" row 5, has "SOC 2 digit code" in D5 where "SOC 4 digit code" belongs/,
    );
  });

  it('finds the table whatever its sheet is called, and refuses a cell that is neither a count nor [x]', () => {
    const built = labourDemandWorkbook();
    const book = XLSX.read(built.bytes, { type: 'buffer' });
    // Renumbered: the monthly table in a sheet called "Table 9".
    const renamed = XLSX.utils.book_new();
    for (const name of book.SheetNames)
      XLSX.utils.book_append_sheet(renamed, book.Sheets[name]!, name === 'Table 3' ? 'Table 9' : name);
    const write = (b: XLSX.WorkBook) => new Uint8Array(XLSX.write(b, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    assert.equal(parseRegionalAdverts(write(renamed)).series.length, 4 * SOCS.length);
    book.Sheets['Table 3']!.D7 = { t: 's', v: 'n/a' };
    assert.throws(
      () => parseRegionalAdverts(write(book)),
      /sheet "Table 3" D7: "n\/a" is neither a count of adverts nor the suppression marker \[x\]/,
    );
    const header = labourDemandWorkbook();
    const broken = XLSX.read(header.bytes, { type: 'buffer' });
    broken.Sheets['Table 3']!.E5 = { t: 's', v: 'January 2017' };
    assert.throws(() => parseRegionalAdverts(write(broken)), /E5: "January 2017" is not a month \(Mon-YY\)/);
  });
});

describe('online job adverts at ONS: dataset landing -> newest edition -> labourdemandbyoccupation.xlsx', () => {
  const editions = [
    { slug: 'january2017tojuly2026', name: 'January 2017 to July 2026', releaseDate: '2026-08-21T06:00:00.000Z' },
    { slug: 'january2017tojune2026', name: 'January 2017 to June 2026', releaseDate: '2026-07-17T06:00:00.000Z' },
  ];

  for (const source of [onlineJobAdvertsSource, onlineJobAdvertsLocalSource])
    it(`${source.key}: reads the newest edition's workbook (page order is not date order)`, async () => {
      const context = routeContext(source.key, routes(labourDemandRoutes([editions[1]!, editions[0]!])));
      const { releases } = await source.discover!(context);
      assert.equal(releases.length, 1);
      const [release] = releases;
      assert.equal(
        release!.location.url,
        `https://www.ons.gov.uk/file?uri=${LABOUR_DEMAND_DATASET}/january2017tojuly2026/labourdemandbyoccupation.xlsx`,
      );
      assert.equal(
        release!.label,
        'Labour demand volumes by Standard Occupation Classification (SOC 2020), UK: January 2017 to July 2026 (21 August 2026)',
      );
      assert.equal(release!.pageUrl, `https://www.ons.gov.uk${LABOUR_DEMAND_DATASET}/january2017tojuly2026`);
      assert.ok(
        context.log.every((url) => !url.includes('/file?')),
        'discovery downloads no data file',
      );
    });
});
