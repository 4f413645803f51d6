/** How to become: NCS job profiles and the live-profile sitemap. Lists are JSON text. */
export interface HowToBecomeTables {
  ncs_profiles: NcsProfilesTable;
  ncs_live_slugs: NcsLiveSlugsTable;
  ncs_page_outcomes: NcsPageOutcomesTable;
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
  /** JSON list of strings (migration 016; '[]' for rows ingested before it). */
  tasks: string;
  onet_soc_2010: string | null;
  /** JSON list of strings (migration 016). */
  apprenticeships_named: string;
}

/** A slug the NCS sitemap lists as a live profile. */
export interface NcsLiveSlugsTable {
  edition_id: string;
  slug: string;
}

/** What the site said of a profile's own page (migration 018): `gone` (404 or soft 404) or `moved` to `moved_to`. */
export interface NcsPageOutcomesTable {
  edition_id: string;
  slug: string;
  outcome: 'gone' | 'moved';
  moved_to: string | null;
}
