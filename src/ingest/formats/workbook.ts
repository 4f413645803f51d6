import * as XLSX from '@e965/xlsx';

/** A cell as the parsers see it: raw value, or null for an empty cell. */
export type Cell = string | number | boolean | null;
export type SheetRows = Cell[][];

export interface Workbook {
  sheetNames: string[];
  /** Each sheet as rows of cells (header row included), only for the sheets asked for. */
  sheets: Record<string, SheetRows>;
}

export interface ReadWorkbookOptions {
  /** Sheets to convert to rows; all sheets when omitted. */
  sheets?: string[];
}

/**
 * Reads an .xls, .xlsx, .xlsm or .ods workbook into plain rows. Synchronous and CPU-bound:
 * the ingest calls it through `readWorkbook` (workbook-worker.ts), which runs it in a worker
 * thread with a time limit.
 */
export function readWorkbookSync(bytes: Uint8Array, options: ReadWorkbookOptions = {}): Workbook {
  const wanted = options.sheets;
  const book = XLSX.read(bytes, { type: 'buffer', dense: true, sheets: wanted, cellDates: false, cellHTML: false });
  const sheets: Record<string, SheetRows> = {};
  for (const name of wanted ?? book.SheetNames) {
    const sheet = book.Sheets[name];
    if (!sheet) continue;
    sheets[name] = XLSX.utils.sheet_to_json<Cell[]>(sheet, { header: 1, defval: null, raw: true, blankrows: true });
  }
  return { sheetNames: book.SheetNames, sheets };
}
