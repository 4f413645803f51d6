import { createHash } from 'node:crypto';
import type { SearchBuilder } from '../../src/queries/occupations/coding-index.js';
import { TitleIndex } from '../../src/search/title-index.js';

/** Builds kept: the template's, and the few a test's own ingest makes after it. */
const KEPT = 3;
const builds = new Map<string, Promise<TitleIndex>>();

/**
 * The job-title search built once per input in this process (a test shard): every test app over a
 * copy of the template reads the same coding index, aliases and employment, and the build (seconds
 * of CPU) is a pure function of them. Keyed by a hash of everything the build is given, so a copy
 * whose rows a test changed, or a new edition a test ingested, gets a build of its own.
 */
export const sharedSearchBuilds: SearchBuilder = (index, data) => {
  const input = { ...data, names: data.names ? [...data.names] : undefined };
  const key = createHash('sha256')
    .update(
      JSON.stringify([index, input.aliases, [...(input.employment ?? [])], input.names, [...(input.texts ?? [])]]),
    )
    .digest('hex');
  let build = builds.get(key);
  if (build) {
    builds.delete(key); // most recently used last
  } else {
    build = TitleIndex.buildInSlices(index, input);
    build.catch(() => builds.delete(key));
  }
  builds.set(key, build);
  for (const old of [...builds.keys()].slice(0, Math.max(0, builds.size - KEPT))) builds.delete(old);
  return build;
};
