import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { BulkBuilderData } from './bulk-builder.js';
import { pruneBulkFiles, writeBulkFile, type BulkBuildJob } from './queries/bulk/file-cache.js';
import { createServices } from './services.js';
import { openStore } from './store/database.js';
import { lowerThisThreadsPriority } from './worker-threads.js';

/**
 * The bulk builder's worker thread (started by bulk-builder.ts): the same services as the serving
 * thread, over a connection of its own, so a file's rows are read and written here, one file at a
 * time, at a lower CPU priority than the thread serving requests.
 */
if (!isMainThread && parentPort && (workerData as { kind?: string } | null)?.kind === 'bulk-builder') {
  const { config, store: storeOptions, root } = workerData as BulkBuilderData;
  lowerThisThreadsPriority();
  const port = parentPort;
  const services = createServices(config, openStore(storeOptions));
  let queue: Promise<unknown> = Promise.resolve();

  const build = async ({ source, edition, format }: BulkBuildJob): Promise<string> => {
    // What the asking thread saw may be newer than this thread's few-seconds-old editions.
    services.currentEditions.invalidate();
    const file = await services.bulk.file(source, edition, format);
    await writeBulkFile(root, file);
    await pruneBulkFiles(root, file.source, await services.bulk.servedHashes(file.source));
    return file.hash;
  };

  port.on('message', ({ id, job }: { id: number; job: BulkBuildJob }) => {
    queue = queue.then(() =>
      build(job).then(
        (hash) => port.postMessage({ id, hash }),
        (error: unknown) =>
          port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
      ),
    );
  });
}
