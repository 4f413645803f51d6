/** Every upstream release becomes an edition; these are its states and what the checks found. */

/**
 * An edition's lifecycle, each state naming the states it may be entered from (none: it is created
 * in it). No version ever wrote the `detected` or `publishing` once declared here, so no stored row
 * holds them and dropping them needs no migration.
 */
export const EDITION_LIFECYCLE = {
  /** Being read by an ingest: created so, left so only by an interrupted one. */
  parsing: [],
  published: ['parsing'],
  superseded: ['published'],
  quarantined: ['parsing'],
} as const satisfies Record<string, readonly string[]>;

export type EditionStatus = keyof typeof EDITION_LIFECYCLE;

/** States an edition passes through while an ingest reads it; one left in them was interrupted. */
export const IN_PROGRESS_STATUSES: readonly EditionStatus[] = ['parsing'];

/** States whose rows are kept and can be served (a pinned `edition` may name a superseded one). */
export const SERVABLE_STATUSES: readonly EditionStatus[] = ['published', 'superseded'];

/** The states an edition may move to `to` from. */
export function enteredFrom(to: EditionStatus): readonly EditionStatus[] {
  return EDITION_LIFECYCLE[to];
}

/** An edition asked to move to a state its lifecycle does not allow from where it is. */
export class EditionTransitionError extends Error {
  override name = 'EditionTransitionError';
  constructor(editionId: string, to: EditionStatus) {
    super(`edition ${editionId} cannot become ${to}: only an edition that is ${enteredFrom(to).join(' or ')} can`);
  }
}

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
