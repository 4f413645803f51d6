import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import SQLite from 'better-sqlite3';

/** A SQLite varint (1 to 9 bytes, big-endian, 7 bits a byte but the ninth's 8): its value and length. */
function varint(page: Buffer, at: number): [value: number, length: number] {
  let value = 0;
  for (let i = 0; i < 9; i++) {
    const byte = page[at + i]!;
    if (i === 8) return [value * 256 + byte, 9];
    value = value * 128 + (byte & 0x7f);
    if (byte < 0x80) return [value, i + 1];
  }
  return [value, 9];
}

/**
 * Overwrites with garbage the leaf pages of `table` (a rowid table) that hold any of `rowids`, as
 * a failing disk or a torn copy would: the file still opens, and only reads of those rows fail.
 * The file must be closed, its WAL checkpointed. Returns the pages overwritten.
 */
export function corruptRowsOf(file: string, table: string, rowids: readonly number[]): number[] {
  const reader = new SQLite(file, { readonly: true });
  const pageSize = reader.pragma('page_size', { simple: true }) as number;
  const leaves = reader
    .prepare<[string], { pageno: number }>("select pageno from dbstat where name = ? and pagetype = 'leaf'")
    .all(table)
    .map((row) => row.pageno);
  reader.close();
  const wanted = new Set(rowids);
  const fd = openSync(file, 'r+');
  try {
    const hit: number[] = [];
    for (const pageno of leaves) {
      const page = Buffer.alloc(pageSize);
      readSync(fd, page, 0, pageSize, (pageno - 1) * pageSize);
      const cells = page.readUInt16BE(3);
      // Each cell of a table leaf: the payload's length, then the rowid.
      const holds = Array.from({ length: cells }, (_, i) => {
        const at = page.readUInt16BE(8 + 2 * i);
        return varint(page, at + varint(page, at)[1])[0];
      }).some((rowid) => wanted.has(rowid));
      if (!holds) continue;
      writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (pageno - 1) * pageSize);
      hit.push(pageno);
    }
    return hit;
  } finally {
    closeSync(fd);
  }
}
