import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { readWorkbookSync, type Cell, type SheetRows } from '../../src/ingest/formats/workbook.js';
import { upstreamPath } from './upstream.js';

/**
 * ONS's SOC 2010 / SOC 2020 relationship workbook as the evidence describes it (LAYOUTS.md Part 2
 * §2, a third party's reader of it): tables by level and direction, each with a header row naming
 * SOC 2010 and SOC 2020; in the unit-group table from SOC 2010, per SOC 2010 group a row with its
 * code and title and the four samples' bases, then a row per SOC 2020 destination with its shares.
 * Built here from the mirror's re-laid-out copy, read cell by cell (no code of the service), so the
 * rows are ONS's; headings, sheet names and the code-and-title form are this file's choice.
 */

export const MIRROR_COPY = upstreamPath('soc-crosswalk/ONS_SOC2010_SOC2020.xlsx');

/** The mirror's sheet: a header row, then "code: title" / "Total sample" rows with bases, and destinations with shares (0-1). */
function mirrorRows(): SheetRows {
  return Object.values(readWorkbookSync(new Uint8Array(readFileSync(MIRROR_COPY))).sheets)[0]!;
}

/** Mirror columns: bases and shares of men LFS, men Census, women LFS, women Census. */
const BASES = [2, 4, 6, 8];
const SHARES = [3, 5, 7, 9];

export interface RelationshipLayout {
  /** Shares as percentages (0-100, "%" headings) or as proportions (0-1, "Proportion"). */
  shares: 'percent' | 'proportion';
  /** The unit-group table's sheet name. */
  sheet?: string;
  /** Changes a heading of the unit-group table (to test refusals). */
  heading?: (label: string) => string;
}

/** "1115: Chief executives" as ONS prints a group: "1115 Chief executives". */
const group = (cell: Cell) => String(cell).replace(/^(\d{4}):\s*/, '$1 ');

/** The unit-group table from SOC 2010, laid out with merged sex and sample headings over base and share columns. */
export function unitGroupTable(layout: RelationshipLayout): SheetRows {
  const rename = layout.heading ?? ((label: string) => label);
  const share = layout.shares === 'percent' ? '%' : 'Proportion';
  const rows: SheetRows = [
    ['Table 8: Unit group, SOC 2010 to SOC 2020, by sex, LFS (January 2014 to September 2016) and 2011 Census'],
    [],
    [null, null, rename('Men'), null, null, null, rename('Women'), null, null, null],
    [null, null, rename('LFS'), null, rename('Census'), null, rename('LFS'), null, rename('Census'), null],
    [
      rename('SOC 2010'),
      rename('SOC 2020'),
      ...Array.from({ length: 4 }, () => [rename('Base'), rename(share)]).flat(),
    ],
  ];
  for (const row of mirrorRows().slice(1)) {
    if (row[0] !== null && row[0] !== undefined) {
      rows.push([group(row[0]), null, ...BASES.flatMap((c) => [row[c] ?? null, null])]);
    } else if (row[1] !== null && row[1] !== undefined) {
      const shares = SHARES.map((c) => {
        const value = row[c];
        return typeof value === 'number' && layout.shares === 'percent' ? value * 100 : (value ?? null);
      });
      rows.push([null, group(row[1]), ...shares.flatMap((s) => [null, s])]);
    }
  }
  rows.push([], ['Source: Office for National Statistics, dual-coded Labour Force Survey and 2011 Census records']);
  return rows;
}

/** Other tables of the workbook: a contents sheet, a minor-group table and the unit-group table the other way. */
function otherTables(): Record<string, SheetRows> {
  const header = ['SOC 2020', 'SOC 2010', 'Base', '%', 'Base', '%', 'Base', '%', 'Base', '%'];
  return {
    Contents: [['The relationship between SOC 2010 and SOC 2020'], ['Table 1 to Table 8']],
    'Table 3': [
      ['Table 3: Minor group, SOC 2010 to SOC 2020'],
      [null, null, 'Men', null, null, null, 'Women'],
      [null, null, 'LFS', null, 'Census', null, 'LFS', null, 'Census'],
      ['SOC 2010', 'SOC 2020', 'Base', '%', 'Base', '%', 'Base', '%', 'Base', '%'],
      ['111 Chief executives and senior officials', null, 409, null, 906, null, 124, null, 260, null],
      [null, '111 Chief executives and senior officials', null, 88.2, null, 89.2, null, 79.8, null, 81.9],
    ],
    'Table 7': [
      ['Table 7: Unit group, SOC 2020 to SOC 2010'],
      [null, null, 'Men', null, null, null, 'Women'],
      [null, null, 'LFS', null, 'Census', null, 'LFS', null, 'Census'],
      header,
      ['1111 Chief executives and senior officials', null, 361, null, 808, null, 99, null, 213, null],
      [null, '1115 Chief executives and senior officials', null, 100, null, 99.9, null, 100, null, 99.5],
    ],
  };
}

/** The whole workbook as bytes: other tables around the unit-group table, which sits last. */
export function relationshipWorkbook(layout: RelationshipLayout = { shares: 'percent' }): Uint8Array {
  const book = XLSX.utils.book_new();
  const sheets = { ...otherTables(), [layout.sheet ?? 'Table 8']: unitGroupTable(layout) };
  for (const [name, rows] of Object.entries(sheets))
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}
