/** Routes into an occupation: NCS job profiles, the live-profile sitemap, apprenticeship standards. Lists are JSON text. */
export interface RoutesInTables {
  ncs_profiles: NcsProfilesTable;
  ncs_live_slugs: NcsLiveSlugsTable;
  apprenticeship_standards: ApprenticeshipStandardsTable;
}

/** One job profile of a release (the 2020 export or the 2026 pages). */
export interface NcsProfilesTable {
  edition_id: string;
  slug: string;
  title: string;
  /** JSON list of strings. */
  alternative_titles: string;
  summary: string | null;
  routes_intro: string | null;
  /** JSON list of strings. */
  routes_listed: string;
  /** JSON list of routes (kind, heading, blocks of parts). */
  routes: string;
  /** JSON list of strings. */
  requirements: string;
  /** JSON list of strings. */
  requirement_notes: string;
  url: string;
  soc2010: string | null;
  /** JSON list of ST references. */
  standards: string;
  retrieved_at: string | null;
}

/** A slug the NCS sitemap lists as a live profile. */
export interface NcsLiveSlugsTable {
  edition_id: string;
  slug: string;
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
}
