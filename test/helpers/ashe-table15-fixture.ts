import * as XLSX from '@e965/xlsx';
import { zipSync } from 'fflate';
import type { Cell } from '../../src/ingest/formats/workbook.js';
import { SEX_PATTERN_SHEETS, jobsPhrase } from '../../src/ingest/sources/ons/ashe-layout.js';

/**
 * A small ASHE Table 15 release in the layout third-party code reads from ONS's real zips (no
 * real one is in the mirror or recorded): the four-digit workbooks `… Table 15 (4).1a` to
 * `(4).11b` in their own folder beside the two-digit variant, each with a Notes sheet and Table
 * 14's nine sheets by sex and work pattern, whose rows are described "Region, occupation" for
 * every region and nation (Northern Ireland included, as ONS publishes it). Figures are the
 * fixture's own, not ONS's: the annual medians below in the "All" sheet, scaled in the others.
 */
const FIXTURE_REGIONS = [
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
  'Northern Ireland',
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

/** The fixture's gross annual median of 2134 in each region (`x` and `..` are withheld). */
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
  'Northern Ireland': 39000,
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
  'Northern Ireland': 9,
};

const OCCUPATIONS: Record<string, string> = {
  '2134': 'Programmers and software development professionals',
  // An occupation title with commas: the region is never split off at the first comma.
  '6135': 'Care workers and home carers, including domiciliary, residential',
};

function estimateRow(table: number, region: string, soc: string, scale: number, sheetFactor: number): Cell[] {
  const given = table === 7 && soc === '2134' ? FIXTURE_2134_ANNUAL_MEDIAN[region]! : Math.round(scale * 100) / 100;
  const median = typeof given === 'number' ? Math.round(given * sheetFactor) : given;
  const figure = (factor: number) => (typeof median === 'number' ? Math.round(median * factor * 100) / 100 : 'x');
  return [
    `${region}, ${OCCUPATIONS[soc]}`,
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

function cvRow(table: number, region: string, soc: string): Cell[] {
  const cv = table === 7 && soc === '2134' ? FIXTURE_2134_ANNUAL_CV[region]! : 8;
  return [`${region}, ${OCCUPATIONS[soc]}`, soc, 5, cv, '.', 9, '.', 10, 9, 9, 8, 8, 8, 9, 9, 10, 14];
}

function sheetRows(table: number, kind: 'a' | 'b', sheet: number, year: number): Cell[][] {
  const { sex, pattern } = SEX_PATTERN_SHEETS[sheet]!;
  const title = `Table 15 (4).${table}${kind}   ${kind === 'b' ? 'Coefficients of variation for ' : ''}${TITLES[table - 1]} - For ${jobsPhrase({ sex, pattern })} employee jobsa: United Kingdom, ${year}`;
  const factor = 1 + sheet / 100;
  const regionRows = FIXTURE_REGIONS.flatMap((region) => [
    [region, 'K', 100, 30000, 5, 35000, 5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    [`${region}, Professional occupations`, '2', 40, 40000, 5, 45000, 5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    ...['2134', '6135'].map((soc, i) =>
      kind === 'a'
        ? estimateRow(table, region, soc, (table * 100 + i * 37 + region.length) * (table === 7 ? 60 : 1), factor)
        : cvRow(table, region, soc),
    ),
  ]);
  return [
    [title],
    [],
    [null, null, 'Number', null, 'Annual', null, 'Annual'],
    [null, null, 'of jobsb', null, 'percentage', null, 'percentage', 'Percentiles'],
    ['Description', 'Code', '(thousand)', 'Median', 'change', 'Mean', 'change', 10, 20, 25, 30, 40, 60, 70, 75, 80, 90],
    ['All employees', '', 1000, 30000, 5, 35000, 5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    ...regionRows,
    ['a  Employees on adult rates whose pay for the survey pay-period was not affected by absence.'],
    ['Source: Annual Survey of Hours and Earnings, Office for National Statistics.'],
  ];
}

export function asheTable15FixtureZip(year = 2024): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const workbook = (sheets: [string, Cell[][]][]) => {
    const book = XLSX.utils.book_new();
    for (const [name, rows] of sheets) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
    return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  };
  for (let table = 1; table <= 11; table++) {
    for (const kind of ['a', 'b'] as const) {
      const sheets: [string, Cell[][]][] = [[kind === 'a' ? 'Notes' : 'CV notes', [['Notes']]]];
      SEX_PATTERN_SHEETS.forEach((s, i) => sheets.push([s.sheet, sheetRows(table, kind, i, year)]));
      const name = `PROV - Work Region Occupation SOC20 (4) Table 15 (4).${table}${kind}   ${TITLES[table - 1]!.replace(' (£)', '')} ${year}${kind === 'b' ? ' CV' : ''}.xlsx`;
      files[`Work Region Occupation SOC20 (4)/${name}`] = workbook(sheets);
    }
  }
  // The two-digit variant beside it: not read.
  files[
    `Work Region Occupation SOC20 (2)/PROV - Work Region Occupation SOC20 (2) Table 15 (2).7a   Annual pay - Gross ${year}.xlsx`
  ] = workbook([['Notes', [['Notes']]]]);
  return zipSync(files);
}
