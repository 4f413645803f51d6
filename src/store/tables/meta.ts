import type { EditionStatus } from '../../domain/editions.js';

/** Sources, their editions and ingest runs: the tables every deployment has, which the meta endpoints list. */
export interface MetaTables {
  sources: SourcesTable;
  editions: EditionsTable;
  ingest_runs: IngestRunsTable;
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
