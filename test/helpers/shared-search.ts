import { createHash } from 'node:crypto';
import { buildSearchOffThread, type SearchBuilder } from '../../src/queries/occupations/coding-index.js';

/** Builds kept: the template's, and the few a test's own ingest makes after it. */
const KEPT = 3;
const builds = new Map<string, ReturnType<SearchBuilder>>();

/**
 * The job-title search built once per input in this process (a test shard): every test app over a
 * copy of the template reads the same coding index, aliases and employment, and the build (seconds
 * of CPU, in a worker thread as the server builds it) is a pure function of them. Keyed by a hash
 * of everything the build is given, so a copy whose rows a test changed, or a new edition a test
 * ingested, gets a build of its own.
 */
export const sharedSearchBuilds: SearchBuilder = (input) => {
  const key = createHash('sha256')
    .update(JSON.stringify(input, (_key, value: unknown) => (value instanceof Map ? [...value] : value)))
    .digest('hex');
  let build = builds.get(key);
  if (build) {
    builds.delete(key); // most recently used last
  } else {
    build = buildSearchOffThread(input);
    build.catch(() => builds.delete(key));
  }
  builds.set(key, build);
  for (const old of [...builds.keys()].slice(0, Math.max(0, builds.size - KEPT))) builds.delete(old);
  return build;
};
