import type { Worker } from 'node:worker_threads';
import type { Config } from './config.js';
import type { BulkBuilder, BulkBuildJob } from './queries/bulk/file-cache.js';
import type { StoreOptions } from './store/database.js';
import { startWorker } from './worker-threads.js';

/** What the builder's worker thread is started with. */
export interface BulkBuilderData {
  kind: 'bulk-builder';
  config: Config;
  store: StoreOptions;
  root: string;
}

type Reply = { id: number; hash: string } | { id: number; error: string };

/** How long the worker is kept without a build to do: its models (the skills profiles, the search) are let go after. */
const IDLE_MS = 60_000;

/**
 * The bulk builder: one worker thread per process, started at the first file to build, with its
 * own services over its own connection to the same database (bulk-build-worker.ts), writing files
 * one at a time under `root`. The thread serving requests only waits for the answer. The worker
 * ends after a minute with nothing to do, and on `close`.
 */
export function bulkBuilder(
  config: Config,
  store: StoreOptions,
  root: string,
): { build: BulkBuilder; close: () => Promise<void> } {
  let worker: Worker | null = null;
  let idle: NodeJS.Timeout | undefined;
  let next = 0;
  const pending = new Map<number, { resolve: (built: { hash: string }) => void; reject: (error: Error) => void }>();

  const stop = async () => {
    clearTimeout(idle);
    const running = worker;
    worker = null;
    if (running) await running.terminate();
  };
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  const start = (): Worker => {
    // The worker reads the database and writes files only: no Redis, no mail, no webhooks.
    const workerData: BulkBuilderData = { kind: 'bulk-builder', config: { ...config, redisUrl: null }, store, root };
    const started = startWorker(new URL(`./bulk-build-worker${extensionOf(import.meta.url)}`, import.meta.url).href, {
      workerData,
    });
    started.unref();
    started.on('message', (reply: Reply) => {
      const job = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) idle = setTimeout(() => void stop(), IDLE_MS).unref();
      if ('error' in reply) job?.reject(new Error(reply.error));
      else job?.resolve({ hash: reply.hash });
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`the bulk builder stopped (exit code ${code})`));
    });
    return started;
  };

  return {
    build(job: BulkBuildJob) {
      clearTimeout(idle);
      worker ??= start();
      const id = (next += 1);
      const sent = worker;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        sent.postMessage({ id, job });
      });
    },
    close: stop,
  };
}

function extensionOf(url: string): string {
  return url.endsWith('.ts') ? '.ts' : '.js';
}
