import { existsSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export class WorkerJobError extends Error {
  override name = 'WorkerJobError';
  constructor(
    message: string,
    /** What the worker reported with its failure (e.g. the checks that refused a release). */
    readonly details: unknown = undefined,
  ) {
    super(message);
  }
}

/** The worker ran out of memory or time, or died: the job's limits, not its input's layout, stopped it. */
export class WorkerLimitError extends Error {
  override name = 'WorkerLimitError';
}

interface WorkerJobLimits {
  timeMs: number;
  heapMb: number;
}

/**
 * Runs the module at `moduleUrl` as a worker thread with `data` as its workerData, bounded in heap
 * (`resourceLimits`) and time. The worker answers with one message, `{ result }` or
 * `{ error, details? }`. A worker that runs out of memory, dies or overruns is terminated and the
 * promise rejects with a WorkerLimitError saying which (a WorkerJobError when the worker reported a
 * failure itself): the process and its other work carry on.
 */
export function runWorkerJob<T>(moduleUrl: string, data: unknown, limits: WorkerJobLimits, what: string): Promise<T> {
  const worker = startWorker(moduleUrl, data, limits.heapMb);
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => settle(() => reject(new WorkerLimitError(`${what} took longer than ${durationText(limits.timeMs)}`))),
      limits.timeMs,
    );
    worker.once('message', (message: { result?: T; error?: string; details?: unknown }) =>
      settle(() =>
        'error' in message
          ? reject(new WorkerJobError(message.error ?? `${what} failed`, message.details))
          : resolve(message.result as T),
      ),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          new WorkerLimitError(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? `${what} needed more than its ${limits.heapMb} MB of memory`
              : `${what} stopped: ${error.message}`,
          ),
        ),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new WorkerLimitError(`${what} stopped (exit code ${code})`))));
  });
}

function durationText(ms: number): string {
  return ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
}

function startWorker(moduleUrl: string, workerData: unknown, heapMb: number): Worker {
  // Young generation kept small: the old generation is the bound that matters.
  const resourceLimits = {
    maxOldGenerationSizeMb: heapMb,
    maxYoungGenerationSizeMb: Math.min(64, Math.max(8, heapMb / 8)),
  };
  if (new URL(moduleUrl).pathname.endsWith('.ts')) {
    const compiled = compiledTwin(moduleUrl);
    if (compiled) return new Worker(compiled, { workerData, resourceLimits });
    // Running from source under tsx: the worker has to register tsx's loader before importing the module.
    const code = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(moduleUrl)}); })`;
    return new Worker(code, { eval: true, workerData, resourceLimits });
  }
  return new Worker(new URL(moduleUrl), { workerData, resourceLimits });
}

/**
 * The build of a module in dist/, when the test runner has just brought dist/ up to date from these
 * very sources (test/run.ts sets LMI_WORKERS_FROM_DIST=1 after bin/build-if-changed.js): a worker
 * started under tsx compiles its modules again, about half a second of CPU for each parse.
 */
function compiledTwin(moduleUrl: string): URL | null {
  if (process.env.LMI_WORKERS_FROM_DIST !== '1') return null;
  const source = /^(.*)[/\\]src[/\\](.*)\.ts$/.exec(fileURLToPath(moduleUrl));
  if (!source) return null;
  const compiled = path.join(source[1]!, 'dist', `${source[2]!}.js`);
  return existsSync(compiled) ? pathToFileURL(compiled) : null;
}

/**
 * Called by a worker on starting: on Linux, lowers its own thread's CPU priority (nice 10; a
 * thread's id is a pid to setpriority), so that on a busy machine the thread serving requests gets
 * the CPU first and an ingest only takes what is left. Elsewhere it does nothing.
 */
export function lowerThisThreadsPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
  } catch {
    // Not Linux, or not allowed: the worker runs at the process's priority.
  }
}
