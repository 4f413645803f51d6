import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { INTERRUPTED_RULE, type Check, type Edition } from '../domain/editions.js';
import type { Store } from '../store/database.js';
import {
  countInterruptions,
  findEditionByContent,
  forgetUnfinishedEdition,
  heartbeatEdition,
  previousSummary,
  publishEdition,
  quarantineEdition,
  recordDetectedEdition,
  relabelEdition,
  updateEditionSourceUri,
} from '../store/editions.js';
import { withIngestLock } from '../store/ingest-lock.js';
import { dueSources, recordFound, recordSourceCheck } from '../store/upstream-state.js';
import { storeFault, type StoreFault } from '../store/faults.js';
import { recordReachability } from '../store/publisher-reachability.js';
import type { PublisherFetcher } from './fetch/fetcher.js';
import { finishIngestRun, startIngestRun, type RunOutcome } from '../store/ingest-runs.js';
import { PublisherRefused, type DiscoveryOptions, type FoundRelease } from './discovery.js';
import { plausibleAgainstPrevious } from './checks/plausibility.js';
import { ReleaseRefused } from './checks/refusal.js';
import { HEARTBEAT_MS, recoverInterruptedIngests, THIS_INGEST } from './interrupted.js';
import { examineInWorker, examineRelease, LayoutError, ReadLimitError, type ExaminedRelease } from './parse-worker.js';
import { readLimits, useReadLimits, type ReadLimits } from './read-limits.js';
import { discoveryContext, readFromPublishers, type DocumentCounts } from './publisher-reads.js';
import { findSource } from './registry.js';
import type { AnySourceDescriptor, ReleaseRef } from './source.js';
import { FileTooLargeError, readFileOnDisk, type FileOnDisk, type Upstream } from './upstream.js';
import { formatBytes, mebibytes } from '../domain/numbers.js';

type ReleaseOutcome = 'published' | 'unchanged' | 'quarantined' | 'failed';

export interface ReleaseResult {
  label: string;
  outcome: ReleaseOutcome;
  editionId: string;
  checks: Check[];
  rowsStored: number | null;
  /** Bytes read from upstream for the release (all its files). */
  bytes: number;
  ms: number;
  /** The publisher refused this client (HTTP 401/403) the release's file. */
  refused?: true;
}

export interface SourceResult {
  sourceKey: string;
  outcome: RunOutcome;
  releases: ReleaseResult[];
  /** Why the source failed or had nothing to read. */
  message: string | null;
  ms: number;
  /** The publisher's documents its discovery read: downloaded whole, or unchanged (304) and answered from the kept copy. */
  documents?: DocumentCounts;
}

/** Receives each step as it happens; the CLI draws it on a TTY, the server logs it. */
export interface IngestProgress {
  step(sourceKey: string, text: string): void;
  sourceDone(result: SourceResult): void;
}

const silentProgress: IngestProgress = { step: () => undefined, sourceDone: () => undefined };

export interface IngestOptions {
  store: Store;
  upstream: Upstream;
  sources: AnySourceDescriptor[];
  progress?: IngestProgress;
  /** Bounds over every source's own (a small container may want less memory than the defaults). */
  limits?: Partial<ReadLimits>;
  /** What discovery needs from the operator (LMI_ESCO_PACKAGE, LMI_NCS_INTERVAL_MS). */
  discovery?: DiscoveryOptions;
  /** Where discovery builds its files (removed after each source); the system's temporary folder by default. */
  workDir?: string;
  /** Where discovery documents are kept between runs to be asked for conditionally; none kept when absent. */
  documentCacheDir?: string;
  /** LMI_REFRESH_INTERVAL: when each source is next due; null: no schedule. */
  refreshIntervalMs?: number | null;
  /** Only the sources whose next check is due (the refresh schedule); every source otherwise (`lmi ingest`). */
  dueOnly?: boolean;
  /**
   * Whether a run from the publishers first tries every publisher host at once (`tryPublishers`);
   * true unless said. Tests that count a publisher double's requests say false.
   */
  tryPublishersFirst?: boolean;
}

const NO_DISCOVERY_OPTIONS: DiscoveryOptions = { escoPackage: null, ncsIntervalMs: 1000 };

/**
 * detect -> fetch -> parse -> validate -> publish | quarantine, for each source in turn. A source
 * that fails never stops the others; its previous edition keeps serving.
 */
export async function ingestSources(options: IngestOptions): Promise<SourceResult[]> {
  const progress = options.progress ?? silentProgress;
  return withIngestLock(options.store, async () => {
    // Holding the lock (PostgreSQL), any edition still in progress was left by a dead ingest.
    await recoverInterruptedIngests(options.store, undefined, options.store.dialect === 'postgres');
    const results: SourceResult[] = [];
    const due = options.dueOnly
      ? await dueSources(
          options.store.db,
          options.sources.map((s) => s.key),
        )
      : new Set(options.sources.map((s) => s.key));
    const sources = options.sources.filter((s) => due.has(s.key));
    await tryPublishers(options, sources);
    for (const source of sources) {
      const result = await ingestSource(options, source, progress);
      await recordSourceCheck(
        options.store.db,
        {
          sourceKey: source.key,
          outcome: result.outcome,
          message: result.message,
          upstream: options.upstream.kind,
          failed: result.outcome === 'failed' || result.outcome === 'refused',
        },
        options.refreshIntervalMs ?? null,
      );
      progress.sourceDone(result);
      results.push(result);
    }
    return results;
  });
}

/**
 * Tries every publisher host of these sources at once (one attempt each, under the fetcher's
 * connect and first-byte bounds) and records what it found, so that behind a firewall every
 * unreachable publisher is named within those bounds, not after one source after another has
 * spent its retries. The fetcher remembers a host that did not answer, and fails the run's later
 * requests to it at once, with the same reason.
 */
async function tryPublishers(options: IngestOptions, sources: AnySourceDescriptor[]): Promise<void> {
  const fetcher: PublisherFetcher | undefined = options.upstream.fetcher;
  if (options.upstream.kind !== 'publishers' || !fetcher || options.tryPublishersFirst === false) return;
  const pages = new Map<string, string>();
  for (const source of sources) {
    const host = new URL(source.url).host;
    if (source.discover && !pages.has(host)) pages.set(host, source.url);
  }
  const checkedAt = new Date().toISOString();
  const reaches = await Promise.all([...pages].map(async ([host, url]) => ({ host, reach: await fetcher.reach(url) })));
  await recordReachability(
    options.store.db,
    reaches.map(({ host, reach }) => ({
      host,
      checkedAt,
      reachable: reach.reachable,
      kind: reach.reachable ? null : reach.kind,
      reason: reach.reachable ? null : reach.reason,
    })),
  );
}

async function ingestSource(
  options: IngestOptions,
  source: AnySourceDescriptor,
  progress: IngestProgress,
): Promise<SourceResult> {
  const started = Date.now();
  const { store, upstream } = options;
  const runId = await startIngestRun(store.db, source.key);
  const releases: ReleaseResult[] = [];
  let outcome: RunOutcome;
  let message: string | null = null;
  let documents: DocumentCounts | undefined;
  try {
    progress.step(source.key, 'detecting releases');
    const { refs, found, counts } = await findReleases(options, source);
    documents = counts;
    if (refs.length === 0) {
      outcome = found.length > 0 ? 'found' : 'unavailable';
      message =
        found.length > 0
          ? `newest release found: ${describeFound(found.at(-1)!)}; this service does not read it yet`
          : upstream.kind === 'publishers' && !source.discover
            ? 'this source is read only from a mirror (LMI_UPSTREAM_DIR): its publisher offers no address to discover'
            : `no release found in ${upstream.description}`;
    } else {
      const limits = readLimits({ ...source.limits, ...options.limits });
      // One release that cannot be read never stops the others of its source.
      for (const ref of refs) releases.push(await ingestReleaseSafely(options, source, ref, progress, limits));
      ({ outcome, message } = sourceOutcome(releases));
    }
  } catch (error) {
    outcome = error instanceof PublisherRefused ? 'refused' : 'failed';
    message = error instanceof Error ? error.message : String(error);
  } finally {
    await workFolders.get(source.key)?.();
    workFolders.delete(source.key);
  }
  await closeRun(store, runId, outcome, message);
  return {
    sourceKey: source.key,
    outcome,
    releases,
    message,
    ms: Date.now() - started,
    ...(documents && { documents }),
  };
}

/**
 * Records the run's outcome; asked once more a second later when the database refused (a full
 * disk can free a little as the failed transaction's journal is dropped). A run still left open
 * is closed as failed by the next start's recovery (src/ingest/interrupted.ts).
 */
async function closeRun(store: Store, runId: string, outcome: RunOutcome, message: string | null): Promise<void> {
  try {
    await finishIngestRun(store.db, runId, outcome, message);
  } catch (error) {
    if (!storeFault(error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await finishIngestRun(store.db, runId, outcome, message);
  }
}

/** The source's releases: from the mirror (`detect`), or from its publisher (`discover`), recording those only found. */
async function findReleases(
  options: IngestOptions,
  source: AnySourceDescriptor,
): Promise<{ refs: ReleaseRef[]; found: FoundRelease[]; counts?: DocumentCounts }> {
  const { upstream, store } = options;
  if (upstream.kind === 'mirror' || !upstream.fetcher) return { refs: await source.detect(upstream), found: [] };
  if (!source.discover) return { refs: [], found: [] };
  const { context, counts, finish, dispose } = await discoveryContext(
    upstream.fetcher,
    source.key,
    options.workDir ?? tmpdir(),
    options.discovery ?? NO_DISCOVERY_OPTIONS,
    options.documentCacheDir ?? null,
  );
  workFolders.set(source.key, dispose);
  const discovery = await source.discover(context);
  await finish();
  const found = discovery.found ?? [];
  for (const release of found) await recordFound(store.db, source.key, release);
  return { refs: discovery.releases, found, counts };
}

/** Folders discovery built files in, removed once the source's releases are read. */
const workFolders = new Map<string, () => Promise<void>>();

function describeFound(release: FoundRelease): string {
  return `"${release.label}"${release.releasedAt ? ` (${release.releasedAt.slice(0, 10)})` : ''} at ${release.url}`;
}

/** A source's outcome from its releases': a held-back release first, then any failure, then a publication. */
function sourceOutcome(releases: ReleaseResult[]): { outcome: RunOutcome; message: string | null } {
  const held = releases.filter((r) => r.outcome === 'quarantined' || r.outcome === 'failed');
  const outcome: RunOutcome = releases.some((r) => r.outcome === 'quarantined')
    ? 'quarantined'
    : releases.every((r) => r.outcome === 'failed')
      ? releases.every((r) => r.refused)
        ? 'refused'
        : 'failed'
      : releases.some((r) => r.outcome === 'published')
        ? 'published'
        : releases.some((r) => r.outcome === 'failed')
          ? 'failed'
          : 'unchanged';
  const message = held.length > 0 ? held.map((r) => `${r.label}: ${describeFailures(r.checks)}`).join('; ') : null;
  return { outcome, message };
}

const FAULT_WORDS: Record<StoreFault, string> = {
  full: 'its disk is full',
  corrupt: 'its file is damaged',
  busy: 'it stayed busy',
  unreachable: 'it does not answer',
};

/** Reads one release; a publisher that cannot be reached or refuses fails only this release. */
async function ingestReleaseSafely(
  options: IngestOptions,
  source: AnySourceDescriptor,
  ref: ReleaseRef,
  progress: IngestProgress,
  limits: ReadLimits,
): Promise<ReleaseResult> {
  const started = Date.now();
  try {
    return await ingestRelease(options.store, options.upstream, source, ref, progress, limits);
  } catch (error) {
    const observed = error instanceof Error ? error.message : String(error);
    // The database refusing the write (its disk full, the server away) is no fault of the release.
    const fault = storeFault(error);
    const rule = fault
      ? `the release can be written to the database (${FAULT_WORDS[fault]})`
      : `the release can be read from ${ref.location.url}`;
    return {
      label: ref.label,
      outcome: 'failed',
      editionId: '',
      checks: [{ rule, status: 'fail', observed }],
      rowsStored: null,
      bytes: 0,
      ms: Date.now() - started,
      ...(error instanceof PublisherRefused ? { refused: true } : {}),
    };
  }
}

/** Why a release that could not be read was held back: its limits, its layout, or a check its parser refused it on. */
function unreadable(error: unknown, limits: ReadLimits): Check[] {
  if (error instanceof ReleaseRefused) return error.checks;
  if (error instanceof FileTooLargeError) return [overCap(error)];
  const observed = error instanceof Error ? error.message : String(error);
  if (error instanceof ReadLimitError) {
    return [
      {
        rule: `reading the release stays within the source's limits (${limits.maxHeapMb} MB of memory, ${limits.maxParseMs / 1000} s, ${mebibytes(limits.maxInflatedBytes)} unpacked)`,
        status: 'fail',
        observed,
      },
    ];
  }
  return [{ rule: "the file can be read in the publisher's layout", status: 'fail', observed }];
}

/**
 * Parses and checks in a worker thread (off the thread that serves requests, bounded in memory
 * and time), which reads the files from disk itself. A descriptor that is not the registered one
 * (a test's wrapper around it) cannot be found by the worker, and is read here, within the same
 * size and inflate limits.
 */
async function examine(
  source: AnySourceDescriptor,
  file: FileOnDisk,
  ref: ReleaseRef,
  companions: FileOnDisk[],
  limits: ReadLimits,
): Promise<ExaminedRelease> {
  if (findSource(source.key) === source) return examineInWorker(source.key, file, ref, companions, limits);
  useReadLimits(limits);
  try {
    const read = (f: FileOnDisk) => readFileOnDisk(f, limits.maxFileBytes);
    return await examineRelease(source, await read(file), ref, await Promise.all(companions.map(read)));
  } catch (error) {
    throw error instanceof ReleaseRefused || error instanceof FileTooLargeError
      ? error
      : new LayoutError(error instanceof Error ? error.message : String(error));
  } finally {
    useReadLimits(readLimits());
  }
}

/**
 * Whether bytes seen before are read again: never when they published or failed a check; once
 * more when an ingest reading them was interrupted (a restart after a crash), but not after a
 * second interruption, so that a release that takes the process down is not retried in a loop.
 */
async function readAgain(store: Store, known: Edition): Promise<boolean> {
  if (known.status !== 'quarantined' || !known.checks.every((c) => c.rule === INTERRUPTED_RULE)) return false;
  return (await countInterruptions(store.db, known.sourceKey, known.sha256)) < 2;
}

async function ingestRelease(
  store: Store,
  upstream: Upstream,
  source: AnySourceDescriptor,
  ref: ReleaseRef,
  progress: IngestProgress,
  limits: ReadLimits,
): Promise<ReleaseResult> {
  const started = Date.now();
  const { db } = store;
  progress.step(source.key, `reading ${ref.label}`);
  let file: FileOnDisk;
  let companions: FileOnDisk[];
  let remember: (releaseSha256: string) => Promise<void> = async () => undefined;
  try {
    if (upstream.fetcher) {
      const read = await readFromPublishers(store, upstream.fetcher, source.key, ref, limits.maxFileBytes);
      if (read.kind === 'unchanged') return unchangedResult(read.edition, 0, started);
      ({ file, companions, remember } = read);
    } else {
      file = await upstream.locate(ref.location, limits.maxFileBytes);
      companions = await Promise.all(
        (ref.companions ?? []).map((location) => upstream.locate(location, limits.maxFileBytes)),
      );
    }
  } catch (error) {
    if (error instanceof FileTooLargeError && error.sha256) return oversized(store, source, ref, error, started);
    throw error;
  }
  const sha256 = releaseSha256(file, companions);
  const bytes = [file, ...companions].reduce((sum, f) => sum + f.size, 0);
  progress.step(source.key, `read ${ref.label} (${formatBytes(bytes)})`);
  const known = await findEditionByContent(db, source.key, sha256);
  if (known && !(await readAgain(store, known))) {
    // Rewrites what an older ingest recorded (a server path) to what is read now.
    if (known.sourceUri !== file.uri) await updateEditionSourceUri(db, known.id, file.uri);
    await remember(sha256);
    return unchangedResult(known, bytes, started);
  }

  const edition: Edition = await recordDetectedEdition(db, {
    sourceKey: source.key,
    label: ref.label,
    seriesKey: ref.seriesKey,
    sourceUri: file.uri,
    sha256,
    owner: THIS_INGEST,
  });
  // Says this ingest is alive while it reads, so that only a dead one's editions are taken for interrupted.
  const heartbeat = setInterval(() => void heartbeatEdition(db, edition.id).catch(() => undefined), HEARTBEAT_MS);
  try {
    const settled = await readAndSettle(
      store,
      source,
      ref,
      edition,
      { file, companions, bytes, limits, started },
      progress,
    );
    await remember(sha256);
    return settled;
  } catch (error) {
    // A write the database refused leaves no release to hold back: the bytes are read again next time.
    if (storeFault(error)) await forgetUnfinishedEdition(db, edition.id).catch(() => undefined);
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

async function readAndSettle(
  store: Store,
  source: AnySourceDescriptor,
  ref: ReleaseRef,
  edition: Edition,
  read: { file: FileOnDisk; companions: FileOnDisk[]; bytes: number; limits: ReadLimits; started: number },
  progress: IngestProgress,
): Promise<ReleaseResult> {
  const { db } = store;
  const quarantine = async (checks: Check[], label: string): Promise<ReleaseResult> => {
    await quarantineEdition(db, edition.id, checks);
    return {
      label,
      outcome: 'quarantined',
      editionId: edition.id,
      checks,
      rowsStored: null,
      bytes: read.bytes,
      ms: Date.now() - read.started,
    };
  };

  progress.step(source.key, `parsing ${ref.label} (${formatBytes(read.bytes)})`);
  let examined: ExaminedRelease;
  try {
    examined = await examine(source, read.file, ref, read.companions, read.limits);
  } catch (error) {
    return quarantine(unreadable(error, read.limits), ref.label);
  }
  // The publisher's own name for the release stays its label; otherwise the contents may name it.
  const label = ref.namedByPublisher ? ref.label : (examined.label ?? ref.label);
  if (label !== ref.label) await relabelEdition(db, edition.id, label);

  progress.step(source.key, `checking ${label} (${formatBytes(read.bytes)} read)`);
  const previous = examined.summary ? await previousSummary(db, source.key) : null;
  const checks = [
    ...examined.checks,
    ...(examined.summary ? plausibleAgainstPrevious(examined.summary, previous, source.plausibility) : []),
  ];
  if (checks.some((c) => c.status === 'fail')) return quarantine(checks, label);

  progress.step(source.key, `publishing ${label}`);
  const published = await publishEdition(
    db,
    edition,
    checks,
    (staging) => source.stage(staging, edition.id, examined.parsed),
    examined.summary,
    { rowsInBatches: store.dialect === 'sqlite' },
  );
  return {
    label,
    outcome: 'published',
    editionId: edition.id,
    checks,
    rowsStored: published.rowsStored,
    bytes: read.bytes,
    ms: Date.now() - read.started,
  };
}

/** A file over the source's size cap is quarantined unread (once: the same bytes are then known). */
async function oversized(
  store: Store,
  source: AnySourceDescriptor,
  ref: ReleaseRef,
  error: FileTooLargeError,
  started: number,
): Promise<ReleaseResult> {
  const known = await findEditionByContent(store.db, source.key, error.sha256!);
  if (known) return unchangedResult(known, error.bytes, started);
  const edition = await recordDetectedEdition(store.db, {
    sourceKey: source.key,
    label: ref.label,
    seriesKey: ref.seriesKey,
    sourceUri: error.uri,
    sha256: error.sha256!,
    owner: THIS_INGEST,
  });
  const checks = [overCap(error)];
  await quarantineEdition(store.db, edition.id, checks);
  return {
    label: ref.label,
    outcome: 'quarantined',
    editionId: edition.id,
    checks,
    rowsStored: null,
    bytes: error.bytes,
    ms: Date.now() - started,
  };
}

function overCap(error: FileTooLargeError): Check {
  return {
    rule: `the file is at most ${mebibytes(error.maxBytes)}, the size this source reads`,
    status: 'fail',
    observed: `${mebibytes(error.bytes)} (${error.bytes} bytes${error.exact ? '' : ' or more'}); not read`,
  };
}

function unchangedResult(known: Edition, bytes: number, started: number): ReleaseResult {
  return {
    label: known.label,
    outcome: 'unchanged',
    editionId: known.id,
    checks: known.checks,
    rowsStored: known.rowsStored,
    bytes,
    ms: Date.now() - started,
  };
}

/** A one-file release is identified by its file's SHA-256; a release of several by the hash of their hashes. */
function releaseSha256(file: FileOnDisk, companions: FileOnDisk[]): string {
  if (companions.length === 0) return file.sha256;
  return createHash('sha256')
    .update([file, ...companions].map((f) => f.sha256).join('\n'))
    .digest('hex');
}

function describeFailures(checks: Check[]): string {
  return checks
    .filter((c) => c.status === 'fail')
    .map((c) => (c.observed ? `${c.rule} (observed: ${c.observed})` : c.rule))
    .join('; ');
}
