import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Cell, Workbook } from '../../../../../src/ingest/formats/workbook.js';
import { readWorkbook } from '../../../../../src/ingest/formats/workbook-worker.js';
import { unzipAsheWorkbooks } from '../../../../../src/ingest/sources/ons/ashe-layout.js';
import { DATA_SHEETS, table15Rows } from '../../../../../src/ingest/sources/ons/ashe-table15/parse.js';
import { FIXTURE_2134_ANNUAL_MEDIAN, asheTable15FixtureZip } from '../../../../helpers/ashe-table15-fixture.js';

describe("ASHE Table 15 in the layout third-party code reads (no real release is recorded; the test's own zip)", () => {
  const zip = asheTable15FixtureZip(2024);
  const { workbooks, stated } = unzipAsheWorkbooks(zip, 15);
  const read = async (id: string) => readWorkbook(workbooks.get(id)!, { sheets: DATA_SHEETS });

  it('reads the four-digit workbooks "Table 15 (4).Na/b", not the two-digit variant beside them', () => {
    assert.equal(workbooks.size, 22);
    assert.ok(stated.every((s) => s.period === '2024'));
    assert.ok(stated.every((s) => s.where.includes('Table 15 (4).')));
  });

  it('finds each row\'s region from its "Region, occupation" description, in all nine sheets', async () => {
    const rows = table15Rows('annual_pay_gross', await read('15.7a'), await read('15.7b'));
    assert.equal(rows.length, 9 * 11 * 2, 'nine sheets x 11 regions served x 2 unit groups');
    const all = rows.filter((r) => r.sex === 'all' && r.pattern === 'all' && r.soc === '2134');
    assert.equal(all.find((r) => r.area === 'london')!.median, FIXTURE_2134_ANNUAL_MEDIAN.London);
    assert.equal(all.find((r) => r.area === 'east-of-england')!.median, FIXTURE_2134_ANNUAL_MEDIAN.East);
    assert.equal(all.find((r) => r.area === 'wales')!.medianCv, 26);
    assert.ok(!rows.some((r) => r.area.includes('northern')), 'Northern Ireland is not served');
    const care = rows.filter((r) => r.soc === '6135' && r.area === 'east-midlands');
    assert.equal(care.length, 9, 'an occupation title with commas keeps its region');
    const femalePt = rows.find(
      (r) => r.sex === 'female' && r.pattern === 'parttime' && r.soc === '2134' && r.area === 'london',
    );
    assert.ok(femalePt);
  });

  it('refuses a row whose area it does not know, a missing region, and a missing sheet', async () => {
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
      /Table 15\.7a, sheet "Male": the row "Mercia, Programmers/,
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
  });
});
