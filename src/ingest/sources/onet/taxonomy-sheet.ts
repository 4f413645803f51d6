import type { Cell, Workbook } from '../../formats/workbook.js';

const text = (cell: Cell | undefined): string => (cell === null || cell === undefined ? '' : String(cell).trim());

/** How many rows may come before the header: O*NET's taxonomy workbooks have a three-row title block. */
const MAX_TITLE_ROWS = 10;

/**
 * Reads the one sheet of an O*NET taxonomy workbook (crosswalks, occupation listings): an
 * optional title block, then a header row holding every label of `columns`, then one row a
 * record. Blank rows are skipped. Each record maps the labels to their cells' text; a missing
 * header is a layout the parser does not know, so it throws.
 */
export function readTaxonomySheet<Label extends string>(
  workbook: Workbook,
  what: string,
  columns: readonly Label[],
): Array<Record<Label, string> & { row: number }> {
  const name = workbook.sheetNames[0];
  const rows = name === undefined ? undefined : workbook.sheets[name];
  if (!rows || rows.length === 0) throw new Error(`${what}: the workbook has no sheet`);
  const headerAt = rows
    .slice(0, MAX_TITLE_ROWS)
    .findIndex((row) => columns.every((label) => row.map(text).includes(label)));
  if (headerAt < 0)
    throw new Error(
      `${what}: no header row with ${columns.map((c) => `"${c}"`).join(', ')} in the first ${MAX_TITLE_ROWS} rows`,
    );
  const header = rows[headerAt]!.map(text);
  const at = columns.map((label) => header.indexOf(label));
  const records: Array<Record<Label, string> & { row: number }> = [];
  rows.slice(headerAt + 1).forEach((row, i) => {
    if (row.every((cell) => text(cell) === '')) return;
    const record = { row: headerAt + i + 2 } as Record<Label, string> & { row: number };
    columns.forEach((label, c) => ((record as Record<string, string>)[label] = text(row[at[c]!])));
    records.push(record);
  });
  return records;
}

/** Throws unless `value` has the form `pattern`, naming the file, row and column. */
export function expectCode(value: string, pattern: RegExp, what: string, row: number, column: string): string {
  if (!pattern.test(value))
    throw new Error(`${what}, row ${row}: ${column} "${value}" is not a code of the form ${pattern.source}`);
  return value;
}
