/** Apprenticeship standards: the rows the Skills England parsers (and the NCS content export) produce and the queries read. */

/** An apprenticeship standard as a release gives it; what the release lacks is null. */
export interface ApprenticeshipStandard {
  /** ST reference, e.g. ST0116. */
  code: string;
  name: string;
  /** 2 to 7; null when the release gives none in that range. */
  level: number | null;
  status: string | null;
  route: string | null;
  typicalJobTitles: string[];
  url: string | null;
  durationMonths: number | null;
  version: string | null;
  larsCode: number | null;
  maxFunding: number | null;
  approvedForDelivery: string | null;
  /** Skills England's `careerStarter` flag; null where the release has no such field. */
  careerStarter: boolean | null;
  /** What the institute's full API answer adds (the January 2023 release); null where the release has none. */
  detail: StandardDetail | null;
}

/** A standard's description, entry and recognition, as the institute's API answer gives them. */
export interface StandardDetail {
  overview: string | null;
  pathway: string | null;
  entryRequirements: string | null;
  regulatedBy: string | null;
  professionalRecognition: string[];
  /** `integrated` (an integrated degree), `separate` (a degree taken beside it), else null. */
  degree: 'integrated' | 'separate' | null;
  qualificationsGained: string[];
}

export interface ApprenticeshipStandardsRelease {
  retrievedAt: string;
  standards: ApprenticeshipStandard[];
}

/** Apprenticeship levels the spec allows (2 to 7); others are stored as null. */
export function apprenticeshipLevel(value: unknown): number | null {
  const level = typeof value === 'string' ? Number(value) : value;
  return typeof level === 'number' && Number.isInteger(level) && level >= 2 && level <= 7 ? level : null;
}
