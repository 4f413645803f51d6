import { randomUUID } from 'node:crypto';
import { sql, type Updateable } from 'kysely';
import {
  EditionTransitionError,
  enteredFrom,
  INTERRUPTED_RULE,
  IN_PROGRESS_STATUSES,
  SERVABLE_STATUSES,
  type Check,
  type Edition,
  type EditionStatus,
  type EditionSummary,
} from '../domain/editions.js';
import { recordPublication, recordQuarantine } from './changes.js';
import { nowIso } from './clock.js';
import { deleteStagedRows, StagedTables } from './staged-rows.js';
import type { Db, DbOrTx } from './schema.js';
import type { EditionsTable } from './tables/meta.js';

function toEdition(row: EditionsTable): Edition {
  return {
    id: row.id,
    sourceKey: row.source_key,
    label: row.label,
    seriesKey: row.series_key,
    status: row.status,
    detectedAt: row.detected_at,
    publishedAt: row.published_at,
    sourceUri: row.source_uri,
    sha256: row.sha256,
    checks: JSON.parse(row.checks) as Check[],
    rowsStored: row.rows_stored === null ? null : Number(row.rows_stored),
  };
}

export interface NewEdition {
  sourceKey: string;
  label: string;
  seriesKey: string | null;
  sourceUri: string;
  sha256: string;
  /** `<host>:<pid>` of the process reading it (see `markInterruptedEditions`). */
  owner?: string;
}

export async function recordDetectedEdition(db: Db, edition: NewEdition): Promise<Edition> {
  const row: EditionsTable = {
    id: randomUUID(),
    source_key: edition.sourceKey,
    label: edition.label,
    series_key: edition.seriesKey,
    status: 'parsing',
    detected_at: nowIso(),
    published_at: null,
    source_uri: edition.sourceUri,
    sha256: edition.sha256,
    checks: '[]',
    rows_stored: null,
    ingest_owner: edition.owner ?? null,
    heartbeat_at: nowIso(),
    summary: null,
  };
  await db.insertInto('editions').values(row).execute();
  return toEdition(row);
}

/** An edition of this source already made from exactly these bytes (whatever became of it). */
export async function findEditionByContent(db: Db, sourceKey: string, sha256: string): Promise<Edition | null> {
  const row = await db
    .selectFrom('editions')
    .selectAll()
    .where('source_key', '=', sourceKey)
    .where('sha256', '=', sha256)
    .where('status', 'not in', IN_PROGRESS_STATUSES)
    .orderBy('detected_at', 'desc')
    .executeTakeFirst();
  return row ? toEdition(row) : null;
}

/** Where an edition's bytes were read from, as this ingest names it. */
export async function updateEditionSourceUri(db: Db, editionId: string, sourceUri: string): Promise<void> {
  await db.updateTable('editions').set({ source_uri: sourceUri }).where('id', '=', editionId).execute();
}

/** The reader of an in-progress edition is still at it. */
export async function heartbeatEdition(db: Db, editionId: string): Promise<void> {
  await db
    .updateTable('editions')
    .set({ heartbeat_at: nowIso() })
    .where('id', '=', editionId)
    .where('status', 'in', IN_PROGRESS_STATUSES)
    .execute();
}

/** An in-progress edition as `markInterruptedEditions` sees it. */
export interface InProgressEdition {
  id: string;
  sourceKey: string;
  label: string;
  status: EditionStatus;
  owner: string | null;
  heartbeatAt: string | null;
}

/**
 * Editions left in an in-progress state by an ingest that stopped part-way (a kill -9, a crash)
 * become `quarantined` with a failed check saying so; they carry no data rows (staging and
 * publishing are one transaction). `interrupted` tells a dead reader from a live one. The ingest
 * runs of their sources left unfinished are closed as failed. Returns the editions marked.
 */
export async function markInterruptedEditions(
  db: Db,
  interrupted: (edition: InProgressEdition) => boolean,
  sourceKey?: string,
): Promise<InProgressEdition[]> {
  let query = db
    .selectFrom('editions')
    .select(['id', 'source_key', 'label', 'status', 'ingest_owner', 'heartbeat_at'])
    .where('status', 'in', IN_PROGRESS_STATUSES);
  if (sourceKey !== undefined) query = query.where('source_key', '=', sourceKey);
  const found = (await query.execute()).map((r) => ({
    id: r.id,
    sourceKey: r.source_key,
    label: r.label,
    status: r.status,
    owner: r.ingest_owner,
    heartbeatAt: r.heartbeat_at,
  }));
  const marked = found.filter(interrupted);
  const at = nowIso();
  for (const edition of marked) {
    const check: Check = {
      rule: INTERRUPTED_RULE,
      status: 'fail',
      observed: `the ingest stopped while the release was ${edition.status} (last heard of ${edition.heartbeatAt ?? 'never'}); marked at ${at}`,
    };
    // Held back, but no change feed entry nor webhook: nothing was found wrong with the release
    // (its bytes are read again once, src/ingest/pipeline.ts), so subscribers have nothing to hear.
    await db
      .updateTable('editions')
      .set({ status: 'quarantined', checks: JSON.stringify([check]), ingest_owner: null })
      .where('id', '=', edition.id)
      .where('status', 'in', enteredFrom('quarantined'))
      .execute();
    await db
      .updateTable('ingest_runs')
      .set({ finished_at: at, outcome: 'failed', message: `interrupted while reading ${edition.label}` })
      .where('source_key', '=', edition.sourceKey)
      .where('finished_at', 'is', null)
      .execute();
  }
  return marked;
}

/** Drops an edition still being read (the database refused its rows): nothing of it was published or held back. */
export async function forgetUnfinishedEdition(db: Db, editionId: string): Promise<void> {
  await db.deleteFrom('editions').where('id', '=', editionId).where('status', '=', 'parsing').execute();
}

/** How many times an ingest was interrupted reading exactly these bytes of the source. */
export async function countInterruptions(db: Db, sourceKey: string, sha256: string): Promise<number> {
  const rows = await db
    .selectFrom('editions')
    .select('checks')
    .where('source_key', '=', sourceKey)
    .where('sha256', '=', sha256)
    .where('status', '=', 'quarantined')
    .execute();
  return rows.filter((r) => (JSON.parse(r.checks) as Check[]).some((c) => c.rule === INTERRUPTED_RULE)).length;
}

/** The summary of the source's most recently published release (current or superseded), to compare a new one with. */
export async function previousSummary(
  db: Db,
  sourceKey: string,
): Promise<{ label: string; summary: EditionSummary } | null> {
  const row = await db
    .selectFrom('editions')
    .select(['label', 'summary'])
    .where('source_key', '=', sourceKey)
    .where('status', 'in', SERVABLE_STATUSES)
    .where('summary', 'is not', null)
    .orderBy('published_at', 'desc')
    .executeTakeFirst();
  return row?.summary ? { label: row.label, summary: JSON.parse(row.summary) as EditionSummary } : null;
}

export async function relabelEdition(db: Db, editionId: string, label: string): Promise<void> {
  await db.updateTable('editions').set({ label }).where('id', '=', editionId).execute();
}

/** Moves the edition to `to`, or throws if its lifecycle does not allow that from its state now. */
async function transition(
  db: DbOrTx,
  editionId: string,
  to: EditionStatus,
  changes: Omit<Updateable<EditionsTable>, 'status'>,
): Promise<void> {
  const { numUpdatedRows } = await db
    .updateTable('editions')
    .set({ ...changes, status: to })
    .where('id', '=', editionId)
    .where('status', 'in', enteredFrom(to))
    .executeTakeFirst();
  if (Number(numUpdatedRows) === 0) throw new EditionTransitionError(editionId, to);
}

/** Holds the edition back, and writes its entry in the change feed, in one transaction. */
export async function quarantineEdition(db: Db, editionId: string, checks: Check[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await transition(trx, editionId, 'quarantined', { checks: JSON.stringify(checks), ingest_owner: null });
    const { source_key } = await trx
      .selectFrom('editions')
      .select('source_key')
      .where('id', '=', editionId)
      .executeTakeFirstOrThrow();
    await recordQuarantine(trx, { id: editionId, sourceKey: source_key }, checks, nowIso());
  });
}

interface PublishOptions {
  /**
   * Write the rows in short transactions of their own, then make the edition current in one short
   * transaction (SQLite). SQLite has one writer at a time: a release's rows in one transaction
   * held the lock for as long as they took to write (a minute for ASHE on a loaded machine), so
   * every key write and webhook claim of the serving process waited its busy timeout and failed.
   * Readers never see the rows early: every read goes through a published edition's id, and the
   * edition is published only once they are all written. A stage that fails deletes what it wrote.
   */
  rowsInBatches?: boolean;
}

/**
 * Stages the edition's rows and makes it current for its series: readers see either the previous
 * edition or the new one complete, never a mix. The edition it replaces in the same series becomes
 * `superseded` and keeps its rows, so it can still be pinned. The rows are written in the
 * publishing transaction (PostgreSQL, whose writers do not block each other) or before it, batch
 * by batch (`rowsInBatches`).
 */
export async function publishEdition(
  db: Db,
  edition: Edition,
  checks: Check[],
  stage: (db: DbOrTx) => Promise<number>,
  summary: EditionSummary | null = null,
  options: PublishOptions = {},
): Promise<Edition> {
  if (!options.rowsInBatches)
    return db.transaction().execute(async (trx) => settlePublication(trx, edition, checks, await stage(trx), summary));
  const staged = new StagedTables();
  try {
    const rowsStored = await stage(db.withPlugin(staged));
    return await db.connection().execute(async (conn) => {
      // IMMEDIATE: take the write lock first, so that a write committed by another process while
      // this transaction reads cannot make its first write fail (SQLITE_BUSY_SNAPSHOT).
      await sql`begin immediate`.execute(conn);
      try {
        const published = await settlePublication(conn, edition, checks, rowsStored, summary);
        await sql`commit`.execute(conn);
        return published;
      } catch (error) {
        await sql`rollback`.execute(conn);
        throw error;
      }
    });
  } catch (error) {
    // Best effort: on a full disk the delete can fail too, and the rows left are never read (the
    // edition is not published); the error that stopped the publish is the one to report.
    await deleteStagedRows(db, edition.id, staged).catch(() => undefined);
    throw error;
  }
}

/** Supersedes the series' published edition and publishes this one, with its feed entry. */
async function settlePublication(
  trx: DbOrTx,
  edition: Edition,
  checks: Check[],
  rowsStored: number,
  summary: EditionSummary | null,
): Promise<Edition> {
  const publishedAt = nowIso();
  await recordPublication(trx, edition, rowsStored, summary, publishedAt, async () => {
    await trx
      .updateTable('editions')
      .set({ status: 'superseded' })
      .where('source_key', '=', edition.sourceKey)
      .where('status', 'in', enteredFrom('superseded'))
      .where(sql<string>`coalesce(series_key, '')`, '=', edition.seriesKey ?? '')
      .execute();
    await transition(trx, edition.id, 'published', {
      published_at: publishedAt,
      checks: JSON.stringify(checks),
      rows_stored: rowsStored,
      ingest_owner: null,
      summary: summary && JSON.stringify(summary),
    });
  });
  return { ...edition, status: 'published', publishedAt, checks, rowsStored };
}

/** Every edition, or those of one source, newest first, quarantined ones included. */
export async function listEditions(db: DbOrTx, sourceKey?: string): Promise<Edition[]> {
  let query = db.selectFrom('editions').selectAll().where('status', 'not in', IN_PROGRESS_STATUSES);
  if (sourceKey !== undefined) query = query.where('source_key', '=', sourceKey);
  const rows = await query.orderBy('detected_at', 'desc').orderBy('id').execute();
  return rows.map(toEdition);
}

/** The published edition of each series of each source (the ones the API serves). */
export async function listCurrentEditions(db: DbOrTx): Promise<Edition[]> {
  const rows = await db
    .selectFrom('editions')
    .selectAll()
    .where('status', '=', 'published')
    .orderBy('source_key')
    .orderBy('series_key')
    .execute();
  return rows.map(toEdition);
}

export async function findEdition(db: DbOrTx, id: string): Promise<Edition | null> {
  const row = await db.selectFrom('editions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toEdition(row) : null;
}
