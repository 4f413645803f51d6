/**
 * Occupations in demand as the Department for Education's Skills England assesses them each year:
 * a demand level for each SOC 2020 unit group from five labour market indicators. These are the
 * rows a parser of the assessment produces and the demand responses are built from.
 */

export const DEMAND_LEVELS = ['critical', 'elevated', 'not_in_high_demand'] as const;
export type DemandLevel = (typeof DEMAND_LEVELS)[number];

/** The levels /v1/demand lists when no `level` is asked for. */
export const HIGH_DEMAND_LEVELS: readonly DemandLevel[] = ['critical', 'elevated'];

/** The five indicators, in the order responses list them. */
export const DEMAND_INDICATORS = [
  'visa_grants',
  'online_job_adverts',
  'wage_growth',
  'wage_premium',
  'hours_worked',
] as const;
export type DemandIndicatorName = (typeof DEMAND_INDICATORS)[number];

export const DEMAND_SIGNALS = ['critical', 'elevated', 'none'] as const;
export type DemandSignal = (typeof DEMAND_SIGNALS)[number];

export interface DemandIndicator {
  indicator: DemandIndicatorName;
  signal: DemandSignal;
  /** What the indicator measures, in the publisher's words. */
  measures: string;
}

/** One occupation's assessment in one year. */
export interface DemandAssessment {
  soc2020: string;
  year: number;
  level: DemandLevel;
  /** The average of the five indicators: ranks occupations within a year; null where the publisher gives none. */
  demandIndex: number | null;
  indicators: DemandIndicator[];
  /** The publisher's caveats, to be displayed where present. */
  uncertainty: string | null;
  imputation: string | null;
  capping: string | null;
  onImmigrationSalaryList: boolean | null;
  /** People working in the occupation, as the assessment gives it. */
  workers: number | null;
}

export interface DemandRelease {
  /** The year assessed. */
  year: number;
  /** Assessments of `year`, and of the year before where the release re-assesses it on the same method. */
  assessments: DemandAssessment[];
}

/** What the levels and the index mean, as the assessment defines them. */
export const DEMAND_DEFINITIONS =
  'Each occupation (SOC 2020 unit group) is assessed on five labour market indicators (visa grants, online job adverts, wage growth, wage premium and hours worked) and placed at one of three levels: ' +
  'critical (demand substantially higher than usual), elevated (demand above average) or not_in_high_demand. ' +
  'demandIndex is the average of the five indicators: it ranks occupations within a year but does not decide the level, and is not comparable across years. ' +
  "An indicator's signal is critical, elevated or none. The assessment measures current demand, not whether there is a shortage of workers.";
