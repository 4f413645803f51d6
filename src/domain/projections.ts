/**
 * Employment projections by occupation as Warwick IER and Cambridge Econometrics publish them for
 * the Department for Education: one workbook per area ("<Area>_MainTables.Main.xlsm"), figures for
 * sub-major groups of SOC (SOC 2020 from the 2020-2035 round, SOC 2010 in Working Futures 2017-2027),
 * in thousands, unrounded.
 */

import { NATION_AREAS, PAY_REGIONS, UNITED_KINGDOM, type AreaSummary } from './areas.js';

/** The classification a workbook's occupations are coded to. */
export type ProjectionClassification = 'SOC 2020' | 'SOC 2010';

/** A qualification level of the workbooks' `RD T1`, highest first, as the response lists them. */
export const QUALIFICATION_LEVELS = ['rqf8', 'rqf7', 'rqf6', 'rqf5', 'rqf4', 'rqf3', 'rqf2', 'rqf1', 'none'] as const;
export type QualificationLevel = (typeof QUALIFICATION_LEVELS)[number];

/** The figures of one group between the base and target years, in thousands as published. */
export interface ProjectionFigures {
  employmentBase: number;
  employmentTarget: number;
  netChange: number;
  replacementDemand: number;
  totalRequirement: number;
}

/** A sub-major group (two-digit code) or, with code `all`, all occupations. */
export interface ProjectionGroupRow extends ProjectionFigures {
  code: string;
  title: string;
  /** Employment (thousands) in each year of `Occ F2`, oldest first. */
  series: Array<{ year: number; employment: number }>;
}

export interface ProjectionQualificationRow extends ProjectionFigures {
  /** Two-digit sub-major group or `all`. */
  code: string;
  qualification: QualificationLevel;
  /** The workbook's name of the level, e.g. "Doctorate", "No Qualification". */
  label: string;
}

/** One workbook: what it says about itself, then its figures. */
export interface ProjectionRelease {
  /** The Info sheet's "<area> name" ("Country name", "Region name"), e.g. "England", "United Kingdom". */
  areaName: string;
  classification: ProjectionClassification;
  baseYear: number;
  targetYear: number;
  /** When the producers' database was created (Info sheet), ISO date, or null when it cannot be read. */
  databaseCreated: string | null;
  /** The Warning sheet's copyright line, verbatim, e.g. "Copyright: Warwick Institute for Employment Research / Cambridge Econometrics, 2023". */
  copyright: string;
  /** The Warning sheet's REPORTING paragraph, verbatim: what the producers say about the estimates' accuracy. */
  reporting: string;
  /** The Warning sheet's rule for published data: the fewest individuals a cell may be based on (10,000). */
  publishThreshold: number;
  groups: ProjectionGroupRow[];
  qualifications: ProjectionQualificationRow[];
}

/** The code the all-occupations row is kept under. */
export const ALL_OCCUPATIONS = 'all';

/** The `area` values of the projections endpoint, in the spec's order. */
export const PROJECTION_AREA_SLUGS = [
  'uk',
  'england',
  'wales',
  'scotland',
  'northern-ireland',
  'north-east',
  'north-west',
  'yorkshire-and-the-humber',
  'east-midlands',
  'west-midlands',
  'east-of-england',
  'london',
  'south-east',
  'south-west',
] as const;
export type ProjectionAreaSlug = (typeof PROJECTION_AREA_SLUGS)[number];

export function projectionArea(slug: ProjectionAreaSlug): AreaSummary {
  return [UNITED_KINGDOM, ...NATION_AREAS, ...PAY_REGIONS].find((a) => a.slug === slug)!;
}

/** Where the net change is smaller than this many jobs either way, the spec calls it `little change`. */
export const LITTLE_CHANGE_JOBS = 1_000;

type ProjectionDirection = 'growing' | 'declining' | 'little change';

/** The spec's direction of a net change given in jobs (not thousands), unrounded. */
export function projectionDirection(netChangeJobs: number): ProjectionDirection {
  if (Math.abs(netChangeJobs) < LITTLE_CHANGE_JOBS) return 'little change';
  return netChangeJobs > 0 ? 'growing' : 'declining';
}

/** A figure published in thousands as a whole number of jobs rounded to the nearest 1,000 (never -0). */
export function nearestThousandJobs(thousands: number): number {
  return Math.round(thousands) * 1_000 + 0;
}
