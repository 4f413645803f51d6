import {
  ENTRY_REQUIREMENTS_HEADING,
  ROUTE_HEADINGS,
  ROUTES_WITH_REQUIREMENTS,
  type NcsJobProfilesRelease,
  type NcsProfile,
  type ProfileRoute,
  type RouteKind,
  type TextBlock,
} from '../../../../domain/how-to-become.js';
import { NCS_PROFILE_PAGE } from '../publisher.js';

export const PROFILES_FILE = 'ncs-profiles.json';
export const SLUGS_FILE = 'ncs-job-profile-slugs.json';

/** The page's sections as the scrape flags them (`hasSections`), and the route kind each is. */
const SECTIONS: ReadonlyArray<readonly [section: string, kind: RouteKind]> = [
  ['university', 'university'],
  ['college', 'college'],
  ['apprenticeship', 'apprenticeship'],
  ['work', 'work'],
  ['volunteering', 'volunteering'],
  ['directApplication', 'direct_application'],
  ['otherRoutes', 'other_routes'],
];

/** The headings of the "More information" section, which the scrape runs into its flattened text. */
const MORE_INFORMATION_HEADINGS = ['Career tips', 'Professional and industry bodies', 'Further information'] as const;
const ROUTES_INTRO = 'You can get into this job through:';
/** Lower-case words joined by hyphens; NCS has one slug ending in a hyphen (`production-manager-manufacturing-`). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*-?$/;

interface ScrapedProfile {
  ok?: unknown;
  retrievedAt?: unknown;
  slug?: unknown;
  url?: unknown;
  title?: unknown;
  alternativeTitles?: unknown;
  apprenticeshipsNamed?: unknown;
  routes?: unknown;
  entryRequirements?: unknown;
  hasSections?: unknown;
  registration?: unknown;
  restrictions?: unknown;
  howToBecomeText?: unknown;
  moreInformationText?: unknown;
}

export function parseJobProfiles(profilesBytes: Uint8Array, slugsBytes: Uint8Array): NcsJobProfilesRelease {
  const profilesJson = readJson(profilesBytes, PROFILES_FILE) as { profiles?: unknown };
  const slugsJson = readJson(slugsBytes, SLUGS_FILE) as { slugs?: unknown };
  if (
    profilesJson.profiles === null ||
    typeof profilesJson.profiles !== 'object' ||
    Array.isArray(profilesJson.profiles)
  )
    throw new Error(`${PROFILES_FILE}: no "profiles" object keyed by slug`);
  if (!Array.isArray(slugsJson.slugs)) throw new Error(`${SLUGS_FILE}: no "slugs" list`);
  const liveSlugs = slugsJson.slugs.map((slug, i) => {
    if (typeof slug !== 'string' || !SLUG.test(slug)) throw new Error(`${SLUGS_FILE}: entry ${i + 1} is not a slug`);
    return slug;
  });
  const profiles = Object.entries(profilesJson.profiles as Record<string, ScrapedProfile>)
    .filter(([, p]) => p?.ok === true)
    .map(([slug, p]) => profileOf(slug, p));
  const retrieved = profiles.map((p) => p.retrievedAt!.slice(0, 10)).sort();
  if (retrieved.length === 0) throw new Error(`${PROFILES_FILE}: no profile retrieved successfully`);
  return { retrievedFrom: retrieved[0]!, retrievedTo: retrieved.at(-1)!, profiles, liveSlugs };
}

function profileOf(key: string, p: ScrapedProfile): NcsProfile {
  const where = `${PROFILES_FILE}, profile "${key}"`;
  if (p.slug !== key || !SLUG.test(key)) throw new Error(`${where}: its slug is "${String(p.slug)}"`);
  const title = typeof p.title === 'string' ? p.title.trim() : '';
  if (!title) throw new Error(`${where}: no title`);
  if (typeof p.retrievedAt !== 'string' || Number.isNaN(Date.parse(p.retrievedAt)))
    throw new Error(`${where}: no retrieval time`);
  const requirements = (p.entryRequirements ?? {}) as Record<string, unknown>;
  const sections = (p.hasSections ?? {}) as Record<string, unknown>;

  const routes: ProfileRoute[] = SECTIONS.filter(([section]) => sections[section] === true).map(([, kind]) => {
    const items = (ROUTES_WITH_REQUIREMENTS as readonly string[]).includes(kind)
      ? strings(requirements[kind], `${where} entryRequirements.${kind}`)
      : [];
    const blocks: TextBlock[] =
      items.length > 0 ? [{ heading: ENTRY_REQUIREMENTS_HEADING, parts: [{ text: null, items }] }] : [];
    return { kind, heading: ROUTE_HEADINGS[kind], blocks };
  });
  const moreInformation = moreInformationBlocks(typeof p.moreInformationText === 'string' ? p.moreInformationText : '');
  if (moreInformation.length > 0)
    routes.push({ kind: 'more_information', heading: ROUTE_HEADINGS.more_information, blocks: moreInformation });

  const howToBecome = typeof p.howToBecomeText === 'string' ? p.howToBecomeText : '';
  return {
    slug: key,
    title,
    alternativeTitles: strings(p.alternativeTitles, `${where} alternativeTitles`),
    summary: null,
    routesIntro: howToBecome.includes(ROUTES_INTRO) ? ROUTES_INTRO : null,
    routesListed: (Array.isArray(p.routes) ? p.routes : [])
      .map((r: { text?: unknown }) => (typeof r?.text === 'string' ? r.text.trim() : ''))
      .filter(Boolean),
    routes,
    requirements: [
      ...strings(p.registration, `${where} registration`),
      ...strings(p.restrictions, `${where} restrictions`),
    ],
    requirementNotes: [],
    url: typeof p.url === 'string' && p.url.startsWith(NCS_PROFILE_PAGE) ? p.url : `${NCS_PROFILE_PAGE}${key}`,
    soc2010: null,
    standards: [],
    retrievedAt: p.retrievedAt,
    tasks: [],
    onetSoc2010: null,
    apprenticeshipsNamed: strings(p.apprenticeshipsNamed, `${where} apprenticeshipsNamed`),
  };
}

/**
 * The "More information" text split at its fixed headings: one block per heading, its text as the
 * scrape flattened it (lists run together; the page's list structure is not in the file).
 */
function moreInformationBlocks(text: string): TextBlock[] {
  const body = text.replace(/^\s*More Information\s*/i, '');
  const found = MORE_INFORMATION_HEADINGS.map((heading) => ({ heading, at: body.indexOf(heading) }))
    .filter((h) => h.at >= 0)
    .sort((a, b) => a.at - b.at);
  return found
    .map(({ heading, at }, i) => {
      const segment = body
        .slice(at + heading.length, found[i + 1]?.at ?? body.length)
        .replace(/\s+/g, ' ')
        .trim();
      return { heading, parts: segment ? [{ text: segment, items: null }] : [] };
    })
    .filter((block) => block.parts.length > 0);
}

function strings(value: unknown, where: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw new Error(`${where}: not a list of strings`);
  return (value as string[]).map((v) => v.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

function readJson(bytes: Uint8Array, what: string): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    throw new Error(`${what}: not UTF-8 JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}
