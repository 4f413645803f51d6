/** Every upstream release becomes an edition; these are its states and what the checks found. */

export type EditionStatus = 'detected' | 'parsing' | 'publishing' | 'published' | 'superseded' | 'quarantined';

/** States an edition passes through while an ingest reads it; one left in them was interrupted. */
export const IN_PROGRESS_STATUSES: readonly EditionStatus[] = ['detected', 'parsing', 'publishing'];

/** States whose rows are kept and can be served (a pinned `edition` may name a superseded one). */
export const SERVABLE_STATUSES: readonly EditionStatus[] = ['published', 'superseded'];

export interface Check {
  rule: string;
  /** `warn`: published with a known issue; `fail`: held back. */
  status: 'warn' | 'fail';
  observed: string | null;
}

export interface Edition {
  id: string;
  sourceKey: string;
  label: string;
  seriesKey: string | null;
  status: EditionStatus;
  detectedAt: string;
  publishedAt: string | null;
  sourceUri: string;
  sha256: string;
  checks: Check[];
  rowsStored: number | null;
}

/**
 * A few figures of a release that the next release of the same source is compared with: how many
 * rows or unit groups it has (`counts`) and typical values of its figures (`levels`, e.g. the
 * median of gross annual pay over unit groups). Names are the source's own.
 */
export interface EditionSummary {
  counts: Record<string, number>;
  levels: Record<string, number>;
}

/** The check an edition fails when the ingest reading it stopped before it was settled (the process was killed). */
export const INTERRUPTED_RULE = 'the ingest reading the release ran to the end';
