/** O*NET occupations and ratings, and the crosswalks that reach them from ISCO-08. */
export interface WorkProfileTables {
  onet_occupations: OnetOccupationsTable;
  onet_scores: OnetScoresTable;
  isco_us_soc_links: IscoUsSocLinksTable;
  onet_soc_2010_links: OnetSoc2010LinksTable;
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
