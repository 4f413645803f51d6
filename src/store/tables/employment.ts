/** APS employment by occupation and industry. */
export interface EmploymentTables {
  aps_years: ApsYearsTable;
  aps_industries: ApsIndustriesTable;
  aps_employment_cells: ApsEmploymentCellsTable;
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
