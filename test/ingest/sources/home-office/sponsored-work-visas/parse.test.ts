import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readWorkbookSync, type Workbook } from '../../../../../src/ingest/formats/workbook.js';
import {
  checkVisaRelease,
  summariseVisaRelease,
} from '../../../../../src/ingest/sources/home-office/sponsored-work-visas/checks.js';
import {
  NOTES_SHEET,
  parseVisaWorkbook,
  modelledQuartersOf,
  provisionalQuarterOf,
  VISA_SHEETS,
} from '../../../../../src/ingest/sources/home-office/sponsored-work-visas/parse.js';
import {
  ADMIN_SPELLINGS,
  BUILT_QUARTERS,
  MINOR_GROUP_ONLY,
  PROVISIONAL_FROM,
  sheetRecords,
  visaWorkbook,
} from '../../../../helpers/visa-workbooks.js';

const SHEETS = [NOTES_SHEET, ...VISA_SHEETS.map((s) => s.sheet)];
const built = visaWorkbook();
const read = (bytes: Uint8Array): Workbook => readWorkbookSync(bytes, { sheets: SHEETS });
const applicationRecords = sheetRecords(built, 'Data_Occ_D01');
const grantRecords = sheetRecords(built, 'Data_Occ_D02');

/** The sum of a sheet's count over its records that pass `keep`, from the built file's cells. */
const sum = (
  records: Record<string, string | number>[],
  count: string,
  keep: (r: Record<string, string | number>) => boolean,
) => records.filter(keep).reduce((total, r) => total + Number(r[count]), 0);
const unitIs = (code: string) => (r: Record<string, string | number>) =>
  String(r['Occ. unit group']).startsWith(`${code} - `);

describe('home-office-work-visas: the SOC 2020 occupation visas workbook (built in the evidenced layout)', () => {
  const { release, sheets } = parseVisaWorkbook(read(built));

  it('sums applications and grants per unit group and quarter from the two sheets', () => {
    assert.deepEqual(
      release.quarters,
      BUILT_QUARTERS.map((quarter) => ({
        quarter,
        provisional: quarter >= PROVISIONAL_FROM,
        modelled: quarter <= '2024 Q3',
      })),
    );
    for (const figure of release.figures.filter((f) => f.soc2020 !== '*')) {
      const inQuarter = (r: Record<string, string | number>) =>
        r.Quarter === figure.quarter && unitIs(figure.soc2020)(r);
      assert.equal(
        figure.applications,
        sum(applicationRecords, 'Applications', inQuarter),
        `${figure.soc2020} ${figure.quarter}`,
      );
      assert.equal(figure.grants, sum(grantRecords, 'Grants', inQuarter), `${figure.soc2020} ${figure.quarter}`);
    }
    assert.deepEqual([...new Set(release.figures.map((f) => f.soc2020))].sort(), ['*', '2134', '2231', '6135', '9111']);
    assert.deepEqual(
      sheets.map((s) => s.rows),
      [applicationRecords.length, grantRecords.length],
    );
  });

  it('never shares a minor-group-only quarter out over unit groups: its visas stay withheld', () => {
    assert.ok(!release.figures.some((f) => f.quarter === MINOR_GROUP_ONLY && f.soc2020 !== '*'));
    const withheld = release.figures.filter((f) => f.soc2020 === '*');
    for (const quarter of BUILT_QUARTERS) {
      const keep = (r: Record<string, string | number>) => r.Quarter === quarter && r['Occ. unit group'] === '*';
      const grants = sum(grantRecords, 'Grants', keep);
      assert.equal(withheld.find((f) => f.quarter === quarter)?.grants ?? 0, grants, quarter);
    }
    assert.ok(
      withheld.some((f) => f.quarter === '2025 Q2' && f.grants > 0),
      'a withheld unit group after 2024 Q4',
    );
    assert.ok(!release.breakdowns.some((b) => b.soc2020 === '*'), 'no breakdown of visas that are no occupation’s');
  });

  it('counts grants by route, nationality (withheld ones as `*`) and industry, the two spellings of one section as one', () => {
    const of = (kind: string, name: string) =>
      release.breakdowns.filter((b) => b.kind === kind && b.name === name).reduce((t, b) => t + b.grants, 0);
    const fromCells = (column: string, names: readonly string[]) =>
      sum(grantRecords, 'Grants', (r) => r['Occ. unit group'] !== '*' && names.includes(String(r[column])));
    assert.equal(of('industry', ADMIN_SPELLINGS[0]), fromCells('Industry', ADMIN_SPELLINGS));
    assert.ok(fromCells('Industry', [ADMIN_SPELLINGS[1]]) > 0, 'the file uses the second spelling');
    assert.equal(of('industry', ADMIN_SPELLINGS[1]), 0);
    assert.equal(of('nationality', '*'), fromCells('Nationality', ['*']));
    assert.equal(of('route', 'Health and Care Worker'), fromCells('Visa type subgroup', ['Health and Care Worker']));
    const total = release.figures.filter((f) => f.soc2020 !== '*').reduce((t, f) => t + f.grants, 0);
    for (const kind of ['route', 'nationality', 'industry'])
      assert.equal(
        release.breakdowns.filter((b) => b.kind === kind).reduce((t, b) => t + b.grants, 0),
        total,
        `${kind}: every grant of a unit group once`,
      );
    assert.deepEqual(checkVisaRelease({ release, sheets }), []);
  });

  it('refuses a SOC 2010 edition, naming the first label that does not match', () => {
    assert.throws(
      () => parseVisaWorkbook(read(visaWorkbook('soc2010'))),
      /sheet "Data_Occ_D01", row 2: column G is labelled "Occupation", which the SOC 2020 layout does not have/,
    );
  });

  it('refuses what it does not recognise: a sheet, header, count or code', () => {
    const altered = (change: (workbook: Workbook) => void) => {
      const workbook = read(built);
      change(workbook);
      return () => parseVisaWorkbook(workbook);
    };
    assert.throws(
      altered((w) => delete w.sheets.Data_Occ_D02),
      /the workbook has no "Data_Occ_D02" sheet/,
    );
    assert.throws(
      altered((w) => (w.sheets.Data_Occ_D01![3]![0] = 'Calendar year')),
      /sheet "Data_Occ_D01" has no header row \(one whose first cell is "Year"\)/,
    );
    assert.throws(
      altered((w) => w.sheets.Data_Occ_D02![3]!.splice(3, 1)),
      /sheet "Data_Occ_D02", row 4: no column is labelled "Region"/,
    );
    assert.throws(
      altered((w) => (w.sheets.Data_Occ_D02![4]![11] = '*')),
      /sheet "Data_Occ_D02", row 5: the grants "\*" is not a whole number/,
    );
    assert.throws(
      altered((w) => (w.sheets.Data_Occ_D01![20]![10] = '2134 - Programmers and software development professionals')),
      /row 21: the unit group "2134 - Programmers and software development professionals" is not in its row's minor group/,
    );
    assert.throws(
      altered((w) => (w.sheets.Data_Occ_D01![20]![1] = '2025 Q3 (provisional)')),
      /row 21: the quarter "2025 Q3 \(provisional\)" is not of the form YYYY Qn/,
    );
  });
});

describe('home-office-work-visas: the Notes sheet (built in the accessible-spreadsheet layout)', () => {
  it('marks provisional the quarters from the one a note names onwards, and no others', () => {
    const { release } = parseVisaWorkbook(read(built));
    assert.deepEqual(
      release.quarters.filter((q) => q.provisional).map((q) => q.quarter),
      BUILT_QUARTERS.filter((q) => q >= PROVISIONAL_FROM),
    );
    assert.equal(provisionalQuarterOf(['2026 Q1 onwards are provisional.']), '2026 Q1');
    assert.equal(provisionalQuarterOf(['Unit groups are shown from 2024 Q4.']), null);
    assert.deepEqual(modelledQuartersOf(['Q1 2021 to Q3 2024 are modelled estimates.']), {
      from: '2021 Q1',
      to: '2024 Q3',
    });
  });

  it('refuses a Notes sheet without its table, and a note on provisional figures it cannot place', () => {
    const notes = (rows: (string | null)[][]) => {
      const workbook = read(built);
      workbook.sheets[NOTES_SHEET] = rows;
      return () => parseVisaWorkbook(workbook);
    };
    assert.throws(
      notes([['Notes'], ['Note 1', 'Q2 2025 onwards is provisional.']]),
      /sheet "Notes" has no header row \(one whose first cell is "Note number"\)/,
    );
    assert.throws(
      notes([
        ['Note number', 'Description'],
        ['Note 1', 'Q2 2025 onwards is provisional.'],
      ]),
      /sheet "Notes", row 1: no column is labelled "Note text"/,
    );
    assert.throws(
      notes([
        ['Note number', 'Note text'],
        ['Note 2', 'Figures for the latest quarter are provisional.'],
      ]),
      /a note speaks of provisional figures without naming the quarter/,
    );
    const workbook = read(built);
    delete workbook.sheets[NOTES_SHEET];
    assert.throws(() => parseVisaWorkbook(workbook), /the workbook has no "Notes" sheet/);
  });
});

describe('home-office-work-visas checks', () => {
  const parsed = parseVisaWorkbook(read(built));
  const rules = (checks: { rule: string; status: string; observed: string | null }[]) =>
    checks.map((c) => `${c.status}: ${c.rule} (${c.observed})`);

  it('holds back sheets of different quarters, a missing quarter, a release short of 2024 Q4 or with no unit group since', () => {
    const [applications, grants] = parsed.sheets;
    const shorter = { ...grants!, quarters: grants!.quarters.slice(0, -1) };
    assert.deepEqual(rules(checkVisaRelease({ ...parsed, sheets: [applications!, shorter] })), [
      'fail: the applications and grants sheets cover the same quarters (Data_Occ_D01: 2024 Q3 to 2025 Q3 (5); Data_Occ_D02: 2024 Q3 to 2025 Q2 (4))',
    ]);
    const gap = { ...parsed.release, quarters: parsed.release.quarters.filter((q) => q.quarter !== '2025 Q1') };
    assert.deepEqual(rules(checkVisaRelease({ ...parsed, release: gap })), [
      'fail: every quarter from the first to the latest is published (missing: 2025 Q1)',
    ]);
    const early = { ...parsed.release, quarters: parsed.release.quarters.slice(0, 1) };
    assert.deepEqual(rules(checkVisaRelease({ ...parsed, release: early })), [
      'fail: the release reaches 2024 Q4, the first quarter the responses list (latest: 2024 Q3)',
    ]);
    const minorOnly = { ...parsed.release, figures: parsed.release.figures.filter((f) => f.soc2020 === '*') };
    assert.deepEqual(rules(checkVisaRelease({ ...parsed, release: minorOnly })), [
      'fail: some quarter from 2024 Q4 lists unit groups (every row since then has the unit group withheld)',
    ]);
  });

  it('summarises the unit groups granted a visa in the latest four quarters and their grants, from the cells', () => {
    const latest = BUILT_QUARTERS.slice(-4) as readonly string[];
    const counted = grantRecords.filter((r) => latest.includes(String(r.Quarter)) && r['Occ. unit group'] !== '*');
    assert.deepEqual(summariseVisaRelease(parsed), {
      counts: {
        'unit groups granted a visa in the latest four quarters': new Set(
          counted.map((r) => String(r['Occ. unit group']).slice(0, 4)),
        ).size,
      },
      levels: {
        'grants to unit groups in the latest four quarters': counted.reduce((t, r) => t + Number(r.Grants), 0),
      },
    });
  });
});
