import { sql } from 'kysely';
import type { Database, DbOrTx } from './schema.js';

/** Rows a page of a bulk file reads at once: enough to keep queries few, few enough to keep memory flat. */
const BULK_PAGE_ROWS = 2_000;

/**
 * Every row of one edition in a table, a page at a time in the order of `keys` (the table's key
 * after `edition_id`), each page starting after the last row of the one before (keyset
 * pagination: no offset to skip, no cursor held open between pages). The caller asks for the next
 * page only when it has sent the last, so memory holds one page whatever the edition's size.
 */
export async function* editionRowPages<T extends keyof Database>(
  db: DbOrTx,
  table: T,
  editionId: string,
  keys: ReadonlyArray<keyof Database[T] & string>,
  pageRows = BULK_PAGE_ROWS,
): AsyncGenerator<Database[T][]> {
  const columns = sql.join(keys.map((k) => sql.ref(k)));
  let after: unknown[] | null = null;
  for (;;) {
    const from = after ? sql` and (${columns}) > (${sql.join(after)})` : sql``;
    const { rows } = await sql<Database[T]>`select * from ${sql.table(table)} where edition_id = ${editionId}${from}
      order by ${columns} limit ${pageRows}`.execute(db);
    if (rows.length > 0) yield rows;
    if (rows.length < pageRows) return;
    const last = rows[rows.length - 1] as unknown as Record<string, unknown>;
    after = keys.map((k) => last[k]);
  }
}

/** How many rows an edition has in a table: a bulk file's row count, without reading the rows. */
export async function countEditionRows(db: DbOrTx, table: keyof Database, editionId: string): Promise<number> {
  const { rows } = await sql<{
    n: string | number;
  }>`select count(*) as n from ${sql.table(table)} where edition_id = ${editionId}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
