import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { Check, EditionSummary } from '../domain/editions.js';
import { ReleaseRefused } from './checks/refusal.js';
import { useReadLimits, type ReadLimits } from './read-limits.js';
import type { AnySourceDescriptor, ReleaseRef } from './source.js';
import { FileTooLargeError, readFileOnDisk, type FileOnDisk, type UpstreamFile } from './upstream.js';
import { lowerThisThreadsPriority } from '../worker-threads.js';
import { runWorkerJob, WorkerJobError, WorkerLimitError } from './worker-job.js';

interface ParseJob {
  kind: 'parse-release';
  sourceKey: string;
  /** Where the files lie: the worker reads them itself, under `limits.maxFileBytes`. */
  file: FileOnDisk;
  ref: ReleaseRef;
  companions: FileOnDisk[];
  limits: ReadLimits;
}

/** Why a parse in the worker failed: the parser refused the release on a check, or could not read it. */
type Failure =
  | { refused: Check[] }
  | { layout: true }
  | { limit: true }
  | { tooLarge: { uri: string; bytes: number; maxBytes: number } };

/** The parser read the release and threw: the file is not in the layout it knows. */
export class LayoutError extends Error {
  override name = 'LayoutError';
}

/** The parse ran out of memory or time, or its worker died. */
export class ReadLimitError extends Error {
  override name = 'ReadLimitError';
}

/** A release read and checked: what the pipeline needs to publish or quarantine it. */
export interface ExaminedRelease {
  parsed: unknown;
  /** The release's own name (`labelOf`), when its contents give one. */
  label: string | null;
  checks: Check[];
  summary: EditionSummary | null;
}

/**
 * What a release is compared with the previous one on: the source's own summary, or else the
 * length of every list in what it parsed (`rows` for a list itself, `contents.groups` for a list
 * two levels in), so that a truncated release of any source is caught.
 */
function summaryOf(source: AnySourceDescriptor, parsed: unknown): EditionSummary | null {
  if (source.summarise) return source.summarise(parsed);
  const counts: Record<string, number> = {};
  const walk = (value: unknown, name: string, depth: number) => {
    if (Array.isArray(value)) counts[name || 'rows'] = value.length;
    else if (value !== null && typeof value === 'object' && depth < 2 && !(value instanceof Uint8Array)) {
      for (const [key, inner] of Object.entries(value)) walk(inner, name ? `${name}.${key}` : key, depth + 1);
    }
  };
  walk(parsed, '', 0);
  return Object.keys(counts).length > 0 ? { counts, levels: {} } : null;
}

/** Parses a release and runs the source's checks on it (all of it CPU work: done in the worker). */
export async function examineRelease(
  source: AnySourceDescriptor,
  file: UpstreamFile,
  ref: ReleaseRef,
  companions: UpstreamFile[],
): Promise<ExaminedRelease> {
  const parsed: unknown = await source.parse(file, ref, companions);
  return {
    parsed,
    label: source.labelOf ? source.labelOf(parsed) : null,
    checks: source.check(parsed, ref),
    summary: summaryOf(source, parsed),
  };
}

/**
 * Parses and checks a release of a registered source in a worker thread: reading the files from
 * disk, inflating, decoding, parsing and checking run off the thread that serves requests (and off
 * the ingest's main thread, which never holds the bytes), in a heap of `limits.maxHeapMb` and
 * within `limits.maxParseMs`, at a lower CPU priority. The worker finds the source by its key in
 * the registry. Rejects with ReleaseRefused (the parser's own failed checks), FileTooLargeError (a
 * file over the cap by the time it is read), LayoutError, or ReadLimitError.
 */
export async function examineInWorker(
  sourceKey: string,
  file: FileOnDisk,
  ref: ReleaseRef,
  companions: FileOnDisk[],
  limits: ReadLimits,
): Promise<ExaminedRelease> {
  const job: ParseJob = { kind: 'parse-release', sourceKey, file, ref, companions, limits };
  try {
    return await runWorkerJob<ExaminedRelease>(
      import.meta.url,
      job,
      { timeMs: limits.maxParseMs, heapMb: limits.maxHeapMb },
      `reading ${ref.label}`,
    );
  } catch (error) {
    if (error instanceof WorkerLimitError) throw new ReadLimitError(error.message);
    if (!(error instanceof WorkerJobError)) throw error;
    const failure = error.details as Failure | undefined;
    if (failure && 'refused' in failure) throw new ReleaseRefused(failure.refused);
    if (failure && 'limit' in failure) throw new ReadLimitError(error.message);
    if (failure && 'tooLarge' in failure)
      throw new FileTooLargeError(failure.tooLarge.uri, failure.tooLarge.bytes, failure.tooLarge.maxBytes, null, true);
    throw new LayoutError(error.message);
  }
}

/** A limit stopped the read: a workbook worker's (the cause of its read error) or an inflate's. */
function hitLimit(error: unknown): boolean {
  return error instanceof Error && (error.cause instanceof WorkerLimitError || error.name === 'InflateLimitError');
}

async function runJob(job: ParseJob): Promise<ExaminedRelease> {
  useReadLimits(job.limits);
  const { findSource } = await import('./registry.js');
  const source = findSource(job.sourceKey);
  if (!source) throw new Error(`no registered source ${job.sourceKey}`);
  const read = (file: FileOnDisk) => readFileOnDisk(file, job.limits.maxFileBytes);
  return examineRelease(source, await read(job.file), job.ref, await Promise.all(job.companions.map(read)));
}

if (!isMainThread && parentPort && (workerData as { kind?: string } | null)?.kind === 'parse-release') {
  const port = parentPort;
  lowerThisThreadsPriority();
  runJob(workerData as ParseJob).then(
    (result) => port.postMessage({ result }),
    (error: unknown) => {
      const details: Failure =
        error instanceof ReleaseRefused
          ? { refused: error.checks }
          : error instanceof FileTooLargeError
            ? { tooLarge: { uri: error.uri, bytes: error.bytes, maxBytes: error.maxBytes } }
            : hitLimit(error)
              ? { limit: true }
              : { layout: true };
      port.postMessage({ error: error instanceof Error ? error.message : String(error), details });
    },
  );
}
