import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

export class ParseWorkerError extends Error {
  override name = 'ParseWorkerError';
}

export interface ParseWorkerLimits {
  /** Past this the worker is terminated and the parse fails (the release is quarantined). */
  timeLimitMs: number;
  /** The worker's heap; a release that needs more fails instead of starving the process. */
  maxHeapMb: number;
}

interface ParseJob {
  parseWorkerModule: string;
  exportName: string;
  input: unknown;
}

/**
 * Runs a parser (the function `exportName` of the module at `moduleUrl`, given the input) in a
 * worker thread with a time and memory limit, so that reading a large or hostile release never
 * holds up the thread that serves requests. Input and result cross by structured clone: plain
 * data only.
 */
export function parseInWorker<Result>(moduleUrl: string, exportName: string, input: unknown, limits: ParseWorkerLimits): Promise<Result> {
  const job: ParseJob = { parseWorkerModule: moduleUrl, exportName, input };
  const options = { workerData: job, resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb } };
  const self = new URL(import.meta.url);
  // Under tsx (tests, `npm run lmi`) the worker registers tsx's loader before importing this module.
  const worker = self.pathname.endsWith('.ts')
    ? new Worker(`import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(self.href)}); })`, { ...options, eval: true })
    : new Worker(self, options);
  return new Promise<Result>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => reject(new ParseWorkerError(`parsing took longer than ${limits.timeLimitMs / 1000} s`))), limits.timeLimitMs);
    worker.once('message', (message: { result?: Result; error?: string }) =>
      settle(() => ('error' in message && message.error !== undefined ? reject(new ParseWorkerError(message.error)) : resolve(message.result as Result))),
    );
    worker.once('error', (error) => settle(() => reject(new ParseWorkerError(error.message))));
    worker.once('exit', (code) => settle(() => reject(new ParseWorkerError(`the parser stopped (exit code ${code})`))));
  });
}

if (!isMainThread && parentPort && isParseJob(workerData)) {
  const port = parentPort;
  const job = workerData;
  void (async () => {
    try {
      const parser = (await import(job.parseWorkerModule))[job.exportName] as (input: unknown) => unknown;
      if (typeof parser !== 'function') throw new Error(`${job.parseWorkerModule} has no function ${job.exportName}`);
      port.postMessage({ result: await parser(job.input) });
    } catch (error) {
      port.postMessage({ error: error instanceof Error ? error.message : String(error) });
    }
  })();
}

function isParseJob(data: unknown): data is ParseJob {
  return typeof data === 'object' && data !== null && 'parseWorkerModule' in data && 'exportName' in data;
}
