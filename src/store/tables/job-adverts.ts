/** New online job adverts (ONS): monthly for the UK and regions, quarterly by local area. Null adverts are suppressed. */
export interface JobAdvertsTables {
  job_advert_months: JobAdvertMonthsTable;
  local_advert_quarters: LocalAdvertQuartersTable;
  job_advert_notices: JobAdvertNoticesTable;
}

export interface JobAdvertMonthsTable {
  edition_id: string;
  area_code: string;
  soc2020: string;
  month: string;
  adverts: number | null;
}

export interface LocalAdvertQuartersTable {
  edition_id: string;
  area_code: string;
  /** A unit group, or `all` for every new advert in the area (coded to an occupation or not). */
  row_key: string;
  quarter: string;
  adverts: number | null;
}

/** The statistics office's data-quality notices of a release, in its order. */
export interface JobAdvertNoticesTable {
  edition_id: string;
  position: number;
  heading: string;
  text: string;
}
