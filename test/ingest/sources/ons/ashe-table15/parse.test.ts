import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InflateLimitError, unzipBounded } from '../../../../../src/ingest/formats/inflate.js';
import type { Cell, Workbook } from '../../../../../src/ingest/formats/workbook.js';
import { readWorkbook } from '../../../../../src/ingest/formats/workbook-worker.js';
import { readLimits, useReadLimits } from '../../../../../src/ingest/read-limits.js';
import { unzipAsheWorkbooks } from '../../../../../src/ingest/sources/ons/ashe-layout.js';
import { DATA_SHEETS, table15Rows } from '../../../../../src/ingest/sources/ons/ashe-table15/parse.js';
import {
  FIXTURE_2134_ANNUAL_MEDIAN,
  FIXTURE_OCCUPATIONS,
  REAL_EAST_MIDLANDS_FULL_TIME,
  asheTable15FixtureZip,
} from '../../../../helpers/ashe-table15-fixture.js';

describe('ASHE Table 15 in the layout the evidence shows of the real 2025 zip (the test builds the file)', () => {
  const zip = asheTable15FixtureZip(2024);
  const { workbook, stated } = unzipAsheWorkbooks(zip, 15, true);
  const read = async (id: string) => readWorkbook(workbook(id), { sheets: DATA_SHEETS });
  const units = Object.keys(FIXTURE_OCCUPATIONS).length;

  it('reads the four-digit workbooks "Table 15 (4).Na/b" from their folder, not the two-digit variant beside them', () => {
    assert.equal(stated.length, 22);
    assert.ok(stated.every((s) => s.period === '2024'));
    assert.ok(stated.every((s) => s.where.includes('Table 15 (4).')));
  });

  it('inflates the workbooks one at a time, each within the limit, where all at once would not fit', () => {
    const sizes = [...unzipBounded(zip, (name) => name.includes('(4).'), 'zip').values()].map((b) => b.length);
    const largest = Math.max(...sizes);
    useReadLimits(readLimits({ maxInflatedBytes: largest + 1 }));
    try {
      assert.throws(() => unzipBounded(zip, (name) => name.includes('(4).'), 'zip'), InflateLimitError);
      const again = unzipAsheWorkbooks(zip, 15, true);
      for (let table = 1; table <= 11; table++)
        for (const kind of ['a', 'b']) assert.ok(again.workbook(`15.${table}${kind}`).length <= largest);
    } finally {
      useReadLimits(readLimits());
    }
  });

  it('finds each row\'s region from its "Region, Occupation" description by the known names, in all nine sheets', async () => {
    const rows = table15Rows('annual_pay_gross', await read('15.7a'), await read('15.7b'));
    assert.equal(rows.length, 9 * 11 * units, 'nine sheets x 11 regions x the unit groups');
    const all = rows.filter((r) => r.sex === 'all' && r.pattern === 'all' && r.soc === '2134');
    assert.equal(all.find((r) => r.area === 'london')!.median, FIXTURE_2134_ANNUAL_MEDIAN.London);
    assert.equal(all.find((r) => r.area === 'east-of-england')!.median, FIXTURE_2134_ANNUAL_MEDIAN.East);
    assert.equal(all.find((r) => r.area === 'wales')!.medianCv, 26);
    assert.ok(!rows.some((r) => r.area.includes('northern')), 'Northern Ireland is absent');
    const care = rows.filter((r) => r.soc === '6135' && r.area === 'east-midlands');
    assert.equal(care.length, 9, 'an occupation title with commas keeps its region');
    // "East" is a region, and the start of "East Midlands": each row keeps its own.
    assert.equal(rows.filter((r) => r.area === 'east-of-england').length, 9 * units);
    assert.equal(rows.filter((r) => r.area === 'east-midlands').length, 9 * units);
  });

  it('reads the markers real cells show: blank median and CV, a median with CV ".", a median "x" with a CV', async () => {
    const rows = table15Rows('annual_pay_gross', await read('15.7a'), await read('15.7b'));
    const cell = (soc: string) =>
      rows.find((r) => r.area === 'east-midlands' && r.sex === 'all' && r.pattern === 'fulltime' && r.soc === soc)!;
    const [blank, noCv, withheld] = ['1112', '1123', '1134'].map(cell);
    assert.deepEqual([blank!.median, blank!.medianCv, blank!.medianMarker], [null, null, '']);
    assert.deepEqual(
      [noCv!.median, noCv!.medianCv, noCv!.medianMarker],
      [REAL_EAST_MIDLANDS_FULL_TIME['1123']![0], null, null],
    );
    assert.deepEqual(
      [withheld!.median, withheld!.medianCv, withheld!.medianMarker],
      [null, REAL_EAST_MIDLANDS_FULL_TIME['1134']![1], 'x'],
    );
  });

  it('finds the header row by its labels wherever it sits in the first rows', async () => {
    const shift = (book: Workbook): Workbook => ({
      ...book,
      sheets: Object.fromEntries(
        Object.entries(book.sheets).map(([name, rows]) => [name, [rows[0]!, ['Back to contents'], ...rows.slice(1)]]),
      ),
    });
    const rows = table15Rows('annual_pay_gross', shift(await read('15.7a')), shift(await read('15.7b')));
    assert.equal(rows.length, 9 * 11 * units);
  });

  it('refuses a row whose area it does not know, a missing region, a missing sheet and a header it does not know', async () => {
    const estimates = await read('15.7a');
    const cvs = await read('15.7b');
    const edited = (book: Workbook, change: (rows: Cell[][]) => Cell[][]): Workbook => ({
      ...book,
      sheets: { ...book.sheets, Male: change(book.sheets.Male!.map((r) => [...r])) },
    });
    const renamed = edited(estimates, (rows) =>
      rows.map((r) => (typeof r[0] === 'string' ? [r[0].replace(/^Scotland,/, 'Mercia,'), ...r.slice(1)] : r)),
    );
    assert.throws(
      () => table15Rows('annual_pay_gross', renamed, cvs),
      /Table 15\.7a, sheet "Male": the row "Mercia, Elected officers/,
    );
    const noLondon = (book: Workbook) =>
      edited(book, (rows) => rows.filter((r) => !(typeof r[0] === 'string' && r[0].startsWith('London,'))));
    assert.throws(
      () => table15Rows('annual_pay_gross', noLondon(estimates), noLondon(cvs)),
      /Table 15\.7a, sheet "Male": no rows for london/,
    );
    const { Male: _dropped, ...others } = estimates.sheets;
    assert.throws(
      () => table15Rows('annual_pay_gross', { ...estimates, sheets: others }, cvs),
      /Table 15\.7a has no "Male" sheet/,
    );
    const relabelled = edited(estimates, (rows) =>
      rows.map((r) => (r[3] === 'Median' ? [...r.slice(0, 3), 'Middle', ...r.slice(4)] : r)),
    );
    assert.throws(
      () => table15Rows('annual_pay_gross', relabelled, cvs),
      /row 5 is not the expected header.*found .*Middle/,
    );
    const noHeader = edited(estimates, (rows) =>
      rows.map((r) => (r[0] === 'Description' ? ['Area', ...r.slice(1)] : r)),
    );
    assert.throws(
      () => table15Rows('annual_pay_gross', noHeader, cvs),
      /no header row \(a row starting "Description", "Code"\)/,
    );
  });
});
