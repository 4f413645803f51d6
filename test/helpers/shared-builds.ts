import { createHash } from 'node:crypto';
import { serialize } from 'node:v8';
import { offThread, type BuildRunner } from '../../src/queries/off-thread.js';

/** Results kept: each build's over the template, and the few a test's own ingest or change makes after it. */
const KEPT = 8;
const results = new Map<string, Promise<unknown>>();

/**
 * The slow builds the queries run off the serving thread (skill profiles, NCS profile placements,
 * work-profile twins) run once per input in this process (a test shard), as the search does
 * (shared-search.ts): every test app over a copy of the template gives them the same input, and
 * each build is a pure function of it, run in a worker thread as the server runs it. Keyed by a
 * hash of the build and its input, so a copy whose rows a test changed gets a build of its own;
 * each caller gets its own copy of the result, as a worker's answer is.
 */
export const sharedBuilds: BuildRunner = async <R>(module: string, build: string, input: unknown): Promise<R> => {
  const key = createHash('sha256').update(`${module} ${build}\n`).update(serialize(input)).digest('hex');
  let result = results.get(key);
  if (result) {
    results.delete(key); // most recently used last
  } else {
    result = offThread<R>(module, build, input);
    result.catch(() => results.delete(key));
  }
  results.set(key, result);
  for (const old of [...results.keys()].slice(0, Math.max(0, results.size - KEPT))) results.delete(old);
  return structuredClone(await result) as R;
};
