import { sql } from 'kysely';
import type { Store } from './database.js';

/** Arbitrary constant naming the ingest's PostgreSQL advisory locks (the second key is the schema's). */
const INGEST_LOCK_CLASS = 74_318_512;

export class IngestBusyError extends Error {
  override name = 'IngestBusyError';
}

/**
 * Two ingests into the same data must never overlap. On PostgreSQL a session advisory lock
 * guards it across machines; it is scoped to the schema, so deployments (or test runs) sharing a
 * database in separate schemas do not hold each other up. SQLite is one file on one machine, and
 * its single writer serialises the rest.
 */
export async function withIngestLock<T>(store: Store, work: () => Promise<T>): Promise<T> {
  if (store.dialect !== 'postgres') return work();
  return store.db.connection().execute(async (conn) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(${INGEST_LOCK_CLASS}, hashtext(current_schema())) as locked`.execute(conn);
    if (!rows[0]?.locked) throw new IngestBusyError('another ingest is running against this database');
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${INGEST_LOCK_CLASS}, hashtext(current_schema()))`.execute(conn);
    }
  });
}
