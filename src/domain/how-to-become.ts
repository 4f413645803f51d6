import type { ApprenticeshipStandard } from './apprenticeships.js';

/**
 * How to become: National Careers Service job profiles, the rows the NCS parsers produce and the
 * queries read. The content export also carries apprenticeship standards (`./apprenticeships.ts`).
 */

/** The kinds of route a job profile's "How to become" section has, in the order the page shows them. */
export const ROUTE_KINDS = [
  'university',
  'college',
  'apprenticeship',
  'work',
  'volunteering',
  'direct_application',
  'other_routes',
  'more_information',
] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];

/** The heading the job-profile page gives each route section. */
export const ROUTE_HEADINGS: Record<RouteKind, string> = {
  university: 'University',
  college: 'College',
  apprenticeship: 'Apprenticeship',
  work: 'Work',
  volunteering: 'Volunteering',
  direct_application: 'Direct application',
  other_routes: 'Other routes',
  more_information: 'More information',
};

/** The routes with entry requirements of their own (university, college and apprenticeship). */
export const ROUTES_WITH_REQUIREMENTS = ['university', 'college', 'apprenticeship'] as const;

/** A paragraph (`text`) and the list that follows it (`items`), as plain text. */
export interface TextPart {
  text: string | null;
  items: string[] | null;
}

export interface TextBlock {
  heading: string | null;
  parts: TextPart[];
}

export interface ProfileRoute {
  kind: RouteKind;
  heading: string;
  blocks: TextBlock[];
}

/** The heading of a route's entry-requirements block (the page's own). */
export const ENTRY_REQUIREMENTS_HEADING = 'Entry requirements';

/**
 * One job profile as one release gives it: the November 2020 content export (structured routes,
 * SOC 2010 code, standards) or a page retrieved in 2026 (newer text, no structure of its own).
 */
export interface NcsProfile {
  slug: string;
  title: string;
  alternativeTitles: string[];
  summary: string | null;
  routesIntro: string | null;
  routesListed: string[];
  routes: ProfileRoute[];
  requirements: string[];
  requirementNotes: string[];
  url: string;
  /** The four-digit SOC 2010 code the export gives; null for a 2026 page (which has none). */
  soc2010: string | null;
  /** Apprenticeship standards (ST references) the export links the profile to; empty for a 2026 page. */
  standards: string[];
  /** When the page was retrieved (2026 pages); null for the export. */
  retrievedAt: string | null;
  /** The export's day-to-day tasks, in order; empty for a 2026 page. Evidence of what the job is. */
  tasks: string[];
  /** The O*NET-SOC 2010 code the export gives (ONetOccupationalCode); null for a 2026 page. */
  onetSoc2010: string | null;
  /** Apprenticeships a 2026 page names, as written ("Adult care worker Level 2"); empty for the export. */
  apprenticeshipsNamed: string[];
}

/** The 2026 job-profile release: the profiles retrieved and every slug the sitemap lists. */
export interface NcsJobProfilesRelease {
  retrievedFrom: string;
  retrievedTo: string;
  profiles: NcsProfile[];
  liveSlugs: string[];
  /** Listed pages a scrape of the site did not read; absent for a retrieval that does not say. */
  pagesLeftOut?: PageLeftOut[];
  /** What the site said of pages it did not serve at their own address; absent for a retrieval that does not say. */
  pageOutcomes?: PageOutcome[];
}

/** A listed page left out: gone (a 404 or soft 404), not retrieved (a 5xx after retries), or in a layout not recognised. */
export interface PageLeftOut {
  slug: string;
  why: 'gone' | 'unreachable' | 'layout';
  detail: string;
}

/**
 * A profile's own page as the site answered it, when not simply there: `gone` (a 404, or NCS's
 * soft 404, a redirect to `/alerts/`) or `moved` (a redirect to another profile's address).
 */
export interface PageOutcome {
  slug: string;
  outcome: 'gone' | 'moved';
  movedTo: string | null;
}

/**
 * A profile's identity across NCS's slug changes: lower case, every run of characters other than
 * letters and digits one hyphen, none at either end. `special-educational-needs-(sen)-teacher`
 * (2020) and `special-educational-needs-sen-teacher` (2026) are one profile.
 */
export function profileKey(slug: string): string {
  return slug
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The content export: its job profiles and the apprenticeship standards it knew. */
export interface NcsContentExport {
  profiles: NcsProfile[];
  standards: ApprenticeshipStandard[];
  /** Old apprenticeship frameworks the export lists (no reference, no level): counted, not stored. */
  frameworks: number;
  /** Link fields that held recipe script expressions, and how many resolved by display text. */
  scriptLinks: { found: number; resolved: number };
}
