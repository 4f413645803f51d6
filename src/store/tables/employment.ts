/** APS employment by occupation and industry, and by unit group (NM_218_1). */
export interface EmploymentTables {
  aps_years: ApsYearsTable;
  aps_industries: ApsIndustriesTable;
  aps_employment_cells: ApsEmploymentCellsTable;
  aps_occupation_periods: ApsOccupationPeriodsTable;
  aps_occupation_counts: ApsOccupationCountsTable;
  census_age_bands: CensusAgeBandsTable;
  census_age_cells: CensusAgeCellsTable;
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

/** A Census 2021 age band of a release, youngest first (`age_to` null: "and over"). */
export interface CensusAgeBandsTable {
  edition_id: string;
  position: number;
  label: string;
  age_from: number;
  age_to: number | null;
}

/** People in employment of a unit group, sex (all | male | female) and band (0: the row's total). */
export interface CensusAgeCellsTable {
  edition_id: string;
  soc2020: string;
  sex: string;
  band: number;
  people: number | null;
  /** published | withheld (`[c]`) */
  marker: string;
}
