import { createHash } from 'node:crypto';
import { INTERRUPTED_RULE, type Check, type Edition } from '../domain/editions.js';
import type { Store } from '../store/database.js';
import {
  countInterruptions,
  findEditionByContent,
  heartbeatEdition,
  previousSummary,
  publishEdition,
  quarantineEdition,
  recordDetectedEdition,
  relabelEdition,
  updateEditionSourceUri,
} from '../store/editions.js';
import { withIngestLock } from '../store/ingest-lock.js';
import { finishIngestRun, startIngestRun, type RunOutcome } from '../store/ingest-runs.js';
import { plausibleAgainstPrevious } from './checks/plausibility.js';
import { ReleaseRefused } from './checks/refusal.js';
import { HEARTBEAT_MS, recoverInterruptedIngests, THIS_INGEST } from './interrupted.js';
import { examineInWorker, examineRelease, LayoutError, ReadLimitError, type ExaminedRelease } from './parse-worker.js';
import { readLimits, useReadLimits, type ReadLimits } from './read-limits.js';
import { findSource } from './registry.js';
import type { AnySourceDescriptor, ReleaseRef } from './source.js';
import { FileTooLargeError, type Upstream, type UpstreamFile } from './upstream.js';
import { formatBytes, mebibytes } from '../domain/numbers.js';

type ReleaseOutcome = 'published' | 'unchanged' | 'quarantined';

export interface ReleaseResult {
  label: string;
  outcome: ReleaseOutcome;
  editionId: string;
  checks: Check[];
  rowsStored: number | null;
  /** Bytes read from upstream for the release (all its files). */
  bytes: number;
  ms: number;
}

export interface SourceResult {
  sourceKey: string;
  outcome: RunOutcome;
  releases: ReleaseResult[];
  /** Why the source failed or had nothing to read. */
  message: string | null;
  ms: number;
}

/** Receives each step as it happens; the CLI draws it on a TTY, the server logs it. */
export interface IngestProgress {
  step(sourceKey: string, text: string): void;
  sourceDone(result: SourceResult): void;
}

const silentProgress: IngestProgress = { step: () => undefined, sourceDone: () => undefined };

interface IngestOptions {
  store: Store;
  upstream: Upstream;
  sources: AnySourceDescriptor[];
  progress?: IngestProgress;
  /** Bounds over every source's own (a small container may want less memory than the defaults). */
  limits?: Partial<ReadLimits>;
}

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
    for (const source of options.sources) {
      const result = await ingestSource(options.store, options.upstream, source, progress, options.limits ?? {});
      progress.sourceDone(result);
      results.push(result);
    }
    return results;
  });
}

async function ingestSource(
  store: Store,
  upstream: Upstream,
  source: AnySourceDescriptor,
  progress: IngestProgress,
  limits: Partial<ReadLimits>,
): Promise<SourceResult> {
  const started = Date.now();
  const { db } = store;
  const runId = await startIngestRun(db, source.key);
  const releases: ReleaseResult[] = [];
  let outcome: RunOutcome;
  let message: string | null = null;
  try {
    progress.step(source.key, 'detecting releases');
    const refs = await source.detect(upstream);
    if (refs.length === 0) {
      outcome = 'unavailable';
      message = `no release found in ${upstream.description}`;
    } else {
      for (const ref of refs)
        releases.push(
          await ingestRelease(store, upstream, source, ref, progress, readLimits({ ...source.limits, ...limits })),
        );
      outcome = releases.some((r) => r.outcome === 'quarantined')
        ? 'quarantined'
        : releases.some((r) => r.outcome === 'published')
          ? 'published'
          : 'unchanged';
      const held = releases.filter((r) => r.outcome === 'quarantined');
      if (held.length > 0) message = held.map((r) => `${r.label}: ${describeFailures(r.checks)}`).join('; ');
    }
  } catch (error) {
    outcome = 'failed';
    message = error instanceof Error ? error.message : String(error);
  }
  await finishIngestRun(db, runId, outcome, message);
  return { sourceKey: source.key, outcome, releases, message, ms: Date.now() - started };
}

/** Why a release that could not be read was held back: its limits, its layout, or a check its parser refused it on. */
function unreadable(error: unknown, limits: ReadLimits): Check[] {
  if (error instanceof ReleaseRefused) return error.checks;
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
 * and time). A descriptor that is not the registered one (a test's wrapper around it) cannot be
 * found by the worker, and is read here, within the same inflate limits.
 */
async function examine(
  source: AnySourceDescriptor,
  file: UpstreamFile,
  ref: ReleaseRef,
  companions: UpstreamFile[],
  limits: ReadLimits,
): Promise<ExaminedRelease> {
  if (findSource(source.key) === source) return examineInWorker(source.key, file, ref, companions, limits);
  useReadLimits(limits);
  try {
    return await examineRelease(source, file, ref, companions);
  } catch (error) {
    throw error instanceof ReleaseRefused
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
  let file: UpstreamFile;
  let companions: UpstreamFile[];
  try {
    file = await upstream.fetch(ref.location, limits.maxFileBytes);
    companions = await Promise.all(
      (ref.companions ?? []).map((location) => upstream.fetch(location, limits.maxFileBytes)),
    );
  } catch (error) {
    if (error instanceof FileTooLargeError && error.sha256) return oversized(store, source, ref, error, started);
    throw error;
  }
  const sha256 = releaseSha256(file, companions);
  const bytes = [file, ...companions].reduce((sum, f) => sum + f.bytes.length, 0);
  progress.step(source.key, `read ${ref.label} (${formatBytes(bytes)})`);
  const known = await findEditionByContent(db, source.key, sha256);
  if (known && !(await readAgain(store, known))) {
    // Rewrites what an older ingest recorded (a server path) to what is read now.
    if (known.sourceUri !== file.uri) await updateEditionSourceUri(db, known.id, file.uri);
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
    return await readAndSettle(store, source, ref, edition, { file, companions, bytes, limits, started }, progress);
  } finally {
    clearInterval(heartbeat);
  }
}

async function readAndSettle(
  store: Store,
  source: AnySourceDescriptor,
  ref: ReleaseRef,
  edition: Edition,
  read: { file: UpstreamFile; companions: UpstreamFile[]; bytes: number; limits: ReadLimits; started: number },
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
  const label = examined.label ?? ref.label;
  if (examined.label !== null) await relabelEdition(db, edition.id, label);

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
    (trx) => source.stage(trx, edition.id, examined.parsed),
    examined.summary,
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
  if (known)
    return {
      label: known.label,
      outcome: 'unchanged',
      editionId: known.id,
      checks: known.checks,
      rowsStored: known.rowsStored,
      bytes: error.bytes,
      ms: Date.now() - started,
    };
  const edition = await recordDetectedEdition(store.db, {
    sourceKey: source.key,
    label: ref.label,
    seriesKey: ref.seriesKey,
    sourceUri: error.uri,
    sha256: error.sha256!,
    owner: THIS_INGEST,
  });
  const checks: Check[] = [
    {
      rule: `the file is at most ${mebibytes(error.maxBytes)}, the size this source reads`,
      status: 'fail',
      observed: `${mebibytes(error.bytes)} (${error.bytes} bytes); not read`,
    },
  ];
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

/** A one-file release is identified by its file's SHA-256; a release of several by the hash of their hashes. */
function releaseSha256(file: UpstreamFile, companions: UpstreamFile[]): string {
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
