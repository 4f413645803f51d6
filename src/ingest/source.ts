import type { Check, EditionSummary } from '../domain/editions.js';
import type { SourceProfile } from '../domain/sources.js';
import type { DbOrTx } from '../store/schema.js';
import type { PlausibilityLimits } from './checks/plausibility.js';
import type { Discovery, DiscoveryContext, ReleaseRef } from './discovery.js';
import type { ReadLimits } from './read-limits.js';
import type { Upstream, UpstreamFile } from './upstream.js';

export type { ReleaseRef } from './discovery.js';

/**
 * What keeps a bad release of a source from publishing or from harming the process, beyond its own
 * checks (all optional; the defaults hold otherwise, and the source's README states them).
 */
export interface ReleaseSafeguards<Parsed> {
  /** Size, inflate, memory and time bounds of reading one release (read-limits.ts). */
  limits?: Partial<ReadLimits>;
  /**
   * Counts and levels of a parsed release, compared with the previous published release of the
   * source (checks/plausibility.ts). Without it, a release that is an array is summarised by its
   * length (`rows`).
   */
  summarise?(parsed: Parsed): EditionSummary;
  /** How far `summarise`'s figures may move from the previous release's. */
  plausibility?: PlausibilityLimits;
}

/**
 * Everything the service knows about one upstream source: its profile (who publishes it, under
 * which licence and credit), how to find its releases, how to read and check one, and how to
 * store its rows. The source folder is the only place that knows the publisher's file layout.
 */
export interface SourceDescriptor<Parsed = unknown> extends SourceProfile, ReleaseSafeguards<Parsed> {
  /** Releases in the mirror now, oldest first; empty when none can be reached. */
  detect(upstream: Upstream): Promise<ReleaseRef[]>;
  /**
   * Releases the publisher offers now, found through its own surface (LMI_UPSTREAM=publishers).
   * Absent: the source has no publisher surface and is read only from a mirror.
   */
  discover?: (context: DiscoveryContext) => Promise<Discovery>;
  /** Reads the release; throws on a file it cannot understand (the release is quarantined). */
  parse(file: UpstreamFile, release: ReleaseRef, companions: UpstreamFile[]): Promise<Parsed>;
  /** The release's own name, when only its contents say it (e.g. a version on a cover sheet); never replaces a label `namedByPublisher`. */
  labelOf?(parsed: Parsed): string;
  /** Validation rules; any `fail` holds the release back. */
  check(parsed: Parsed, release: ReleaseRef): Check[];
  /** Writes the release's rows under its edition id: in the publishing transaction, or before it in batches (SQLite). */
  stage(db: DbOrTx, editionId: string, parsed: Parsed): Promise<number>;
}

/** Sources differ in their parsed type; the pipeline only passes it from parse to check to stage. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySourceDescriptor = SourceDescriptor<any>;

/** What the sources of one publisher say alike; a publisher folder's factory fills these in. */
export type PublisherProfile = Omit<SourceProfile, 'key' | 'name'>;
