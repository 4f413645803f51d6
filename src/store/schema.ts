import type { Kysely, Transaction } from 'kysely';
import type { EditionStatus } from '../domain/editions.js';
import type { AsheFigure } from '../domain/pay.js';
import type { SocLevel } from '../domain/soc.js';

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

export interface SocGroupsTable {
  edition_id: string;
  code: string;
  level: SocLevel;
  title: string;
  parent_code: string | null;
}

export interface SocDescriptionsTable {
  edition_id: string;
  code: string;
  title: string;
  description: string;
  entry_routes: string | null;
  /** JSON array of strings. */
  tasks: string;
  /** JSON array of strings. */
  related_titles: string;
}

export interface CodingIndexEntriesTable {
  edition_id: string;
  record_number: number;
  unique_id: string;
  default_flag: string | null;
  soc2020: string | null;
  soc2020_ext: string | null;
  indexed_title: string;
  natural_title: string;
  add_qualifier: string | null;
  ind_qualifier: string | null;
  qualifier: string | null;
  see: string | null;
  isco08: string | null;
}

export interface CodingIndexAbbreviationsTable {
  edition_id: string;
  position: number;
  abbreviation: string;
  meaning: string;
  /** 1 when marked `*` (frequently found in the index). */
  frequent: number;
}

export interface ApsYearsTable {
  edition_id: string;
  year: number;
  period: string;
}

export interface ApsIndustriesTable {
  edition_id: string;
  section: string;
  position: number;
  name: string;
}

export interface ApsEmploymentCellsTable {
  edition_id: string;
  year: number;
  /** Four-digit unit group, or `total` for the table's Total row. */
  soc2020: string;
  section: string;
  people: number | null;
  /** published | withheld | none */
  marker: string;
  small_sample: number;
}

export interface GeographyAreasTable {
  edition_id: string;
  code: string;
  name: string;
  kind: string;
  region_code: string | null;
  region_name: string | null;
}

export interface ApiKeysTable {
  id: string;
  prefix: string;
  key_hash: string;
  /** HMAC-SHA-256 of the normalised address, keyed with the server secret; null for operator keys without one. */
  email_hmac: string | null;
  tier: string;
  /** Overrides the tier's limit for this key when set. */
  requests_per_minute: number | null;
  created_at: string;
  revoked_at: string | null;
}

export interface KeyRequestsTable {
  token_hash: string;
  email_hmac: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  issued_key_id: string | null;
}

/** One ASHE release (Table 14 or 15): its reference year and whether it is provisional. */
export interface AsheReleasesTable {
  edition_id: string;
  year: number;
  /** 1 for a provisional release, 0 for a revised one. */
  provisional: number;
}


/** `jobsThousands` -> `jobs_thousands`: the column of a domain field. */
type SnakeCase<S extends string> = S extends `${infer H}${infer T}` ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeCase<T>}` : S;

/** One column per ASHE figure (`median`, `p10`, `jobs_thousands`...), as the domain lists them. */
export type AsheFigureColumns = { [K in AsheFigure as SnakeCase<K>]: number | null };

/**
 * One ASHE row: an occupation's figures for one measure, sex and work pattern in one area (`uk`
 * for Table 14, a region slug for Table 15). Null where ONS withheld the figure.
 */
export interface AshePayTable extends AsheFigureColumns {
  edition_id: string;
  area: string;
  soc: string;
  measure: string;
  sex: string;
  pattern: string;
  /** Coefficient of variation of the median, percent, from the `b` workbook; null where ONS gives none. */
  median_cv: number | null;
}

/** An ESCO occupation; `concept_id` is the last segment of its URI. */
export interface EscoOccupationsTable {
  edition_id: string;
  concept_id: string;
  uri: string;
  /** Four-digit ISCO-08 unit group. */
  isco_group: string;
  title: string;
  description: string | null;
}

export interface EscoSkillsTable {
  edition_id: string;
  concept_id: string;
  title: string;
  /** `skill/competence` or `knowledge` as ESCO writes it; null where ESCO gives none. */
  skill_type: string | null;
}

/** The skills ESCO relates to one occupation, by concept ids: JSON arrays of strings. */
export interface EscoOccupationSkillsTable {
  edition_id: string;
  occupation_id: string;
  essential_skill_ids: string;
  optional_skill_ids: string;
}

/** An O*NET-SOC 2019 occupation (Occupation Data.txt). */
export interface OnetOccupationsTable {
  edition_id: string;
  code: string;
  title: string;
}

/** One O*NET rating of an occupation on one element (an interest on scale OI, an ability on scale IM). */
export interface OnetScoresTable {
  edition_id: string;
  code: string;
  element_id: string;
  element_name: string;
  value: number;
}

/** One pair of the BLS ISCO-08 <-> US SOC 2010 crosswalk; `partial` 1 where BLS marks it `*`. */
export interface IscoUsSocLinksTable {
  edition_id: string;
  isco08: string;
  us_soc_2010: string;
  us_soc_title: string;
  partial: number;
}

/** One O*NET-SOC 2010 occupation and the US SOC 2010 code it belongs to. */
export interface OnetSoc2010LinksTable {
  edition_id: string;
  onet_soc_2010: string;
  onet_title: string;
  us_soc_2010: string;
}

export interface Database {
  sources: SourcesTable;
  editions: EditionsTable;
  ingest_runs: IngestRunsTable;
  soc_groups: SocGroupsTable;
  soc_descriptions: SocDescriptionsTable;
  coding_index_entries: CodingIndexEntriesTable;
  coding_index_abbreviations: CodingIndexAbbreviationsTable;
  aps_years: ApsYearsTable;
  aps_industries: ApsIndustriesTable;
  aps_employment_cells: ApsEmploymentCellsTable;
  geography_areas: GeographyAreasTable;
  api_keys: ApiKeysTable;
  key_requests: KeyRequestsTable;
  ashe_releases: AsheReleasesTable;
  ashe_pay: AshePayTable;
  esco_occupations: EscoOccupationsTable;
  esco_skills: EscoSkillsTable;
  esco_occupation_skills: EscoOccupationSkillsTable;
  onet_occupations: OnetOccupationsTable;
  onet_scores: OnetScoresTable;
  isco_us_soc_links: IscoUsSocLinksTable;
  onet_soc_2010_links: OnetSoc2010LinksTable;
}

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Either a database handle or an open transaction: store writers accept both. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;
