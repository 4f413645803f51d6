import { writeFile } from 'node:fs/promises';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { flatten } from '../../domain/bulk.js';
import { cellsAt } from './columns.js';
import type { BulkFile } from './index.js';

type Cell = string | number | boolean | null;
type ParquetType = 'BOOLEAN' | 'INT32' | 'DOUBLE' | 'STRING';

const INT32_MAX = 2 ** 31 - 1;

/**
 * A column's Parquet type, from its values: booleans, whole numbers (INT32, DOUBLE beyond its
 * range), other numbers (DOUBLE), text (STRING; lists and objects are their JSON text, as in the
 * CSV). A column of nulls only is STRING. Nulls stay null (every column is optional).
 */
export function parquetTypeOf(cells: readonly Cell[]): ParquetType {
  const values = cells.filter((c) => c !== null);
  if (values.length === 0) return 'STRING';
  if (values.every((v) => typeof v === 'boolean')) return 'BOOLEAN';
  if (values.every((v) => typeof v === 'number')) {
    const whole = values.every((v) => Number.isInteger(v) && Math.abs(v) <= INT32_MAX);
    return whole ? 'INT32' : 'DOUBLE';
  }
  return 'STRING';
}

const asType = (cell: Cell, type: ParquetType): Cell =>
  cell === null ? null : type === 'STRING' && typeof cell !== 'string' ? String(cell) : cell;

/**
 * Writes the file as Parquet (hyparquet-writer, snappy): the CSV's columns and names, each typed.
 * Parquet is written by column, so the edition's cells are held in memory while it is written (the
 * largest, ASHE Table 14's 40,788 rows, is a few tens of MB); the rows are still read a page at a
 * time. Run by the bulk builder in its worker thread. Answers the rows written.
 */
export async function writeParquetFile(file: BulkFile, target: string): Promise<number> {
  const { columns } = file;
  // Without columns from a schema, the first record's (every record has them all), as in the CSV.
  let names: string[] | null = columns ? columns.map((path) => path.join('.')) : null;
  let cells: Cell[][] = names ? names.map(() => []) : [];
  let rows = 0;
  const cellsOf = (record: object): Cell[] => {
    if (columns) return cellsAt(record, columns);
    const flat = flatten(record);
    names ??= flat.map(([name]) => name);
    return flat.map(([, value]) => value);
  };
  for await (const page of file.records()) {
    for (const record of page) {
      rows += 1;
      const row = cellsOf(record);
      if (cells.length < row.length) cells = row.map((_, i) => cells[i] ?? []);
      row.forEach((cell, i) => cells[i]!.push(cell));
    }
  }
  const columnData = (names ?? []).map((name, i) => {
    const type = parquetTypeOf(cells[i]!);
    return { name, type, data: cells[i]!.map((cell) => asType(cell, type)) };
  });
  const buffer = parquetWriteBuffer({
    columnData,
    kvMetadata: [{ key: 'lmi.provenance', value: JSON.stringify(file.provenance) }],
    createdBy: 'uk-lmi',
  });
  await writeFile(target, new Uint8Array(buffer));
  return rows;
}
