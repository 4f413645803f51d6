import * as XLSX from '@e965/xlsx';
import type { Cell } from '../../src/ingest/formats/workbook.js';

/**
 * Census 2021 "Occupations of those in employment, by age and sex, England and Wales" built by the
 * test in the layout inferred from the evidence (`_publishers/LAYOUTS.md` §6, the source README):
 * cover, contents and notes sheets, then table sheet `1` with its title on row 1, "England and
 * Wales, March 2021" on row 2, notes to row 7, the header on row 8 opening "SOC2020 Unit Group",
 * and from row 9 three rows a unit group (all persons, male, female) of counts by age band (16 to
 * 19, five-year bands, 65 and over) and their total. No real copy has been seen: the labels of
 * the title, sex and band columns are this file's. Figures are made up and deterministic, in 5s
 * as ONS rounds them; the tests recompute what they expect from the rows returned here.
 */

export const BAND_LABELS = [
  'Aged 16 to 19 years',
  'Aged 20 to 24 years',
  'Aged 25 to 29 years',
  'Aged 30 to 34 years',
  'Aged 35 to 39 years',
  'Aged 40 to 44 years',
  'Aged 45 to 49 years',
  'Aged 50 to 54 years',
  'Aged 55 to 59 years',
  'Aged 60 to 64 years',
  'Aged 65 years and over',
];
export const HEADER: Cell[] = ['SOC2020 Unit Group', 'SOC2020 Unit Group Label', 'Sex', ...BAND_LABELS, 'Total'];
const SUPPRESSED = '[c]';

/** Unit groups whose youngest band is `[c]` (all persons and men), and whose oldest is. */
export const withheldYoungest = (soc: string) => Number(soc) % 11 === 0;
export const withheldOldest = (soc: string) => Number(soc) % 13 === 0;

export interface BuiltCensusAge {
  bytes: Uint8Array;
  /** Table 1's data rows: code, title, sex, the eleven bands, total. */
  rows: Cell[][];
}

export function censusAgeWorkbook(
  codes: readonly string[],
  options: { header?: Cell[]; areaAndDate?: string } = {},
): BuiltCensusAge {
  const rows: Cell[][] = [];
  for (const soc of codes) {
    const n = Number(soc);
    const men = BAND_LABELS.map((_, i) => 5 * (((n * (i + 3)) % 97) + 1));
    const women = BAND_LABELS.map((_, i) => 5 * (((n * (i + 7)) % 89) + 1));
    const all = men.map((m, i) => m + women[i]!);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const mark = (values: number[], sex: string): Cell[] =>
      values.map((v, i) =>
        (i === 0 && withheldYoungest(soc) && sex !== 'Female') || (i === 10 && withheldOldest(soc)) ? SUPPRESSED : v,
      );
    rows.push(
      [soc, `Unit group ${soc}`, 'All persons', ...mark(all, 'All persons'), sum(all)],
      [soc, `Unit group ${soc}`, 'Male', ...mark(men, 'Male'), sum(men)],
      [soc, `Unit group ${soc}`, 'Female', ...mark(women, 'Female'), sum(women)],
    );
  }
  const table: Cell[][] = [
    ['Table 1: Occupation (SOC 2020 unit group) by age and sex, usual residents aged 16 years and over in employment'],
    [options.areaAndDate ?? 'England and Wales, March 2021'],
    ['This worksheet contains one table.'],
    ['Some shorthand is used in this table: [c] = confidential.'],
    ['Counts are rounded to the nearest 5.'],
    ['Source: Census 2021 from the Office for National Statistics'],
    [null],
    options.header ?? HEADER,
    ...rows,
  ];
  const book = XLSX.utils.book_new();
  const add = (name: string, sheet: Cell[][]) =>
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), name);
  add('Cover sheet', [['Occupations of those in employment, by age and sex, England and Wales, Census 2021']]);
  add('Contents', [['Table of contents'], ['Worksheet', 'Table description'], ['1', 'Occupation by age and sex']]);
  add('Notes', [
    ['Notes'],
    ['Individual estimates suppressed with "[c]" relate to statistics based on a small number of respondents (< 10).'],
  ]);
  add('1', table);
  const bytes = new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer);
  return { bytes, rows };
}
