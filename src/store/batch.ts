import type { Database, DbOrTx } from './schema.js';

/**
 * Inserts rows in batches well under both dialects' parameter limits (SQLite 32,766 and
 * PostgreSQL 65,535 bound values per statement), and small enough (8,000 values) that one batch
 * holds the event loop for only a few milliseconds while an ingest publishes beside the API.
 * Outside a transaction (SQLite's batched publish) each batch commits by itself, and the next
 * waits as long as it took: SQLite's other writers (a key created, a webhook claimed, in another
 * process) poll for the lock while they wait, and so find it free half the time, not never.
 */
export async function insertInBatches<T extends keyof Database>(
  db: DbOrTx,
  table: T,
  rows: Database[T][],
): Promise<number> {
  if (rows.length === 0) return 0;
  const columns = Object.keys(rows[0] as object).length;
  const batchSize = Math.max(1, Math.floor(8_000 / columns));
  let pause = 0;
  for (let i = 0; i < rows.length; i += batchSize) {
    // better-sqlite3 runs each statement synchronously: let the event loop serve requests between batches.
    if (i > 0) await new Promise((resolve) => (pause > 0 ? setTimeout(resolve, pause) : setImmediate(resolve)));
    const started = performance.now();
    // Kysely cannot relate a generic table name to its row type; the signature above keeps callers exact.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + batchSize) as never)
      .execute();
    if (!db.isTransaction) pause = Math.max(1, performance.now() - started);
  }
  return rows.length;
}
