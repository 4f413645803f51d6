import type { FoundReleaseRecord, SourceCheck } from '../domain/sources.js';
import { nowIso } from './clock.js';
import type { Db } from './schema.js';

/** What a publisher said about an address last time, and the release its bytes settled into. */
export interface FetchState {
  etag: string | null;
  lastModified: string | null;
  fileSha256: string | null;
  releaseSha256: string | null;
  fingerprint: string | null;
}

export async function getFetchState(db: Db, sourceKey: string, url: string): Promise<FetchState | null> {
  const row = await db
    .selectFrom('upstream_fetches')
    .selectAll()
    .where('source_key', '=', sourceKey)
    .where('url', '=', url)
    .executeTakeFirst();
  if (!row) return null;
  return {
    etag: row.etag,
    lastModified: row.last_modified,
    fileSha256: row.file_sha256,
    releaseSha256: row.release_sha256,
    fingerprint: row.fingerprint,
  };
}

/** Saved only once the release has settled, so that an interrupted read is fetched again in full. */
export async function saveFetchState(db: Db, sourceKey: string, url: string, state: FetchState): Promise<void> {
  const values = {
    etag: state.etag,
    last_modified: state.lastModified,
    file_sha256: state.fileSha256,
    release_sha256: state.releaseSha256,
    fingerprint: state.fingerprint,
    checked_at: nowIso(),
  };
  await db
    .insertInto('upstream_fetches')
    .values({ source_key: sourceKey, url, ...values })
    .onConflict((oc) => oc.columns(['source_key', 'url']).doUpdateSet(values))
    .execute();
}

export async function recordFound(
  db: Db,
  sourceKey: string,
  found: Omit<FoundReleaseRecord, 'foundAt'>,
): Promise<void> {
  const now = nowIso();
  const values = {
    label: found.label,
    series_key: found.seriesKey,
    released_at: found.releasedAt,
    page_url: found.pageUrl,
    last_found_at: now,
  };
  await db
    .insertInto('found_releases')
    .values({ source_key: sourceKey, url: found.url, first_found_at: now, ...values })
    .onConflict((oc) => oc.columns(['source_key', 'url']).doUpdateSet(values))
    .execute();
}

/** Each source's newest found release: by the publisher's date, else by when it was first found. */
export async function newestFoundBySource(db: Db): Promise<Map<string, FoundReleaseRecord>> {
  const rows = await db.selectFrom('found_releases').selectAll().execute();
  const newest = new Map<string, FoundReleaseRecord>();
  const order = (r: { released_at: string | null; first_found_at: string }) => r.released_at ?? r.first_found_at;
  for (const row of rows.sort((a, b) => order(a).localeCompare(order(b))))
    newest.set(row.source_key, {
      label: row.label,
      seriesKey: row.series_key,
      releasedAt: row.released_at,
      url: row.url,
      pageUrl: row.page_url,
      foundAt: row.last_found_at,
    });
  return newest;
}

/**
 * A failed check is tried again soon, so a publisher back after a blip is read within seconds:
 * 5 s, 30 s, 2 min, 10 min, then every 30 min; never later than the interval.
 */
const RETRY_AFTER_MS = [5_000, 30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000];

/**
 * Records a source's check and when it is next due: `intervalMs` after a check that went well, a
 * back-off after one that failed; null interval (no schedule) leaves no next check.
 */
export async function recordSourceCheck(
  db: Db,
  check: { sourceKey: string; outcome: string; message: string | null; upstream: string; failed: boolean },
  intervalMs: number | null,
  now = new Date(),
): Promise<void> {
  const previous = await db
    .selectFrom('source_checks')
    .select('consecutive_failures')
    .where('source_key', '=', check.sourceKey)
    .executeTakeFirst();
  const failures = check.failed ? (previous?.consecutive_failures ?? 0) + 1 : 0;
  const wait =
    intervalMs === null
      ? null
      : failures > 0
        ? Math.min(RETRY_AFTER_MS[Math.min(failures, RETRY_AFTER_MS.length) - 1]!, intervalMs)
        : intervalMs;
  const values = {
    last_checked_at: now.toISOString(),
    next_check_at: wait === null ? null : new Date(now.getTime() + wait).toISOString(),
    last_outcome: check.outcome,
    last_message: check.message,
    consecutive_failures: failures,
    upstream: check.upstream,
  };
  await db
    .insertInto('source_checks')
    .values({ source_key: check.sourceKey, ...values })
    .onConflict((oc) => oc.column('source_key').doUpdateSet(values))
    .execute();
}

export async function sourceChecks(db: Db): Promise<Map<string, SourceCheck>> {
  const rows = await db.selectFrom('source_checks').selectAll().execute();
  return new Map(
    rows.map((r) => [
      r.source_key,
      {
        lastChecked: r.last_checked_at,
        nextCheck: r.next_check_at,
        lastOutcome: r.last_outcome,
        message: r.last_message,
        upstream: r.upstream,
      },
    ]),
  );
}

/** When the soonest next check of these sources falls, or null when none is set. */
export async function soonestCheck(db: Db, keys: string[]): Promise<string | null> {
  if (keys.length === 0) return null;
  const row = await db
    .selectFrom('source_checks')
    .where('source_key', 'in', keys)
    .select((eb) => eb.fn.min('next_check_at').as('soonest'))
    .executeTakeFirst();
  return row?.soonest ?? null;
}

/** The sources whose next check is due at `now` (or that were never checked). */
export async function dueSources(db: Db, keys: string[], now = new Date()): Promise<Set<string>> {
  const checks = await sourceChecks(db);
  return new Set(
    keys.filter((key) => {
      const next = checks.get(key)?.nextCheck;
      return !next || next <= now.toISOString();
    }),
  );
}
