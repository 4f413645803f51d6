import type { FileLocation } from './upstream.js';

/** A release the source found upstream, before it is read. */
export interface ReleaseRef {
  /** The release as the publisher names it. */
  label: string;
  /**
   * The label is the publisher's own name for the release, from its metadata (a dataset page's
   * title, an API's release title): what the contents say (`labelOf`) does not replace it.
   */
  namedByPublisher?: boolean;
  /** Releases replace others only within a series (for ASHE, the reference year); null: one series. */
  seriesKey: string | null;
  location: FileLocation;
  /** Further files that belong to the same release (read with it; the release's SHA-256 covers them all). */
  companions?: FileLocation[];
  /** When the publisher says it released (or last corrected) it, ISO date or date-time. */
  releasedAt?: string | null;
  /** The publisher's page that lists the release. */
  pageUrl?: string;
  /**
   * What identifies this release at the publisher without downloading it (e.g. edition address +
   * file + number of versions): unchanged since the last settled read, the release is not fetched.
   */
  fingerprint?: string;
}

/**
 * A release a publisher offers that this run does not read: an older one superseded by a newer
 * release found in the same run, or the release of a source with no parser yet (detect-only). It
 * is recorded so `/v1/meta/sources` and the source's 404 can name it.
 */
export interface FoundRelease {
  /** The release as the publisher names it, taken from its page or file, never a constant. */
  label: string;
  seriesKey: string | null;
  /** ISO date (or date-time) the publisher gives for it; null when it gives none. */
  releasedAt: string | null;
  /** The file's address. */
  url: string;
  /** The page that lists it. */
  pageUrl: string;
}

/** What a source's discovery finds at its publisher. */
export interface Discovery {
  /** Releases to read, oldest first (the last of a series wins, as from `detect`). */
  releases: ReleaseRef[];
  /** Releases only recorded, never downloaded. */
  found?: FoundRelease[];
}

/** A small document of a publisher's surface (a landing page, an API answer), read whole. */
export interface PublisherDocument {
  text: string;
  /** The address that answered, after redirects. */
  url: string;
  /** The response's Last-Modified or Date header, as an ISO date-time; null when absent. */
  date: string | null;
}

/**
 * What a source's `discover` may use: the run's fetcher for documents (User-Agent, timeouts,
 * retries, HTTPS only, size cap; 401/403 throw PublisherRefused, unreachable PublisherUnreachable)
 * and the operator's settings. Data files are never fetched here: they are named in the
 * `ReleaseRef`s and the pipeline downloads them under the source's cap.
 */
export interface DiscoveryContext {
  sourceKey: string;
  /** A JSON document, parsed whatever its Content-Type (ONS served one as text/plain). */
  getJson<T = unknown>(url: string, options?: { accept?: string }): Promise<T>;
  getText(url: string, options?: { accept?: string }): Promise<PublisherDocument>;
  /**
   * A folder for files discovery assembles itself (scrape-and-diff pages, a list built from an
   * API's pages); removed after the run. Such a file is named by `FileLocation.builtPath`.
   */
  workDir: string;
  options: DiscoveryOptions;
}

export interface DiscoveryOptions {
  /** LMI_ESCO_PACKAGE: an https:// address or a local path of the ESCO CSV package; null when unset. */
  escoPackage: string | null;
  /** LMI_NCS_INTERVAL_MS: the least gap between two requests for National Careers Service pages. */
  ncsIntervalMs: number;
}

export { PublisherRefused, PublisherUnreachable } from './fetch/errors.js';
