import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadsPriority } from '../worker-threads.js';
import { placeProfiles } from './job-profiles.js';
import { buildProfiles } from './skill-profiles.js';

/** The builds off-thread.ts runs in a worker thread, by name: each a function of plain data to plain data. */
const BUILDS: Record<string, (input: never) => unknown> = {
  'skill-profiles': buildProfiles,
  'profile-placements': placeProfiles,
};

interface BuildJob {
  kind: 'off-thread-build';
  job: string;
  input: never;
}

if (!isMainThread && parentPort && (workerData as { kind?: string } | null)?.kind === 'off-thread-build') {
  const { job, input } = workerData as BuildJob;
  lowerThisThreadsPriority();
  const port = parentPort;
  Promise.resolve()
    .then(() => {
      const build = BUILDS[job];
      if (!build) throw new Error(`no build named ${job}`);
      return build(input);
    })
    .then(
      (result) => port.postMessage({ result }),
      (error: unknown) =>
        port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
}
