/** The SOC 2010 to SOC 2020 relationship table. */
export interface SocCrosswalkTables {
  soc2010_bases: Soc2010BasesTable;
  soc_crosswalk_links: SocCrosswalkLinksTable;
}

/** A SOC 2010 unit group and its dual-coded records in each sample. */
export interface Soc2010BasesTable {
  edition_id: string;
  soc2010: string;
  title: string;
  men_lfs: number | null;
  men_census: number | null;
  women_lfs: number | null;
  women_census: number | null;
}

/** The share (0 to 1) of a SOC 2010 group's records, in each sample, coded to a SOC 2020 group. */
export interface SocCrosswalkLinksTable {
  edition_id: string;
  soc2010: string;
  soc2020: string;
  soc2020_title: string;
  men_lfs: number | null;
  men_census: number | null;
  women_lfs: number | null;
  women_census: number | null;
}
