/** Apprenticeship standards. Lists are JSON text. */
export interface ApprenticeshipsTables {
  apprenticeship_standards: ApprenticeshipStandardsTable;
}

/** An apprenticeship standard of a release (Skills England's approved list, or those the NCS export knew). */
export interface ApprenticeshipStandardsTable {
  edition_id: string;
  code: string;
  name: string;
  level: number | null;
  status: string | null;
  route: string | null;
  /** JSON list of strings. */
  typical_job_titles: string;
  url: string | null;
  duration_months: number | null;
  version: string | null;
  lars_code: number | null;
  max_funding: number | null;
  approved_for_delivery: string | null;
  /** 1 or 0 as the release says; null where it has no such field (migration 018). */
  career_starter: number | null;
  /** JSON `StandardDetail`; null where the release has none (migration 022). */
  detail: string | null;
}
