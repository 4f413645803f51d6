/** Pay and paid hours as ASHE publishes them: the measures, who the jobs are, and the figures of each. */

/** The spec's measures, in ONS table order: measure i is table <family>.<i + 1>. */
export const PAY_MEASURES = [
  'weekly_pay_gross',
  'weekly_pay_excl_overtime',
  'basic_pay_incl_other',
  'overtime_pay',
  'hourly_pay_gross',
  'hourly_pay_excl_overtime',
  'annual_pay_gross',
  'annual_pay_incentive',
  'hours_paid_total',
  'hours_paid_basic',
  'hours_paid_overtime',
] as const;
export type PayMeasure = (typeof PAY_MEASURES)[number];

export const PAY_SEXES = ['all', 'male', 'female'] as const;
export type PaySex = (typeof PAY_SEXES)[number];
export const WORK_PATTERNS = ['all', 'fulltime', 'parttime'] as const;
export type WorkPattern = (typeof WORK_PATTERNS)[number];

/** The measures served by region (ASHE Table 15 as the spec exposes it). */
export const REGIONAL_PAY_MEASURES = ['annual_pay_gross', 'weekly_pay_gross', 'hourly_pay_gross'] as const;

/** The unit of every figure of a measure (ASHE Tables 14.1 to 14.11). */
export const PAY_UNITS: Record<PayMeasure, string> = {
  weekly_pay_gross: 'GBP per week',
  weekly_pay_excl_overtime: 'GBP per week',
  basic_pay_incl_other: 'GBP per week',
  overtime_pay: 'GBP per week',
  hourly_pay_gross: 'GBP per hour',
  hourly_pay_excl_overtime: 'GBP per hour',
  annual_pay_gross: 'GBP per year',
  annual_pay_incentive: 'GBP per year',
  hours_paid_total: 'hours per week',
  hours_paid_basic: 'hours per week',
  hours_paid_overtime: 'hours per week',
};

export const isAnnualMeasure = (measure: PayMeasure): boolean =>
  measure === 'annual_pay_gross' || measure === 'annual_pay_incentive';

/** The pay distribution, lowest decile to highest, as responses order it. */
export const PAY_DISTRIBUTION = [
  'p10',
  'p20',
  'p25',
  'p30',
  'p40',
  'median',
  'p60',
  'p70',
  'p75',
  'p80',
  'p90',
] as const;
export type DistributionPoint = (typeof PAY_DISTRIBUTION)[number];
export const PERCENTILES = PAY_DISTRIBUTION.filter((p): p is Exclude<DistributionPoint, 'median'> => p !== 'median');

/**
 * Every figure of one row of an ASHE data sheet (estimates or their CVs), in the sheet's column
 * order: the one list the parser, the store and the read side share.
 */
export const ASHE_FIGURES = [
  'jobsThousands',
  'median',
  'medianChange',
  'mean',
  'p10',
  'p20',
  'p25',
  'p30',
  'p40',
  'p60',
  'p70',
  'p75',
  'p80',
  'p90',
] as const;
export type AsheFigure = (typeof ASHE_FIGURES)[number];

/**
 * The figures of one row, null where withheld. `medianChange` is the annual % change of the
 * median (estimates only; `.` in the CV workbook).
 */
export type AsheFigures = Record<AsheFigure, number | null>;

/** An ASHE release's figures as the store keeps them: one row per area, occupation, measure, sex and work pattern. */
export interface PayRow extends AsheFigures {
  area: string;
  soc: string;
  measure: string;
  sex: string;
  pattern: string;
  medianCv: number | null;
  /** The ONS marker that stands in the median's place (`x`, `..`, `:`); null when published or not recorded. */
  medianMarker: string | null;
}

/** The release an ASHE edition holds: its reference year and whether ONS will revise it. */
export interface AsheReleaseFacts {
  year: number;
  provisional: boolean;
}
