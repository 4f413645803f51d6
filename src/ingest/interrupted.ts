import { hostname } from 'node:os';
import { markInterruptedEditions, type InProgressEdition } from '../store/editions.js';
import type { Store } from '../store/database.js';
import { IngestBusyError, withIngestLock } from '../store/ingest-lock.js';

/** How often an ingest says it is still reading a release, and after how long without a word it is taken for dead. */
export const HEARTBEAT_MS = 5_000;
const HEARTBEAT_STALE_MS = 30_000;

/** Who is reading an edition: this process on this host. */
export const THIS_INGEST = `${hostname()}:${process.pid}`;

/**
 * Whether the reader of an in-progress edition is gone: a process of this host that no longer
 * exists (found at once after a kill -9), or any reader silent for longer than HEARTBEAT_STALE_MS
 * (another host's, or one from before readers were recorded).
 */
function readerIsGone(edition: InProgressEdition, now = Date.now()): boolean {
  const silentFor = edition.heartbeatAt === null ? Infinity : now - Date.parse(edition.heartbeatAt);
  if (silentFor > HEARTBEAT_STALE_MS) return true;
  const [host, pid] = (edition.owner ?? '').split(/:(?=\d+$)/);
  return host === hostname() && pid !== undefined && Number(pid) !== process.pid && !processAlive(Number(pid));
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Marks the editions a killed or crashed ingest left in progress as quarantined, with the reason
 * (they then show in /v1/meta/editions and in /v1/meta/ingest's `quarantined`). Run at start-up
 * by `lmi serve` and `lmi ingest`, and by the pipeline for each source. On PostgreSQL, when no
 * ingest holds the lock, every in-progress edition is dead; while one does, only silent or dead
 * readers are. Returns what was marked.
 */
export async function recoverInterruptedIngests(
  store: Store,
  sourceKey?: string,
  lockHeld = false,
): Promise<InProgressEdition[]> {
  if (lockHeld || store.dialect !== 'postgres')
    return markInterruptedEditions(store.db, (e) => lockHeld || readerIsGone(e), sourceKey);
  try {
    return await withIngestLock(store, () => markInterruptedEditions(store.db, () => true, sourceKey));
  } catch (error) {
    if (!(error instanceof IngestBusyError)) throw error;
    return markInterruptedEditions(store.db, (e) => readerIsGone(e), sourceKey);
  }
}
