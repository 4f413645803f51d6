import * as XLSX from '@e965/xlsx';
import { zipSync } from 'fflate';
import type { Cell, SheetRows } from '../../src/ingest/formats/workbook.js';
import { ENGLAND_FILE, projectionWorkbook } from './projection-workbooks.js';

/**
 * MainTables workbooks of the other areas of the 2020-2035 round, none of which has been seen: built
 * from the real England workbook (the generator's layout, LAYOUTS.md Part 2 §3) by changing its
 * Info sheet and scaling its figures, in the two dialects the evidence shows. The national one is
 * England's own ("Country", "Country name", `Levels (000s)`); the sub-national one is that of the
 * real MCA/LSIP/LEP workbooks ("<Kind>" with a numbered name in B1, "<Kind> name", `Levels`), here
 * with "Region" as the kind (the regions' Info key is a guess). Figures are England's times a
 * factor, so the workbook's own sums hold; small factors put some groups under 10,000 jobs.
 */

export type InfoDialect = 'national' | 'sub-national';

export interface BuiltArea {
  /** The Info sheet's area name. */
  name: string;
  /** England's figures times this. */
  factor: number;
  dialect: InfoDialect;
  /** The member's or attachment's file name. */
  file: string;
}

export const NATION_WORKBOOKS: Record<'uk' | 'wales' | 'scotland' | 'northern-ireland', BuiltArea> = {
  uk: { name: 'United Kingdom', factor: 1.17, dialect: 'national', file: 'UK_MainTables.Main.xlsm' },
  wales: { name: 'Wales', factor: 0.046, dialect: 'national', file: 'WA_MainTables.Main.xlsm' },
  scotland: { name: 'Scotland', factor: 0.088, dialect: 'national', file: 'SC_MainTables.Main.xlsm' },
  'northern-ireland': { name: 'Northern Ireland', factor: 0.029, dialect: 'national', file: 'NI_MainTables.Main.xlsm' },
};

const region = (name: string, factor: number, code: string): BuiltArea => ({
  name,
  factor,
  dialect: 'sub-national',
  file: `${code}_MainTables.Main.xlsm`,
});

export const REGION_WORKBOOKS: Record<string, BuiltArea> = {
  'north-east': region('North East', 0.04, 'NE'),
  'north-west': region('North West', 0.12, 'NW'),
  'yorkshire-and-the-humber': region('Yorkshire and The Humber', 0.085, 'YH'),
  'east-midlands': region('East Midlands', 0.075, 'EM'),
  'west-midlands': region('West Midlands', 0.095, 'WM'),
  'east-of-england': region('East of England', 0.11, 'EE'),
  london: region('London', 0.19, 'LO'),
  'south-east': region('South East', 0.16, 'SE'),
  'south-west': region('South West', 0.095, 'SW'),
};

const SCALED_SHEETS = ['Occ T2', 'Occ F2', 'RD T1'];

/** England's sheets as another area's: Info rewritten, figures (never the integer years) scaled, titles renamed. */
function areaSheets(area: BuiltArea): Record<string, SheetRows> {
  const sheets = structuredClone(projectionWorkbook(ENGLAND_FILE).sheets);
  const regionNumber = Object.values(REGION_WORKBOOKS).indexOf(area) + 1;
  const kind = area.dialect === 'national' ? 'Country' : 'Region';
  sheets.Info = sheets.Info!.map((row) => {
    const key = String(row[0] ?? '');
    if (key === 'Country')
      return [kind, area.dialect === 'national' ? area.name : `${regionNumber}. ${area.name}`, ...row.slice(2)];
    if (key === 'Country name') return [`${kind} name`, area.name, ...row.slice(2)];
    return row;
  });
  for (const name of SCALED_SHEETS)
    sheets[name] = sheets[name]!.map((row) =>
      row.map((cell: Cell): Cell => {
        if (typeof cell === 'number' && !Number.isInteger(cell)) return cell * area.factor;
        if (typeof cell !== 'string') return cell;
        if (area.dialect === 'sub-national' && cell === 'Levels (000s)') return 'Levels';
        return cell.replace(/, England$/, `, ${area.name}`);
      }),
    );
  return sheets;
}

const built = new Map<BuiltArea, Uint8Array>();

/** The area's workbook as bytes (macro-enabled, as the producers publish them). */
export function areaWorkbook(area: BuiltArea): Uint8Array {
  if (!built.has(area)) {
    const book = XLSX.utils.book_new();
    for (const [name, rows] of Object.entries(areaSheets(area)))
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
    built.set(area, new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsm' }) as Buffer));
  }
  return built.get(area)!;
}

/** A workbook with no Info sheet, as the "UK additional tables" DfE added to the nations zip may be. */
function additionalTables(): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['UK additional tables']]), 'Contents');
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

/** DfE's "Nations projections" zip: the additional tables first, then the UK's and the three nations' workbooks. */
export function nationsZip(): Uint8Array {
  return zipSync({
    'UK_AdditionalTables.xlsx': additionalTables(),
    ...Object.fromEntries(Object.values(NATION_WORKBOOKS).map((a) => [a.file, areaWorkbook(a)])),
  });
}

/** A zip of the nine regions' workbooks (whether DfE zips them, and under which names, is unrecorded). */
export function regionsZip(names: (area: BuiltArea) => string = (a) => a.file): Uint8Array {
  return zipSync(Object.fromEntries(Object.values(REGION_WORKBOOKS).map((a) => [names(a), areaWorkbook(a)])));
}
