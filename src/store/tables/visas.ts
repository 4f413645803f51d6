/** Sponsored work visas by occupation (Home Office). Booleans are 0/1 integers in both dialects. */
export interface VisasTables {
  visa_quarters: VisaQuartersTable;
  visa_figures: VisaFiguresTable;
  visa_breakdowns: VisaBreakdownsTable;
}

/** A quarter the release covers (`YYYY Qn`). */
export interface VisaQuartersTable {
  edition_id: string;
  quarter: string;
  provisional: number;
  /** 1 where the release's notes call the quarter's figures modelled estimates converted from SOC 2010. */
  modelled: number;
}

export interface VisaFiguresTable {
  edition_id: string;
  soc2020: string;
  quarter: string;
  applications: number;
  grants: number;
}

/** Grants by `route`, `nationality` or `industry`. */
export interface VisaBreakdownsTable {
  edition_id: string;
  soc2020: string;
  quarter: string;
  kind: string;
  name: string;
  grants: number;
}
