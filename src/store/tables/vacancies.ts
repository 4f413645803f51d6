/** The Employer Skills Survey's vacancies by occupation. */
export interface VacanciesTables {
  ess_vacancies: EssVacanciesTable;
}

/** One survey year's row: a SOC 2010 unit group, the not-codeable row or the total. Null figures are withheld. */
export interface EssVacanciesTable {
  edition_id: string;
  year: number;
  /** Four-digit SOC 2010 code, `not-codeable` or `total`. */
  row_key: string;
  /** The survey's title of a unit group; null for the other rows. */
  title: string | null;
  /** Null where the survey marks the count confidential. */
  employers_reporting: number | null;
  vacancies: number | null;
  hard_to_fill: number | null;
  skill_shortage: number | null;
  hard_to_fill_percent: number | null;
  skill_shortage_percent: number | null;
}
