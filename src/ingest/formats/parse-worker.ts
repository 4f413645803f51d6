import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadsPriority, runWorkerJob } from '../worker-job.js';

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
export async function parseInWorker<Result>(moduleUrl: string, exportName: string, input: unknown, limits: ParseWorkerLimits): Promise<Result> {
  const job: ParseJob = { parseWorkerModule: moduleUrl, exportName, input };
  try {
    return await runWorkerJob<Result>(import.meta.url, job, { timeMs: limits.timeLimitMs, heapMb: limits.maxHeapMb }, 'parsing');
  } catch (error) {
    // A limit that stopped the parse stays recognisable (the cause) to whoever quarantines the release.
    throw new ParseWorkerError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

if (!isMainThread && parentPort && isParseJob(workerData)) {
  const port = parentPort;
  const job = workerData;
  lowerThisThreadsPriority();
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
