import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { activeReadLimits, useReadLimits, type ReadLimits } from '../read-limits.js';
import { lowerThisThreadsPriority } from '../../worker-threads.js';
import { runWorkerJob, WorkerJobError, WorkerLimitError } from '../worker-job.js';
import { readWorkbookSync, type ReadWorkbookOptions, type Workbook } from './workbook.js';

export class WorkbookReadError extends Error {
  override name = 'WorkbookReadError';
}

interface WorkbookJob {
  kind: 'read-workbook';
  bytes: Uint8Array;
  options: ReadWorkbookOptions;
  limits: ReadLimits;
}

/**
 * Reads a workbook in a worker thread so that a hostile or broken file cannot hang or crash the
 * process: the worker has the source's heap limit, and past its time limit it is terminated and
 * the read fails, which quarantines the release that carried the file.
 */
export async function readWorkbook(
  bytes: Uint8Array,
  options: ReadWorkbookOptions = {},
  timeLimitMs?: number,
): Promise<Workbook> {
  const limits = activeReadLimits();
  const job: WorkbookJob = { kind: 'read-workbook', bytes, options, limits };
  try {
    return await runWorkerJob<Workbook>(
      import.meta.url,
      job,
      { timeMs: timeLimitMs ?? limits.maxParseMs, heapMb: limits.maxHeapMb },
      'reading the workbook',
    );
  } catch (error) {
    // A limit that stopped the read stays recognisable (the cause) to whoever quarantines the release.
    throw error instanceof WorkerJobError || error instanceof WorkerLimitError
      ? new WorkbookReadError(error.message, { cause: error })
      : error;
  }
}

if (!isMainThread && parentPort && (workerData as { kind?: string } | null)?.kind === 'read-workbook') {
  const job = workerData as WorkbookJob;
  lowerThisThreadsPriority();
  useReadLimits(job.limits);
  try {
    parentPort.postMessage({ result: readWorkbookSync(job.bytes, job.options) });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
}
