import { existsSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running the module at `moduleUrl` (the ingest's parses, the read side's builds),
 * whether the process runs the sources under tsx or the build in dist/.
 */
export function startWorker(moduleUrl: string, options: WorkerOptions): Worker {
  if (new URL(moduleUrl).pathname.endsWith('.ts')) {
    const compiled = compiledTwin(moduleUrl);
    if (compiled) return new Worker(compiled, options);
    // Running from source under tsx: the worker has to register tsx's loader before importing the module.
    const code = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(moduleUrl)}); })`;
    return new Worker(code, { ...options, eval: true });
  }
  return new Worker(new URL(moduleUrl), options);
}

/**
 * The module a worker started by `startWorker` should import for `moduleUrl`: its build in dist/
 * when the worker itself runs from there (it has no tsx to read a .ts file), else the module.
 */
export function workerModule(moduleUrl: string): string {
  return new URL(moduleUrl).pathname.endsWith('.ts') ? (compiledTwin(moduleUrl)?.href ?? moduleUrl) : moduleUrl;
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
 * the CPU first and an ingest or a build only takes what is left. Elsewhere it does nothing.
 */
export function lowerThisThreadsPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
  } catch {
    // Not Linux, or not allowed: the worker runs at the process's priority.
  }
}
