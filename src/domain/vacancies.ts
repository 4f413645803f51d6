/** Vacancies by occupation as the Employer Skills Survey (DfE) publishes them: SOC 2010 unit groups, UK. */

/** The levels of SOC a vacancy figure can be published at, finest first. */
export const VACANCY_GROUP_LEVELS = ['unit group', 'minor group', 'sub-major group', 'major group'] as const;
export type VacancyGroupLevel = (typeof VACANCY_GROUP_LEVELS)[number];

/** Digits of a SOC 2010 code at each level: 4 for a unit group down to 1 for a major group. */
export const CODE_DIGITS: Readonly<Record<VacancyGroupLevel, number>> = {
  'unit group': 4,
  'minor group': 3,
  'sub-major group': 2,
  'major group': 1,
};

/** Which row of the survey's table a figure set belongs to. */
export type EssRowKind =
  /** a SOC 2010 group ("NNNN - Title" for a unit group, "NNN - Title" a minor group, and so on) */
  | VacancyGroupLevel
  /** "Not codeable to this level of SOC": vacancies the survey could not code to a unit group */
  | 'not codeable'
  /** "Total": every vacancy of the survey year */
  | 'total';

/** One row of one survey year. Null figures are withheld (`u`, too few employers), never zero. */
export interface EssVacancyRow {
  year: number;
  kind: EssRowKind;
  /** SOC 2010 code of the group (four digits for a unit group, one for a major group); null for the other kinds. */
  soc2010: string | null;
  /** The survey's title of the group; null for the other kinds. */
  title: string | null;
  /** Establishments in the sample with a vacancy in the occupation; null where the survey marks it `c` (confidential). */
  employersReporting: number | null;
  /** Weighted estimates, unrounded as published. */
  vacancies: number | null;
  hardToFill: number | null;
  skillShortage: number | null;
  /** Hard-to-fill and skill-shortage vacancies as a percent of all the row's vacancies, as published. */
  hardToFillPercent: number | null;
  skillShortagePercent: number | null;
}

export interface EssRelease {
  /** Survey years in the file, oldest first. */
  years: number[];
  rows: EssVacancyRow[];
}

/** The survey withholds an occupation's figures when fewer than this many employers reported a vacancy in it. */
export const ESS_EMPLOYER_THRESHOLD = 30;

/** The survey year that did not cover Scotland (England, Wales and Northern Ireland only): it is in no UK table. */
export const ESS_YEAR_WITHOUT_SCOTLAND = 2019;

/**
 * The survey's terms in its publishers' words (the ESS 2022 glossary; UKCES's explanation of how the
 * survey asks): what the three counts are.
 */
export const VACANCY_DEFINITIONS =
  'Vacancies: the current vacancies employers reported at their establishment at the time of the interview. ' +
  'Hard-to-fill vacancies: vacancies that employers struggle to fill (the employer says the vacancy is proving hard to fill, for any reason). ' +
  'Skill-shortage vacancies: a specific type of hard-to-fill vacancy that occurs when an employer cannot find applicants with the required skills, qualifications or experience to do a job. ' +
  "hardToFillPercent and skillShortagePercent are those vacancies as a percentage of all the group's vacancies (the survey's density).";

/**
 * When each survey's interviews took place, as DfE and the Scottish Government report them;
 * a vacancy is one open at the time of the interview. Only surveys whose dates are confirmed are
 * listed; others are named by their year.
 */
export const ESS_FIELDWORK: Readonly<Record<number, string>> = {
  2022: 'June 2022 to March 2023',
};
