import * as XLSX from '@e965/xlsx';
import { zipSync } from 'fflate';
import type { Cell } from '../../src/ingest/formats/workbook.js';
import { SEX_PATTERN_SHEETS, jobsPhrase } from '../../src/ingest/sources/ons/ashe-layout.js';

/**
 * An ASHE Table 15 release built in the layout the evidence shows of ONS's real 2025 zip
 * (`_publishers/LAYOUTS.md` Part 1 §4; no real file is in the mirror):
 * - the zip's paths `ashetable15<year>provisional/ASHE Table 15 (4) <year> Provisional/PROV - Work
 *   Region Occupation SOC20 (4) Table 15 (4).7a   Annual pay - Gross <year>.xlsx` (three spaces
 *   before the title; `… CV.xlsx` for the `b` workbooks), beside the two-digit variant's folder;
 * - in each workbook Table 14's nine sheets by sex and work pattern (and a notes sheet), A1 naming
 *   the year and the jobs covered, the header in row 5 (`Description`, `Code` in B5, `Median` in D5);
 * - from row 6 only unit-group rows, described "Region, Occupation", region by region in ONS's order
 *   (East Midlands' 412 start at row 6 + 3 x 412), with no region totals, no higher levels and no
 *   Northern Ireland;
 * - the markers real cells show: a blank median with a blank CV, a median with the CV `.`, a median
 *   `x` with a CV of 21.5 (East Midlands, full-time, annual pay: 1112, 1123 and 1134; those three
 *   cells are the real ones). Other figures are the fixture's own.
 * How A1 words the table's name is not recorded: the fixture writes it as Table 14's titles do.
 */
const REGIONS = [
  'North East',
  'North West',
  'Yorkshire and The Humber',
  'East Midlands',
  'West Midlands',
  'East',
  'London',
  'South East',
  'South West',
  'Wales',
  'Scotland',
];

const TITLES = [
  'Weekly pay - Gross (£)',
  'Weekly pay - Excluding overtime (£)',
  'Basic Pay - Including other pay (£)',
  'Overtime pay (£)',
  'Hourly pay - Gross (£)',
  'Hourly pay - Excluding overtime (£)',
  'Annual pay - Gross (£)',
  'Annual pay - Incentive (£)',
  'Paid hours worked - Total',
  'Paid hours worked - Basic',
  'Paid hours worked - Overtime',
];

/** The fixture's gross annual median of 2134 in each region, "All" sheet (`x` and `..` are withheld). */
export const FIXTURE_2134_ANNUAL_MEDIAN: Record<string, Cell> = {
  'North East': '..',
  'North West': 44100,
  'Yorkshire and The Humber': 41800,
  'East Midlands': 42500,
  'West Midlands': 43900,
  East: 45200,
  London: 58300,
  'South East': 50100,
  'South West': 43000,
  Wales: 'x',
  Scotland: 44700,
};
/** CV of that median: Wales's is over 20% (hence `x`), Scotland's 12 (acceptable), the North East's not given. */
const FIXTURE_2134_ANNUAL_CV: Record<string, Cell> = {
  'North East': '.',
  'North West': 4.1,
  'Yorkshire and The Humber': 6.2,
  'East Midlands': 5.5,
  'West Midlands': 4.9,
  East: 4.4,
  London: 2.3,
  'South East': 3.1,
  'South West': 7.7,
  Wales: 26,
  Scotland: 12,
};

/**
 * Real cells of the 2025 provisional Table 15 (4).7a/7b, sheet "Full-Time", East Midlands
 * (LAYOUTS.md Part 1 §4): [median, CV of the median]; null is a blank cell.
 */
export const REAL_EAST_MIDLANDS_FULL_TIME: Record<string, [Cell, Cell]> = {
  '1112': [null, null],
  '1123': [50015, '.'],
  '1134': ['x', 21.5],
};

/** Titles of the unit groups the fixture has by default; 6135's has commas (the region is never split off at the first comma). */
export const FIXTURE_OCCUPATIONS: Record<string, string> = {
  '1112': 'Elected officers and representatives',
  '1123': 'Production managers and directors in mining and energy',
  '1134': 'Purchasing managers and directors',
  '2134': 'Programmers and software development professionals',
  '6135': 'Care workers and home carers, including domiciliary, residential',
};

function estimateRow(table: number, sheet: number, region: string, soc: string, title: string): Cell[] {
  const fullTime = SEX_PATTERN_SHEETS[sheet]!.sheet === 'Full-Time';
  const real = table === 7 && fullTime && region === 'East Midlands' ? REAL_EAST_MIDLANDS_FULL_TIME[soc] : undefined;
  if (real && real[0] === null) return [`${region}, ${title}`, soc, null, null, null, null, null];
  const sheetFactor = 1 + sheet / 100;
  const scale = (table * 100 + Number(soc) / 10 + region.length) * (table === 7 ? 60 : 1);
  const given =
    real?.[0] ?? (table === 7 && soc === '2134' ? FIXTURE_2134_ANNUAL_MEDIAN[region]! : Math.round(scale * 100) / 100);
  const median = typeof given === 'number' && !real ? Math.round(given * sheetFactor * 100) / 100 : given;
  const figure = (factor: number) => (typeof median === 'number' ? Math.round(median * factor * 100) / 100 : 'x');
  return [
    `${region}, ${title}`,
    soc,
    21,
    median,
    typeof median === 'number' ? 3.4 : null,
    figure(1.1),
    null,
    figure(0.6),
    figure(0.7),
    figure(0.75),
    figure(0.8),
    figure(0.9),
    figure(1.1),
    figure(1.2),
    figure(1.25),
    figure(1.3),
    region === 'London' ? 'x' : figure(1.5),
  ];
}

function cvRow(table: number, sheet: number, region: string, soc: string, title: string): Cell[] {
  const fullTime = SEX_PATTERN_SHEETS[sheet]!.sheet === 'Full-Time';
  const real = table === 7 && fullTime && region === 'East Midlands' ? REAL_EAST_MIDLANDS_FULL_TIME[soc] : undefined;
  if (real && real[1] === null) return [`${region}, ${title}`, soc, null, null, null, null, null];
  const cv = real?.[1] ?? (table === 7 && soc === '2134' ? FIXTURE_2134_ANNUAL_CV[region]! : 8);
  return [`${region}, ${title}`, soc, 5, cv, '.', 9, '.', 10, 9, 9, 8, 8, 8, 9, 9, 10, 14];
}

function sheetRows(
  table: number,
  kind: 'a' | 'b',
  sheet: number,
  year: number,
  occupations: Record<string, string>,
): Cell[][] {
  const { sex, pattern } = SEX_PATTERN_SHEETS[sheet]!;
  const title = `Table 15 (4).${table}${kind}   ${kind === 'b' ? 'Coefficients of variation for ' : ''}${TITLES[table - 1]} - For ${jobsPhrase({ sex, pattern })} employee jobsa: by region of work, ${year}`;
  const rows = REGIONS.flatMap((region) =>
    Object.entries(occupations).map(([soc, name]) =>
      kind === 'a' ? estimateRow(table, sheet, region, soc, name) : cvRow(table, sheet, region, soc, name),
    ),
  );
  return [
    [title],
    [],
    [null, null, 'Number', null, 'Annual', null, 'Annual'],
    [null, null, 'of jobsb', null, 'percentage', null, 'percentage', 'Percentiles'],
    ['Description', 'Code', '(thousand)', 'Median', 'change', 'Mean', 'change', 10, 20, 25, 30, 40, 60, 70, 75, 80, 90],
    ...rows,
    [],
    ['a  Employees on adult rates whose pay for the survey pay-period was not affected by absence.'],
    ['Source: Annual Survey of Hours and Earnings, Office for National Statistics.'],
  ];
}

/** The release zip; `occupations` (code: title) are the unit groups of every region, default a handful. */
export function asheTable15FixtureZip(
  year = 2024,
  occupations: Record<string, string> = FIXTURE_OCCUPATIONS,
): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const workbook = (sheets: [string, Cell[][]][]) => {
    const book = XLSX.utils.book_new();
    for (const [name, rows] of sheets) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
    return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  };
  const root = `ashetable15${year}provisional`;
  for (let table = 1; table <= 11; table++) {
    for (const kind of ['a', 'b'] as const) {
      const sheets: [string, Cell[][]][] = [[kind === 'a' ? 'Notes' : 'CV notes', [['Notes']]]];
      SEX_PATTERN_SHEETS.forEach((s, i) => sheets.push([s.sheet, sheetRows(table, kind, i, year, occupations)]));
      const name = `PROV - Work Region Occupation SOC20 (4) Table 15 (4).${table}${kind}   ${TITLES[table - 1]!.replace(' (£)', '')} ${year}${kind === 'b' ? ' CV' : ''}.xlsx`;
      files[`${root}/ASHE Table 15 (4) ${year} Provisional/${name}`] = workbook(sheets);
    }
  }
  // The two-digit variant beside it: not read.
  files[
    `${root}/ASHE Table 15 (2) ${year} Provisional/PROV - Work Region Occupation SOC20 (2) Table 15 (2).7a   Annual pay - Gross ${year}.xlsx`
  ] = workbook([['Notes', [['Notes']]]]);
  return zipSync(files);
}
