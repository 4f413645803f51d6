import type { EditionStatus } from '../../domain/editions.js';

/** Sources, their editions and ingest runs: the tables every deployment has, which the meta endpoints list. */
export interface MetaTables {
  sources: SourcesTable;
  editions: EditionsTable;
  ingest_runs: IngestRunsTable;
  upstream_fetches: UpstreamFetchesTable;
  found_releases: FoundReleasesTable;
  source_checks: SourceChecksTable;
  publisher_reachability: PublisherReachabilityTable;
  ingest_lease: IngestLeaseTable;
}

/**
 * Table types. Timestamps are ISO 8601 text in both dialects so that rows read back the same
 * from SQLite and PostgreSQL; `checks` is JSON text.
 */
export interface SourcesTable {
  key: string;
  name: string;
  publisher: string;
  licence: string;
  url: string;
  cadence: string | null;
  tier: string;
}

export interface EditionsTable {
  id: string;
  source_key: string;
  label: string;
  series_key: string | null;
  status: EditionStatus;
  detected_at: string;
  published_at: string | null;
  source_uri: string;
  sha256: string;
  checks: string;
  rows_stored: number | null;
  /** `<host>:<pid>` of the process reading an in-progress edition; null once it is settled. */
  ingest_owner: string | null;
  /** When that process last said it was still reading the edition. */
  heartbeat_at: string | null;
  /** JSON `EditionSummary` of a published edition: what the next release is compared with. */
  summary: string | null;
}

export interface IngestRunsTable {
  id: string;
  source_key: string;
  started_at: string;
  finished_at: string | null;
  /** published | unchanged | unavailable | quarantined | failed */
  outcome: string | null;
  message: string | null;
}

/** An address a source read from a publisher: its validators, and the release they belong to. */
export interface UpstreamFetchesTable {
  source_key: string;
  url: string;
  etag: string | null;
  last_modified: string | null;
  file_sha256: string | null;
  /** The edition's sha256 the address's bytes settled into (published, quarantined or unchanged). */
  release_sha256: string | null;
  fingerprint: string | null;
  checked_at: string;
}

/** A release a publisher offers that was found but not read (detect-only, or superseded). */
export interface FoundReleasesTable {
  source_key: string;
  url: string;
  label: string;
  series_key: string | null;
  released_at: string | null;
  page_url: string;
  first_found_at: string;
  last_found_at: string;
}

/** Whether each publisher host answered the last ingest's first try, and why not. */
export interface PublisherReachabilityTable {
  host: string;
  checked_at: string;
  /** 1 when it answered (any HTTP status below 500), 0 when not. */
  reachable: number;
  /** `refused`, `timed out`, `dns`, `tls`, `http` or `network`; null when reachable. */
  kind: string | null;
  reason: string | null;
}

/** When each source was last looked at upstream, how that went, and when it is next due. */
export interface SourceChecksTable {
  source_key: string;
  last_checked_at: string;
  next_check_at: string | null;
  last_outcome: string;
  last_message: string | null;
  consecutive_failures: number;
  /** `publishers` or `mirror`: where it was looked at. */
  upstream: string;
}

/** One row while an ingest runs on SQLite: who holds it and when it last said so. */
export interface IngestLeaseTable {
  id: number;
  owner: string;
  heartbeat_at: string;
}
