import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Store } from './database.js';

/** How often the SQLite lease's holder says it is alive, and after how long without a word it is taken over. */
const LEASE_HEARTBEAT_MS = 5_000;
const LEASE_STALE_MS = 30_000;

/** Arbitrary constant naming the ingest's PostgreSQL advisory locks (the second key is the schema's). */
const INGEST_LOCK_CLASS = 74_318_512;

export class IngestBusyError extends Error {
  override name = 'IngestBusyError';
}

/**
 * Two ingests into the same data must never overlap. On PostgreSQL a session advisory lock
 * guards it across machines; it is scoped to the schema, so deployments (or test runs) sharing a
 * database in separate schemas do not hold each other up. On SQLite (replicas sharing one data
 * folder, or `lmi ingest` beside a serving process) a lease row does: taken when free or silent
 * for LEASE_STALE_MS (its holder died), kept alive by a heartbeat, deleted at the end.
 */
export async function withIngestLock<T>(store: Store, work: () => Promise<T>): Promise<T> {
  if (store.dialect !== 'postgres') return withSqliteLease(store, work);
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

async function withSqliteLease<T>(store: Store, work: () => Promise<T>): Promise<T> {
  const { db } = store;
  const owner = `${hostname()}:${process.pid}:${randomUUID()}`;
  const now = () => new Date().toISOString();
  const current = await db.selectFrom('ingest_lease').selectAll().where('id', '=', 1).executeTakeFirst();
  if (current && holderIsGone(current))
    await db.deleteFrom('ingest_lease').where('owner', '=', current.owner).execute();
  await db
    .insertInto('ingest_lease')
    .values({ id: 1, owner, heartbeat_at: now() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const holder = await db.selectFrom('ingest_lease').select('owner').where('id', '=', 1).executeTakeFirst();
  if (holder?.owner !== owner)
    throw new IngestBusyError(`another ingest is running against this database (${holder?.owner ?? 'unknown'})`);
  const heartbeat = setInterval(
    () =>
      void db
        .updateTable('ingest_lease')
        .set({ heartbeat_at: now() })
        .where('owner', '=', owner)
        .execute()
        .catch(() => undefined),
    LEASE_HEARTBEAT_MS,
  );
  try {
    return await work();
  } finally {
    clearInterval(heartbeat);
    await db.deleteFrom('ingest_lease').where('owner', '=', owner).execute();
  }
}

/** A lease whose holder went silent, or whose process on this host no longer exists (killed). */
function holderIsGone(lease: { owner: string; heartbeat_at: string }): boolean {
  if (Date.now() - Date.parse(lease.heartbeat_at) > LEASE_STALE_MS) return true;
  const [host, pid] = lease.owner.split(':');
  if (host !== hostname() || Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'EPERM';
  }
}
