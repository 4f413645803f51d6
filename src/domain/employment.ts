/** People in employment by occupation and industry, as the APS tables publish them. */

/** What a cell of the table says about its figure. */
export type CellMarker =
  /** a published estimate */
  | 'published'
  /** `*`: the sample is too small for a reliable estimate; withheld */
  | 'withheld'
  /** `-`: no figures to report (nobody in the sample) */
  | 'none';

export interface IndustrySection {
  /** SIC 2007 section letter, A to S. */
  section: string;
  name: string;
  /** The publisher's column order, 1 to 19. */
  position: number;
}

export interface EmploymentCell {
  year: number;
  /** Four-digit unit group, or null for the table's Total row. */
  soc2020: string | null;
  section: string;
  people: number | null;
  marker: CellMarker;
  /** Shaded in the workbook: "based on a small sample size ... should be used with caution". */
  smallSample: boolean;
}

export interface ApsYear {
  year: number;
  /** As the sheet says it, e.g. "January-December 2024". */
  period: string;
}

export interface ApsRelease {
  years: ApsYear[];
  industries: IndustrySection[];
  cells: EmploymentCell[];
}

/** Where an APS occupation release was read: a Nomis API query, or a third party's relay of its counts. */
export type ApsOrigin = 'nomis' | 'relayed';

/** A count Nomis serves (`A`), one it withholds (`Q`), or none in the release (a relay's blank). */
export type ApsCountStatus = 'published' | 'withheld' | 'not-published';

export type ApsSex = 'all' | 'male' | 'female';
export type ApsPattern = 'all' | 'fulltime' | 'parttime';
export type ApsEmploymentType = 'all' | 'employees' | 'self-employed';

/** People in employment in one unit group, area and breakdown (Nomis NM_218_1). */
export interface ApsOccupationCount {
  /** GSS code: K02000001 (UK) or a nation's. */
  area: string;
  soc2020: string;
  sex: ApsSex;
  pattern: ApsPattern;
  employment: ApsEmploymentType;
  people: number | null;
  /** Half-width of the 95% confidence interval, in people; null where the release gives none. */
  confidence: number | null;
  status: ApsCountStatus;
}

/** One Jan-Dec period of APS people in employment by unit group. */
export interface ApsOccupationRelease {
  year: number;
  /** "January-December 2025", worded as the industry table words its years. */
  period: string;
  origin: ApsOrigin;
  /** The third party whose copy was read (`owner/repo@commit`), for a relay; null for Nomis. */
  relayedBy: string | null;
  counts: ApsOccupationCount[];
  /** GSS codes of areas the release held that are not the UK or a nation (not read). */
  skippedAreas: string[];
}

/** A Census 2021 age band as its workbook labels it: from 16 to 19 (wider) to 65 and over (`to` null). */
export interface CensusAgeBand {
  /** 1 for the youngest. */
  position: number;
  label: string;
  from: number;
  to: number | null;
}

/** Who a Census row counts: everyone, or men or women only. */
export type CensusSex = 'all' | 'male' | 'female';

/** People in employment of one unit group, sex and band (`band` null: the row's total); null when `[c]`. */
export interface CensusAgeCell {
  soc2020: string;
  sex: CensusSex;
  band: number | null;
  people: number | null;
  marker: 'published' | 'withheld';
}

/** Census 2021 "Occupations of those in employment, by age and sex, England and Wales". */
export interface CensusAgeRelease {
  /** As the workbook states it: "England and Wales, March 2021". */
  areaAndDate: string;
  bands: CensusAgeBand[];
  cells: CensusAgeCell[];
}
