import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadsPriority, startWorker, workerModule } from '../worker-threads.js';

interface BuildJob {
  kind: 'off-thread-build';
  /** The module that exports the build (its caller's own `import.meta.url`). */
  module: string;
  build: string;
  input: unknown;
}

/**
 * How a query runs its slow builds: `offThread` unless its caller says otherwise (the tests share
 * the result of a build of the same input between the apps of one process: test/helpers/shared-builds.ts).
 */
export type BuildRunner = <R>(module: string, build: string, input: unknown) => Promise<R>;

/**
 * Runs `build`, a function of plain data exported by `module` (the caller passes its own
 * `import.meta.url`), on `input` in a worker thread, so that the thread serving requests goes on
 * answering while it runs (seconds of CPU, with no await inside). The worker is this module, which
 * imports the group's module there: the shared root names no group. Input and result cross by
 * structured clone: plain objects, arrays, Maps and typed arrays, no classes.
 */
export function offThread<R>(module: string, build: string, input: unknown): Promise<R> {
  const job: BuildJob = { kind: 'off-thread-build', module: workerModule(module), build, input };
  const worker = startWorker(import.meta.url, { workerData: job });
  return new Promise<R>((resolve, reject) => {
    worker.once('message', (message: { result: R } | { error: string }) => {
      void worker.terminate();
      if ('error' in message) reject(new Error(message.error));
      else resolve(message.result);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the ${build} build stopped (exit code ${code})`)));
  });
}

if (!isMainThread && parentPort && (workerData as { kind?: string } | null)?.kind === 'off-thread-build') {
  const { module, build, input } = workerData as BuildJob;
  lowerThisThreadsPriority();
  const port = parentPort;
  import(module)
    .then((exports: Record<string, unknown>) => {
      const run = exports[build];
      if (typeof run !== 'function') throw new Error(`no build named ${build} in ${module}`);
      return (run as (input: unknown) => unknown)(input);
    })
    .then(
      (result) => port.postMessage({ result }),
      (error: unknown) =>
        port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
}
