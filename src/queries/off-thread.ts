import { startWorker } from '../worker-threads.js';

/** The worker's module: the table of builds (off-thread-builds.ts), beside this one (.ts from source, .js in dist/). */
const BUILDS = import.meta.url.replace(/off-thread\.(ts|js)$/, 'off-thread-builds.$1');

/**
 * Runs the build `job` of off-thread-builds.ts on `input` in a worker thread, so that the thread
 * serving requests goes on answering while it runs (seconds of CPU, with no await inside). Input and
 * result cross by structured clone: plain objects, arrays, Maps and typed arrays, no classes.
 */
export function offThread<R>(job: string, input: unknown): Promise<R> {
  const worker = startWorker(BUILDS, { workerData: { kind: 'off-thread-build', job, input } });
  return new Promise<R>((resolve, reject) => {
    worker.once('message', (message: { result: R } | { error: string }) => {
      void worker.terminate();
      if ('error' in message) reject(new Error(message.error));
      else resolve(message.result);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the ${job} build stopped (exit code ${code})`)));
  });
}
