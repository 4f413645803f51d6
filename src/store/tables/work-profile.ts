/** O*NET occupations and ratings, and the crosswalks that reach them from ISCO-08. */
export interface WorkProfileTables {
  onet_occupations: OnetOccupationsTable;
  onet_scores: OnetScoresTable;
  isco_us_soc_links: IscoUsSocLinksTable;
  onet_soc_2010_links: OnetSoc2010LinksTable;
  onet_soc_2019_links: OnetSoc2019LinksTable;
  onet_soc_2018_links: OnetSoc2018LinksTable;
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

/** One row of O*NET's 2010 to 2019 crosswalk: an O*NET-SOC 2010 occupation and one of its O*NET-SOC 2019 successors. */
export interface OnetSoc2019LinksTable {
  edition_id: string;
  onet_soc_2010: string;
  onet_soc_2019: string;
  onet_2019_title: string;
}

/** One O*NET-SOC 2019 occupation and the 2018 SOC detailed occupation it belongs to. */
export interface OnetSoc2018LinksTable {
  edition_id: string;
  onet_soc_2019: string;
  onet_title: string;
  us_soc_2018: string;
  us_soc_2018_title: string;
}
