/**
 * The parses of the template build (test/build-templates.ts): every release the mirror holds is
 * parsed once for both dialects' ingests, in a few long-lived worker threads started with the
 * build, so that the parsing (nearly all of the build's CPU) runs on every core, ahead of the two
 * ingests that wait for it, instead of on their thread one source after another. Each worker loads
 * the registry once (under tsx that costs most of a second of CPU, which a worker per release, as
 * the pipeline starts in production, would pay some forty times). What a worker parses is the
 * registered source's own parse, of the same files the pipeline reads; its checks, staging and
 * publishing still run in each ingest.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { findSource } from '../../src/ingest/registry.js';
import { useReadLimits, type ReadLimits } from '../../src/ingest/read-limits.js';
import type { AnySourceDescriptor, ReleaseRef } from '../../src/ingest/source.js';
import { readFileOnDisk, type FileOnDisk, type Upstream, type UpstreamFile } from '../../src/ingest/upstream.js';

interface ParseJob {
  id: number;
  sourceKey: string;
  file: FileOnDisk;
  ref: ReleaseRef;
  companions: FileOnDisk[];
  limits: ReadLimits;
}

type Answer = ({ parsed: unknown } | { error: string }) & { id: number; ms: number };

const WORKER_KIND = 'template-parses';

/**
 * What identifies a source's release: its key and the hashes of its file and companions, as the
 * pipeline reads them (two sources may read the same file: the coding index's structure and index).
 */
const releaseKey = (sourceKey: string, file: { sha256: string }, companions: Array<{ sha256: string }>): string =>
  [sourceKey, file.sha256, ...companions.map((c) => c.sha256)].join(' ');

/**
 * Starts parsing every release `detect` finds in the mirror for each source, in the order given
 * (the order the ingests read them), `workers` at a time, and returns the sources wrapped to answer their parse from those results:
 * each release's result is handed out `readers` times (once per ingest) and then let go. A release
 * that was not parsed ahead (none should be) is parsed by the source itself, in the thread that asks.
 */
export async function parsedAhead<T extends AnySourceDescriptor>(
  sources: readonly T[],
  upstream: Upstream,
  options: { workers: number; readers: number; limits: ReadLimits },
): Promise<{ sources: T[]; parseMs: Record<string, number>; close(): Promise<void> }> {
  const parseMs: Record<string, number> = {};
  const pool = startPool(options.workers, (sourceKey, ms) => (parseMs[sourceKey] = (parseMs[sourceKey] ?? 0) + ms));
  const ahead = new Map<string, { id: number; parsed: Promise<unknown>; left: number }>();
  for (const source of sources) {
    for (const ref of await source.detect(upstream)) {
      const file = await upstream.locate(ref.location, options.limits.maxFileBytes);
      const companions = await Promise.all(
        (ref.companions ?? []).map((location) => upstream.locate(location, options.limits.maxFileBytes)),
      );
      const { id, parsed } = pool.parse({ sourceKey: source.key, file, ref, companions, limits: options.limits });
      // The ingests see a failure when they ask for the release (and quarantine it), not before.
      parsed.catch(() => undefined);
      ahead.set(releaseKey(source.key, file, companions), { id, parsed, left: options.readers });
    }
  }
  const wrapped = sources.map((source): T => ({
    ...source,
    parse(file: UpstreamFile, ref: ReleaseRef, companions: UpstreamFile[]) {
      const key = releaseKey(source.key, file, companions);
      const entry = ahead.get(key);
      if (!entry) return source.parse(file, ref, companions);
      // An ingest waits for this one now: it goes before those still queued.
      pool.hurry(entry.id);
      if (--entry.left === 0) ahead.delete(key);
      return entry.parsed;
    },
  }));
  return { sources: wrapped, parseMs, close: () => pool.close() };
}

interface Pool {
  parse(job: Omit<ParseJob, 'id'>): { id: number; parsed: Promise<unknown> };
  /** Moves a queued job to the front of the queue. */
  hurry(id: number): void;
  close(): Promise<void>;
}

/** `timed` is told how long each parse took in its worker (wall time). */
function startPool(size: number, timed: (sourceKey: string, ms: number) => void): Pool {
  const queue: ParseJob[] = [];
  const waiting = new Map<number, { sourceKey: string; resolve(parsed: unknown): void; reject(error: Error): void }>();
  const idle: Worker[] = [];
  let nextId = 0;
  const workers = Array.from({ length: size }, () => {
    const worker = startWorker();
    worker.on('message', (answer: Answer) => {
      const job = waiting.get(answer.id)!;
      waiting.delete(answer.id);
      timed(job.sourceKey, answer.ms);
      if ('error' in answer) job.reject(new Error(answer.error));
      else job.resolve(answer.parsed);
      give(worker);
    });
    worker.on('error', (error) => {
      for (const job of waiting.values()) job.reject(error);
      waiting.clear();
    });
    return worker;
  });
  const give = (worker: Worker) => {
    const job = queue.shift();
    if (job) worker.postMessage(job);
    else idle.push(worker);
  };
  idle.push(...workers);
  return {
    parse(job) {
      const id = nextId++;
      const answer = new Promise<unknown>((resolve, reject) =>
        waiting.set(id, { sourceKey: job.sourceKey, resolve, reject }),
      );
      queue.push({ ...job, id });
      const worker = idle.shift();
      if (worker) give(worker);
      return { id, parsed: answer };
    },
    hurry(id) {
      const at = queue.findIndex((job) => job.id === id);
      if (at > 0) queue.unshift(...queue.splice(at, 1));
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

function startWorker(): Worker {
  const data = { kind: WORKER_KIND };
  if (import.meta.url.endsWith('.ts')) {
    // Under tsx: the worker registers tsx's loader before importing this module.
    const code = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
    return new Worker(code, { eval: true, workerData: data });
  }
  return new Worker(new URL(import.meta.url), { workerData: data });
}

async function parseJob(job: ParseJob): Promise<unknown> {
  useReadLimits(job.limits);
  const source = findSource(job.sourceKey);
  if (!source) throw new Error(`no registered source ${job.sourceKey}`);
  const read = (file: FileOnDisk) => readFileOnDisk(file, job.limits.maxFileBytes);
  return source.parse(await read(job.file), job.ref, await Promise.all(job.companions.map(read)));
}

if (!isMainThread && parentPort && (workerData as { kind?: string } | null)?.kind === WORKER_KIND) {
  const port = parentPort;
  port.on('message', (job: ParseJob) => {
    const started = performance.now();
    const ms = () => performance.now() - started;
    parseJob(job).then(
      (parsed) => port.postMessage({ id: job.id, ms: ms(), parsed } satisfies Answer),
      (error: unknown) =>
        port.postMessage({
          id: job.id,
          ms: ms(),
          error: error instanceof Error ? error.message : String(error),
        } satisfies Answer),
    );
  });
}
