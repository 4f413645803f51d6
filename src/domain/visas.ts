/**
 * Sponsored work visas by occupation as the Home Office publishes them: applications and grants
 * by SOC 2020 unit group and quarter, and grants by route, nationality and industry. These are the
 * rows a parser of the Home Office's release produces and the visa responses are built from.
 */

/** The first quarter every visa response lists: every quarter from it to the latest, zero where an occupation had no visas. */
export const VISA_SERIES_START = '2024 Q4';

/**
 * The Home Office's mark for a category it withholds (`*`). Figures under it are kept as published,
 * under this name: a unit group `*` is counted in no occupation (nor ranked), a nationality `*` in
 * no nationality's share, and the responses' `coverage` says how many grants that leaves out.
 */
export const WITHHELD = '*';

/** How many quarters make the latest year. */
export const QUARTERS_IN_YEAR = 4;

/** A quarter of the release, whether the Home Office marks its figures provisional, and whether its notes call them modelled (converted from SOC 2010). */
export interface VisaReleaseQuarter {
  /** `YYYY Qn`. */
  quarter: string;
  provisional: boolean;
  modelled: boolean;
}

/** An occupation's applications and grants in one quarter. An occupation with none that quarter has no row (it had no visas). */
export interface VisaQuarterFigures {
  /** A four-digit unit group, or `WITHHELD` for the quarter's visas whose unit group the Home Office withheld. */
  soc2020: string;
  quarter: string;
  applications: number;
  grants: number;
}

export type VisaBreakdownKind = 'route' | 'nationality' | 'industry';

/** Grants to an occupation in one quarter by visa route, nationality or the industry the sponsor assigned itself. */
export interface VisaBreakdownFigures {
  soc2020: string;
  quarter: string;
  kind: VisaBreakdownKind;
  /** As the Home Office names it, or `WITHHELD`. */
  name: string;
  grants: number;
}

export interface VisaRelease {
  /** Every quarter the release covers, oldest first. */
  quarters: VisaReleaseQuarter[];
  figures: VisaQuarterFigures[];
  breakdowns: VisaBreakdownFigures[];
}

/** How many of each breakdown the latest year lists (largest first); routes are all listed. */
export const VISA_TOP: Readonly<Record<VisaBreakdownKind, number>> = { route: Infinity, nationality: 10, industry: 5 };
