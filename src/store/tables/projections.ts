/** Employment projections by occupation: one MainTables workbook per edition. */
export interface ProjectionsTables {
  projection_workbooks: ProjectionWorkbooksTable;
  projection_groups: ProjectionGroupsTable;
  projection_series: ProjectionSeriesTable;
  projection_qualifications: ProjectionQualificationsTable;
}

/** What a workbook says about itself: its area, classification, period and the producers' text. */
export interface ProjectionWorkbooksTable {
  edition_id: string;
  area_name: string;
  /** `SOC 2020` or `SOC 2010`. */
  classification: string;
  base_year: number;
  target_year: number;
  database_created: string | null;
  copyright: string;
  reporting: string;
  /** Individuals (not thousands). */
  publish_threshold: number;
}

/** A sub-major group (two digits) or `all`: figures in thousands, unrounded as published. */
export interface ProjectionGroupsTable {
  edition_id: string;
  code: string;
  title: string;
  employment_base: number;
  employment_target: number;
  net_change: number;
  replacement_demand: number;
  total_requirement: number;
}

export interface ProjectionSeriesTable {
  edition_id: string;
  code: string;
  year: number;
  /** Thousands. */
  employment: number;
}

/** A group's figures at one qualification level (`rqf8` .. `rqf1`, `none`), thousands. */
export interface ProjectionQualificationsTable {
  edition_id: string;
  code: string;
  qualification: string;
  label: string;
  employment_base: number;
  employment_target: number;
  net_change: number;
  replacement_demand: number;
  total_requirement: number;
}
