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
