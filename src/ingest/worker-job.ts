import { startWorker } from '../worker-threads.js';

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
  const worker = startWorkerWithin(moduleUrl, data, limits.heapMb);
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

function startWorkerWithin(moduleUrl: string, workerData: unknown, heapMb: number) {
  // Young generation kept small: the old generation is the bound that matters.
  const resourceLimits = {
    maxOldGenerationSizeMb: heapMb,
    maxYoungGenerationSizeMb: Math.min(64, Math.max(8, heapMb / 8)),
  };
  return startWorker(moduleUrl, { workerData, resourceLimits });
}
