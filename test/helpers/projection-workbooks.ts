import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { MAIN_TABLES_SHEETS } from '../../src/ingest/sources/dfe/main-tables-layout.js';
import { readWorkbookSync, type Cell, type Workbook } from '../../src/ingest/formats/workbook.js';
import { upstreamPath } from './upstream.js';

/**
 * The real projection workbooks read straight (sheet cells), so tests check what the service
 * says against the producers' own cells, found here with a lookup of their own.
 */
export const ENGLAND_FILE = 'lmsp-2020-2035/EN_MainTables.Main.xlsm';
export const UK_FILE = 'working-futures/UK_MainTables.Main.xlsm';

const reads = new Map<string, Workbook>();

/** The sheets the parser reads, once per test process; a workbook a test built is taken as it is. */
export function projectionWorkbook(file: string | Workbook): Workbook {
  if (typeof file !== 'string') return file;
  if (!reads.has(file))
    reads.set(file, readWorkbookSync(new Uint8Array(readFileSync(upstreamPath(file))), { sheets: MAIN_TABLES_SHEETS }));
  return reads.get(file)!;
}

const label = (cell: Cell | undefined) => String(cell ?? '').trim();
const isRow = (cell: Cell | undefined, code: string) =>
  code === 'all' ? label(cell) === 'All occupations' : label(cell).startsWith(`${code} `);

/** `Occ T2`'s first (all persons, thousands) table: a group's level in two years and its three 2020-2035 (or 2017-2027) figures. */
export function occT2Cells(
  file: string | Workbook,
  code: string,
  base: number,
  target: number,
): { base: number; target: number; net: number; replacement: number; total: number } {
  const rows = projectionWorkbook(file).sheets['Occ T2']!;
  const h = rows.findIndex((r) => /^Levels( \(000s\))?$/.test(label(r[0])));
  const header = rows[h]!;
  const row = rows.slice(h + 1).find((r) => isRow(r[0], code));
  assert.ok(row, `Occ T2 has ${code}`);
  const at = (heading: Cell) => row[header.findIndex((cell) => cell === heading)] as number;
  return { base: at(base), target: at(target), net: at('Change'), replacement: at('Demand'), total: at('Requirement') };
}

/** `Occ F2`'s first table: a group's employment (thousands) by year, as the header row lists the years. */
export function occF2Cells(file: string | Workbook, code: string): Map<number, number> {
  const rows = projectionWorkbook(file).sheets['Occ F2']!;
  const h = rows.findIndex((r) => r.some((cell) => label(cell) === 'thousands'));
  const labelColumn = rows[h]!.findIndex((cell) => label(cell) === 'thousands');
  const row = rows.slice(h + 1).find((r) => isRow(r[labelColumn], code));
  assert.ok(row, `Occ F2 has ${code}`);
  const years = new Map<number, number>();
  rows[h]!.forEach((cell, c) => {
    if (typeof cell === 'number' && c > labelColumn) years.set(cell, row[c] as number);
  });
  return years;
}

/** `RD T1`'s table of a qualification level (its name as the workbook starts it, e.g. "RQF8", "No Qualification"): a group's five figures. */
export function rdT1Cells(file: string | Workbook, level: string, code: string): number[] {
  const rows = projectionWorkbook(file).sheets['RD T1']!;
  const start = rows.findIndex((r) => label(r[0]).startsWith(level) && label(r[0]).endsWith('(Constrained)'));
  const row = rows.slice(start + 1).find((r) => isRow(r[0], code));
  assert.ok(start >= 0 && row, `RD T1 has ${level} ${code}`);
  return row.slice(1, 6) as number[];
}
