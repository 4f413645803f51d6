import { parse as parseCsv } from 'csv-parse/sync';
import { decodeUtf8Strict } from '../../../checks/strict-text.js';
import type { DelimitedRecord } from '../../../formats/delimited.js';
import { isZip, unzipBounded, zipEntryHead, zipEntryNames } from '../../../formats/inflate.js';
import { COLUMN, EXCLUDED, TOTAL } from './layout.js';

export const WHAT = 'the occupations-in-demand release';

/** The name a download that is one CSV (a data-catalogue download, not the release's zip) is read under. */
export const ONE_CSV = 'the CSV file';

/** A CSV of the release, known by its header before it is read whole. */
export interface CsvTable {
  name: string;
  header: string[];
  read(): Uint8Array;
}

/**
 * The release's CSV files: every `.csv` entry of the release zip (read only up to its header
 * here), or the one CSV a data-catalogue download is.
 */
export function csvTablesOf(bytes: Uint8Array): CsvTable[] {
  if (!isZip(bytes)) return [{ name: ONE_CSV, header: headerOf(bytes, ONE_CSV), read: () => bytes }];
  return zipEntryNames(bytes, WHAT)
    .filter((name) => /\.csv$/i.test(name))
    .map((name) => ({
      name,
      header: headerOf(zipEntryHead(bytes, name, WHAT), name),
      read: () => unzipBounded(bytes, (entry) => entry === name, WHAT).get(name)!,
    }));
}

function headerOf(head: Uint8Array, name: string): string[] {
  const end = head.indexOf(0x0a);
  if (end < 0 && head.length >= 64 * 1024) throw new Error(`${WHAT}, ${name}: no header row in its first 64 KiB`);
  const line = decodeUtf8Strict(head.subarray(0, end < 0 ? head.length : end), `${WHAT}, ${name}`);
  const [header]: string[][] = parseCsv(line.replace(/\r$/, ''), { bom: true });
  return (header ?? []).map((label) => label.trim());
}

/** One table's rows of true occupations: one per year and unit group, keyed `<year> <soc>`. */
export interface OccupationRows {
  name: string;
  header: string[];
  rows: Map<string, DelimitedRecord>;
  /** Rows of the `Excluded occupations` category, skipped. */
  excludedRows: number;
}

export const rowKey = (year: number, soc: string) => `${year} ${soc}`;

/**
 * Reads a table of the tidy "Total" cube: every unit group repeats once for each combination of
 * its filters being itself or `Total`, and the one row where no cell is `Total` is the
 * occupation's own. `Total` and `Excluded occupations` rows of `soc20_unit` are summaries and are
 * skipped; any other unit label, a unit group without its own row, or one with two, throws.
 */
export function readOccupationRows(table: CsvTable): OccupationRows {
  const where = `${WHAT}, ${table.name}`;
  const text = decodeUtf8Strict(table.read(), where);
  const rows = new Map<string, DelimitedRecord>();
  const listed = new Set<string>();
  let excludedRows = 0;
  let failure: string | null = null;
  const fail = (message: string) => {
    failure ??= message;
    return null;
  };
  try {
    parseCsv<DelimitedRecord>(text, {
      columns: (header: string[]) => header.map((label) => label.trim()),
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
      on_record: (record, context) => {
        if (failure) return null;
        const unit = record[COLUMN.unit]!;
        if (unit === TOTAL) return null;
        if (unit === EXCLUDED) {
          excludedRows++;
          return null;
        }
        const line = `line ${context.lines}`;
        if (!/^[1-9]\d{3}$/.test(unit))
          return fail(
            `${where}, ${line}: ${COLUMN.unit} "${unit}" is neither a unit group, "${TOTAL}" nor "${EXCLUDED}"`,
          );
        const year = record[COLUMN.year]!;
        if (!/^\d{4}$/.test(year)) return fail(`${where}, ${line}: ${COLUMN.year} "${year}" is not a year`);
        const key = rowKey(Number(year), unit);
        listed.add(key);
        if (Object.values(record).includes(TOTAL)) return null;
        if (rows.has(key))
          return fail(`${where}, ${line}: unit group ${unit} has a second row in ${year} with no "${TOTAL}" in it`);
        rows.set(key, record);
        return null;
      },
    });
  } catch (error) {
    throw new Error(`${where}: not a CSV file in the publisher's layout (${(error as Error).message})`);
  }
  if (failure) throw new Error(failure);
  const without = [...listed].filter((key) => !rows.has(key));
  if (without.length > 0)
    throw new Error(
      `${where}: ${without.length} unit group(s) have only "${TOTAL}" rows, none of their own (${without.slice(0, 5).join(', ')})`,
    );
  return { name: table.name, header: table.header, rows, excludedRows };
}
