import { parse } from 'csv-parse/sync';
import { decodeUtf8Strict } from '../checks/strict-text.js';
import { maybeGunzip } from './inflate.js';

/** A record of a delimited file, by header name. */
export type DelimitedRecord = Record<string, string>;

class DelimitedFileError extends Error {
  override name = 'DelimitedFileError';
}

/**
 * The file's text: inflated within the source's limit when it is gzip (the mirror keeps large CSVs
 * as `.csv.gz`), decoded strictly as UTF-8 (invalid bytes or U+FFFD throw).
 */
function textOf(bytes: Uint8Array, what: string): string {
  return decodeUtf8Strict(maybeGunzip(bytes, what), what);
}

/**
 * Reads an RFC 4180 CSV with a header row (quoted fields may span lines, as ESCO's labels and
 * descriptions do). Throws when a header the caller needs is missing or a row is ragged.
 */
export function readCsv(bytes: Uint8Array, requiredColumns: readonly string[], what: string): DelimitedRecord[] {
  let records: DelimitedRecord[];
  const text = textOf(bytes, what);
  try {
    records = parse<DelimitedRecord>(text, {
      columns: true,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
    });
  } catch (error) {
    throw new DelimitedFileError(
      `${what}: not a CSV file in the publisher's layout (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  requireColumns(records[0] ? Object.keys(records[0]) : [], requiredColumns, what);
  return records;
}

/**
 * Reads a tab-separated text file with a header row and no quoting (O*NET's text format: one record
 * a line, CRLF or LF, no tabs or line breaks inside fields).
 */
export function readTabSeparated(
  bytes: Uint8Array,
  requiredColumns: readonly string[],
  what: string,
): DelimitedRecord[] {
  const text = textOf(bytes, what).replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = (lines[0] ?? '').split('\t').map((h) => h.trim());
  requireColumns(header, requiredColumns, what);
  return lines.slice(1).map((line, i) => {
    const fields = line.split('\t');
    if (fields.length !== header.length) {
      throw new DelimitedFileError(`${what}: line ${i + 2} has ${fields.length} fields, the header ${header.length}`);
    }
    return Object.fromEntries(header.map((name, j) => [name, fields[j]!.trim()]));
  });
}

function requireColumns(header: readonly string[], required: readonly string[], what: string): void {
  const missing = required.filter((c) => !header.includes(c));
  if (missing.length > 0) {
    throw new DelimitedFileError(
      `${what}: no column ${missing.map((c) => `"${c}"`).join(', ')} (columns: ${header.join(', ') || 'none'})`,
    );
  }
}
