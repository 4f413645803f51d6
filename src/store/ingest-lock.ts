import { sql } from 'kysely';
import type { Store } from './database.js';

/** Arbitrary constant naming the ingest's PostgreSQL advisory lock. */
const INGEST_LOCK_ID = 74_318_512;

export class IngestBusyError extends Error {
  override name = 'IngestBusyError';
}

/**
 * Two ingests must never overlap. On PostgreSQL a session advisory lock guards it across
 * machines; SQLite is one file on one machine, and its single writer serialises the rest.
 */
export async function withIngestLock<T>(store: Store, work: () => Promise<T>): Promise<T> {
  if (store.dialect !== 'postgres') return work();
  return store.db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${INGEST_LOCK_ID}) as locked`.execute(conn);
    if (!rows[0]?.locked) throw new IngestBusyError('another ingest is running against this database');
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${INGEST_LOCK_ID})`.execute(conn);
    }
  });
}
