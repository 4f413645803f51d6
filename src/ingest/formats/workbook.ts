import * as XLSX from '@e965/xlsx';
import { rejectReplacementCharacters } from '../checks/strict-text.js';
import { assertZipWithinLimit, isZip } from './inflate.js';

/** A cell as the parsers see it: raw value, or null for an empty cell. */
export type Cell = string | number | boolean | null;
export type SheetRows = Cell[][];

/** A cell's fill pattern as the file names it (`solid`, `lightGray`, ...), null when it has none. */
export type FillPattern = string | null;

export interface Workbook {
  sheetNames: string[];
  /** Each sheet as rows of cells (header row included), only for the sheets asked for. */
  sheets: Record<string, SheetRows>;
  /** Each sheet's cell fill patterns, row by row like `sheets`; only when `fills` was asked for. */
  fills?: Record<string, FillPattern[][]>;
}

export interface ReadWorkbookOptions {
  /** Sheets to convert to rows; all sheets when omitted. */
  sheets?: string[];
  /** Also read each cell's fill pattern: publishers mark small samples by shading cells. */
  fills?: boolean;
}

/**
 * Reads an .xls, .xlsx, .xlsm or .ods workbook into plain rows. Synchronous and CPU-bound:
 * the ingest calls it through `readWorkbook` (workbook-worker.ts), which runs it in a worker
 * thread with a time limit.
 */
export function readWorkbookSync(bytes: Uint8Array, options: ReadWorkbookOptions = {}): Workbook {
  const wanted = options.sheets;
  // SheetJS inflates an .xlsx's parts without a bound: inflate them bounded first, so a bomb fails here.
  if (isZip(bytes)) assertZipWithinLimit(bytes, 'the workbook');
  const book = XLSX.read(bytes, {
    type: 'buffer',
    dense: true,
    sheets: wanted,
    cellDates: false,
    cellHTML: false,
    // The rows are read raw (`raw: true` below), never as formatted text: formatting every cell
    // was a fifth of the read (the same rows from every workbook of the mirror either way).
    cellText: false,
    cellStyles: options.fills === true,
  });
  const sheets: Record<string, SheetRows> = {};
  const fills: Record<string, FillPattern[][]> = {};
  for (const name of wanted ?? book.SheetNames) {
    const sheet = book.Sheets[name];
    if (!sheet) continue;
    sheets[name] = XLSX.utils.sheet_to_json<Cell[]>(sheet, { header: 1, defval: null, raw: true, blankrows: true });
    rejectDamagedText(sheets[name], name);
    if (options.fills) fills[name] = fillPatterns(sheet, sheets[name].length);
  }
  return { sheetNames: book.SheetNames, sheets, ...(options.fills ? { fills } : {}) };
}

/** Row-by-row fill patterns of a dense sheet, aligned with `sheet_to_json`'s rows (which start at the sheet's first row). */
function fillPatterns(sheet: XLSX.WorkSheet, rowCount: number): FillPattern[][] {
  const data = (sheet['!data'] ?? []) as Array<Array<{ s?: { patternType?: string } } | undefined> | undefined>;
  const first = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1').s;
  const patterns: FillPattern[][] = [];
  for (let r = 0; r < rowCount; r++) {
    const row = data[first.r + r] ?? [];
    patterns.push(row.slice(first.c).map((cell) => cell?.s?.patternType ?? null));
  }
  return patterns;
}

/** A text cell with U+FFFD in it is damage from a lossy conversion, not the publisher's words. */
function rejectDamagedText(rows: SheetRows, sheet: string): void {
  for (const [r, row] of rows.entries()) {
    for (const cell of row)
      if (typeof cell === 'string' && cell.includes('\uFFFD'))
        rejectReplacementCharacters(cell, `sheet "${sheet}", row ${r + 1}`);
  }
}
