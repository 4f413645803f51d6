import type { SocLevel } from '../../domain/soc.js';

/** The SOC 2020 classification: its groups, descriptions and coding index. */
export interface OccupationsTables {
  soc_groups: SocGroupsTable;
  soc_descriptions: SocDescriptionsTable;
  coding_index_entries: CodingIndexEntriesTable;
  coding_index_abbreviations: CodingIndexAbbreviationsTable;
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
