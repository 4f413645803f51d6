/**
 * Bulk files: every row the service serves from one edition of a source, as CSV, JSON Lines or
 * Parquet (the CSV's columns, typed), in the JSON responses' field names and null rules.
 */
export const BULK_FORMATS = ['csv', 'jsonl', 'parquet'] as const;
export type BulkFormat = (typeof BULK_FORMATS)[number];

export const BULK_CONTENT_TYPES: Record<BulkFormat, string> = {
  csv: 'text/csv; charset=utf-8; header=present',
  jsonl: 'application/jsonl; charset=utf-8',
  parquet: 'application/vnd.apache.parquet',
};

/** What stands for a source's current edition in a bulk file's address. */
export const LATEST = 'latest';

type BulkScalar = string | number | boolean | null;
/**
 * One row of a bulk file: the fields of the JSON response it matches, objects nested as there
 * (each group's own record type; its fields are scalars or such objects).
 */
export type BulkRecord = object;

/** The release a bulk file holds, and the credit its licence requires. */
export interface BulkProvenance {
  source: string;
  name: string;
  publisher: string;
  licence: string;
  attribution: string;
  url: string;
  edition: { id: string; label: string; status: string; published: string | null; sha256: string };
}

/** A record's fields as CSV columns: nested objects become dotted names (`area.slug`), in their order. */
export function flatten(record: BulkRecord, prefix = ''): Array<[string, BulkScalar]> {
  return Object.entries(record).flatMap(([name, value]: [string, unknown]): Array<[string, BulkScalar]> =>
    value !== null && typeof value === 'object'
      ? flatten(value, `${prefix}${name}.`)
      : [[`${prefix}${name}`, value as BulkScalar]],
  );
}

/** RFC 4180: a cell with a comma, quote or line break is quoted, quotes doubled; null is an empty cell. */
function csvCell(value: BulkScalar): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly BulkScalar[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** JSON with every non-ASCII character escaped: fit for an HTTP header's value. */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
