/** Occupations in demand (Skills England). Booleans are 0/1 integers (null kept) in both dialects. */
export interface DemandTables {
  demand_assessments: DemandAssessmentsTable;
  demand_indicators: DemandIndicatorsTable;
}

export interface DemandAssessmentsTable {
  edition_id: string;
  soc2020: string;
  year: number;
  level: string;
  demand_index: number | null;
  uncertainty: string | null;
  imputation: string | null;
  capping: string | null;
  on_immigration_salary_list: number | null;
  workers: number | null;
}

export interface DemandIndicatorsTable {
  edition_id: string;
  soc2020: string;
  year: number;
  indicator: string;
  signal: string;
  measures: string;
}
