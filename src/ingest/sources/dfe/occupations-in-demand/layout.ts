import type { DemandIndicatorName, DemandLevel } from '../../../../domain/demand.js';

/**
 * The labels of Skills England's occupations-in-demand tidy data, as the 2025 release's CSVs
 * carry them (README: `raw_OID_output_2024_revised.csv`'s header printed by a notebook run on the
 * real file; the `scaled_OID_output*` signal columns read by the same notebook).
 */
export const COLUMN = {
  unit: 'soc20_unit',
  level: 'demand_level',
  year: 'time_period',
  geography: 'geographic_level',
  demandIndex: 'demand_index',
  uncertainty: 'indicator_uncertainty',
  imputation: 'named_imputed_indicators',
  capping: 'imputation_capped_indicators',
  salaryList: 'immigration_salary_list',
  workers: 'workers',
} as const;

/** The five indicators' values (the `raw_OID_output*` tables): a table with them is one of occupations. */
export const INDICATOR_VALUE_COLUMNS = [
  'visa_density',
  'wage_premium',
  'online_job_ad_density',
  'annual_change_in_hours_worked',
  'annual_perc_change_in_hourly_wage',
] as const;

/**
 * Each indicator's prefix in the `scaled_OID_output*` tables, whose `<prefix>_critical` and
 * `<prefix>_elevated` columns are 1 where the indicator reached that level, else 0. The job-advert
 * columns are `online_job_ad_critical`, not `online_job_ad_density_critical`.
 */
const SIGNAL_PREFIX: Record<DemandIndicatorName, string> = {
  visa_grants: 'visa_density',
  online_job_adverts: 'online_job_ad',
  wage_growth: 'annual_perc_change_in_hourly_wage',
  wage_premium: 'wage_premium',
  hours_worked: 'annual_change_in_hours_worked',
};

export const signalColumns = (indicator: DemandIndicatorName) =>
  [`${SIGNAL_PREFIX[indicator]}_critical`, `${SIGNAL_PREFIX[indicator]}_elevated`] as const;

/**
 * What each indicator measures, in the publisher's words (the 2025 release page, section "Demand
 * levels across indicators", as quoted in the README's evidence).
 */
export const MEASURES: Record<DemandIndicatorName, string> = {
  visa_grants: 'Visa grant density: the number of visas granted as a proportion of employment in the occupation.',
  online_job_adverts:
    'Online job advert density: the number of online job adverts as a proportion of employment in the occupation.',
  wage_growth:
    'Annual percentage change in hourly wage: the year-on-year percentage change in average hourly wage in the occupation.',
  wage_premium:
    'Wage premium: the average wage of the occupation compared with other occupations of the same ONS skill level, controlling for factors such as age and sex.',
  hours_worked:
    'Annual change in hours worked: the year-on-year absolute change in average weekly hours worked in the occupation.',
};

/** The publisher's demand levels, as `demand_level` spells them. */
export const LEVELS: Record<string, DemandLevel> = {
  'Critical demand': 'critical',
  'Elevated demand': 'elevated',
  'Not in high demand': 'not_in_high_demand',
};

/** The aggregate every filter column of the tidy cube takes on its summary rows. */
export const TOTAL = 'Total';
/** The category of occupations left out of the assessment (in `soc20_unit` and the filter columns). */
export const EXCLUDED = 'Excluded occupations';

/** EES's symbols for a figure not given: `x` not available (seen), `c` confidential, `z` not applicable, `u` low reliability. */
export const MARKERS = new Set(['x', 'c', 'z', 'u', ':', '']);

/** The publisher's phrasing of "no caveat" in the three note columns (`No uncertainty`, `No indicators imputed`, `No indicators capped ...`). */
export const NO_CAVEAT = /^No (uncertainty|indicators)\b/;

/** The table that re-assesses the year before on the release's method: `raw_OID_output_2024_revised.csv`. */
export const REVISED_TABLE = /_(\d{4})_revised\.csv$/i;

/**
 * The release's tables of occupations, by the names it gives them (LAYOUTS.md §3, the 2025 zip's
 * listing): `raw_OID_output.csv` and `scaled_OID_output.csv` (the release's year), and the same
 * names ending `_<year>_revised.csv` (a year re-assessed on the release's method). The zip's other
 * tables (`2024_scaled_weighted_oid_output.csv`, `2024_original_revised_demand_table.csv`, the
 * industry tables, anything new) are never read, whatever their columns.
 */
export const OCCUPATION_TABLE = /(?:^|\/)(?:raw|scaled)_OID_output(?:_\d{4}_revised)?\.csv$/i;
