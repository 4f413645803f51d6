/** APS employment by occupation and industry, and by unit group (NM_218_1). */
export interface EmploymentTables {
  aps_years: ApsYearsTable;
  aps_industries: ApsIndustriesTable;
  aps_employment_cells: ApsEmploymentCellsTable;
  aps_occupation_periods: ApsOccupationPeriodsTable;
  aps_occupation_counts: ApsOccupationCountsTable;
}

export interface ApsYearsTable {
  edition_id: string;
  year: number;
  period: string;
}

export interface ApsIndustriesTable {
  edition_id: string;
  section: string;
  position: number;
  name: string;
}

export interface ApsEmploymentCellsTable {
  edition_id: string;
  year: number;
  /** Four-digit unit group, or `total` for the table's Total row. */
  soc2020: string;
  section: string;
  people: number | null;
  /** published | withheld | none */
  marker: string;
  small_sample: number;
}

/** The Jan-Dec period of an APS occupation release and how it was read. */
export interface ApsOccupationPeriodsTable {
  edition_id: string;
  year: number;
  period: string;
  /** nomis | relayed */
  origin: string;
  relayed_by: string | null;
}

/** People in employment in a unit group, area (GSS code) and breakdown; people null unless published. */
export interface ApsOccupationCountsTable {
  edition_id: string;
  area: string;
  soc2020: string;
  sex: string;
  pattern: string;
  employment_type: string;
  people: number | null;
  confidence: number | null;
  /** published | withheld | not-published */
  status: string;
}
