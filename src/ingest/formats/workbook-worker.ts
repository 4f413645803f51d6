import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { readWorkbookSync, type ReadWorkbookOptions, type Workbook } from './workbook.js';

export class WorkbookReadError extends Error {
  override name = 'WorkbookReadError';
}

interface WorkbookJob {
  bytes: Uint8Array;
  options: ReadWorkbookOptions;
}

const DEFAULT_TIME_LIMIT_MS = 120_000;

/**
 * Reads a workbook in a worker thread so that a hostile or broken file cannot hang or crash the
 * process: past `timeLimitMs` the worker is terminated and the read fails, which quarantines the
 * release that carried the file.
 */
export function readWorkbook(
  bytes: Uint8Array,
  options: ReadWorkbookOptions = {},
  timeLimitMs = DEFAULT_TIME_LIMIT_MS,
): Promise<Workbook> {
  const job: WorkbookJob = { bytes, options };
  const worker = startWorker(job);
  return new Promise<Workbook>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new WorkbookReadError(`reading the workbook took longer than ${timeLimitText(timeLimitMs)}`));
    }, timeLimitMs);
    worker.once('message', (message: { workbook?: Workbook; error?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (message.workbook) resolve(message.workbook);
      else reject(new WorkbookReadError(message.error ?? 'the workbook could not be read'));
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(new WorkbookReadError(error.message));
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new WorkbookReadError(`the workbook reader stopped (exit code ${code})`));
    });
  });
}

function timeLimitText(ms: number): string {
  return ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
}

function startWorker(job: WorkbookJob): Worker {
  const self = new URL(import.meta.url);
  if (self.pathname.endsWith('.ts')) {
    // Running from source under tsx: the worker has to register tsx's loader before importing us.
    const code = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(self.href)}); })`;
    return new Worker(code, { eval: true, workerData: job });
  }
  return new Worker(self, { workerData: job });
}

if (!isMainThread && parentPort && isWorkbookJob(workerData)) {
  const port = parentPort;
  try {
    port.postMessage({ workbook: readWorkbookSync(workerData.bytes, workerData.options) });
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
}

function isWorkbookJob(data: unknown): data is WorkbookJob {
  return typeof data === 'object' && data !== null && 'bytes' in data && 'options' in data;
}
