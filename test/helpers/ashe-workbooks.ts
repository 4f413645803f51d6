import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { readWorkbookSync, type Cell, type SheetRows } from '../../src/ingest/formats/workbook.js';
import { upstreamPath } from './upstream.js';

/** The real ASHE Table 14 zips in the mirror, by reference year. */
const ASHE_TABLE14_ZIPS: Record<number, string> = {
  2022: 'ashe-table14/ashetable142022provisional.zip',
  2023: 'ashe-table14/ashetable142023provisional.zip',
  2024: 'ashe-table14/ashetable142024provisional.zip',
};

const unzipped = new Map<number, Record<string, Uint8Array>>();
const sheetsRead = new Map<string, SheetRows | null>();

/** The workbooks of a real zip, by their names in it. */
export function asheZipEntries(year: number): Record<string, Uint8Array> {
  let entries = unzipped.get(year);
  if (!entries) {
    entries = unzipSync(new Uint8Array(readFileSync(upstreamPath(ASHE_TABLE14_ZIPS[year]!))));
    unzipped.set(year, entries);
  }
  return entries;
}

/** The name, in the zip, of the workbook of a table id such as `14.7a`. */
export function asheWorkbookName(year: number, tableId: string): string {
  const pattern = new RegExp(`Table ${tableId.replace('.', '\\.')}\\s`);
  const name = Object.keys(asheZipEntries(year)).find((n) => pattern.test(n));
  if (!name) throw new Error(`no workbook for Table ${tableId} in the ${year} zip`);
  return name;
}

/** One sheet of a real workbook, read straight from the publisher's file (not through the ingest); only that sheet is read. */
export function asheSheet(year: number, tableId: string, sheet: string): SheetRows {
  const key = `${year}/${tableId}/${sheet}`;
  let rows = sheetsRead.get(key);
  if (rows === undefined) {
    rows =
      readWorkbookSync(asheZipEntries(year)[asheWorkbookName(year, tableId)]!, { sheets: [sheet] }).sheets[sheet] ??
      null;
    sheetsRead.set(key, rows);
  }
  if (!rows) throw new Error(`Table ${tableId} ${year} has no sheet ${sheet}`);
  return rows;
}

/** The row of a unit group on a sheet. */
export function asheRow(year: number, tableId: string, sheet: string, soc: string): Cell[] {
  const row = asheSheet(year, tableId, sheet).find((r) => String(r[1] ?? '').trim() === soc);
  if (!row) throw new Error(`Table ${tableId} ${year} sheet ${sheet} has no row ${soc}`);
  return row;
}

/** What the API must say for a cell: the number, or null for ONS's suppression markers and blanks. */
export function expectedFigure(cell: Cell | undefined): number | null {
  if (typeof cell === 'number') return cell;
  if (cell === null || cell === undefined || ['x', '..', ':', '.', ''].includes(String(cell).trim())) return null;
  throw new Error(`unexpected cell ${JSON.stringify(cell)}`);
}
