import type { AnySourceDescriptor, ReleaseRef } from '../../src/ingest/source.js';
import type { UpstreamFile } from '../../src/ingest/upstream.js';

/**
 * The source, with its parse run once per release for `stores` ingests of it: the first ingest
 * to read a release parses it with the source's own parser, the others get that same result (a
 * parse failure included). Detection, hashing, checks, staging and publishing or quarantining
 * still run for each store. For the same real release ingested into SQLite and PostgreSQL, where
 * the parse (nearly all the time of an ASHE ingest) cannot differ between them.
 */
export function parsingOnce<T extends AnySourceDescriptor>(source: T, stores: number): T {
  const parses = new Map<string, { parsed: Promise<unknown>; left: number }>();
  return {
    ...source,
    parse(file: UpstreamFile, ref: ReleaseRef, companions: UpstreamFile[]) {
      const release = [file.sha256, ...companions.map((c) => c.sha256)].join(' ');
      let entry = parses.get(release);
      if (!entry) {
        entry = { parsed: source.parse(file, ref, companions), left: stores };
        parses.set(release, entry);
      }
      if (--entry.left === 0) parses.delete(release);
      return entry.parsed;
    },
  };
}
