/**
 * New online job adverts by occupation as ONS publishes them: monthly for the UK and its regions,
 * and quarterly for local authorities. These are the rows a parser of the ONS releases produces and
 * the job-advert responses are built from. A suppressed figure is null, never zero.
 */

import { PAY_REGIONS, UNITED_KINGDOM, type LocalArea } from './areas.js';

/** The first month every monthly response lists. */
export const JOB_ADVERT_SERIES_START = '2017-01';

/** How many months make the latest year, and how many quarters. */
export const MONTHS_IN_YEAR = 12;
export const QUARTERS_IN_ADVERT_YEAR = 4;

/** How many quarters the local response lists. */
export const LOCAL_QUARTERS_LISTED = 12;

/** A data-quality notice of the statistics office for the release. */
export interface JobAdvertNotice {
  heading: string;
  text: string;
}

/** New adverts for an occupation in an area (the UK or a region, by GSS code) in one month; null where suppressed. */
export interface JobAdvertMonth {
  areaCode: string;
  soc2020: string;
  /** `YYYY-MM`. */
  month: string;
  adverts: number | null;
}

export interface JobAdvertRelease {
  /** Every month the release covers, oldest first. */
  months: string[];
  rows: JobAdvertMonth[];
  notices: JobAdvertNotice[];
}

/**
 * New adverts in an area (a local authority, London as one, or the UK by its GSS code) in one
 * quarter: for an occupation, or (`soc2020` null) all new adverts in the area, including those
 * that could not be coded to an occupation. Null where suppressed.
 */
export interface LocalAdvertQuarter {
  areaCode: string;
  soc2020: string | null;
  /** `YYYY Qn`. */
  quarter: string;
  adverts: number | null;
}

export interface LocalAdvertRelease {
  /** Every quarter the release covers, oldest first. */
  quarters: string[];
  rows: LocalAdvertQuarter[];
  notices: JobAdvertNotice[];
}

/**
 * A release as its parser hands it over, compact (the local table has over a hundred thousand
 * series): one series per area and occupation, a figure for each of the release's periods, null
 * where suppressed. `soc2020` null: every new advert in the area, coded to an occupation or not.
 */
export interface AdvertSeries {
  areaCode: string;
  soc2020: string | null;
  adverts: (number | null)[];
}

export interface AdvertTable {
  /** `YYYY-MM` (monthly) or `YYYY Qn` (local), oldest first; each series has a figure for each. */
  periods: string[];
  series: AdvertSeries[];
  notices: JobAdvertNotice[];
}

/**
 * The UK and the eleven pay regions as areas of the local endpoints: the interface takes them as
 * `{area}` besides the local areas (London is both a region and a local area).
 */
export const WIDER_ADVERT_AREAS: readonly LocalArea[] = [UNITED_KINGDOM, ...PAY_REGIONS].map((area) => ({
  ...area,
  region: area.name,
}));
