import { DomUtils, parseDocument } from 'htmlparser2';
import {
  ENTRY_REQUIREMENTS_HEADING,
  ROUTE_HEADINGS,
  ROUTES_WITH_REQUIREMENTS,
  type NcsJobProfilesRelease,
  type NcsProfile,
  type PageLeftOut,
  type PageOutcome,
  type ProfileRoute,
  type RouteKind,
  type TextBlock,
  type TextPart,
} from '../../../../domain/how-to-become.js';
import { NCS_PROFILE_PAGE } from '../publisher.js';
import { SCRAPE_FILE, SLUG, type ScrapedPage, type ScrapeHeader } from './scrape.js';

/**
 * The pages a scrape kept (`scrape.ts`), read in the job-profile page's layout. No NCS page is
 * recorded: the layout is the one DfE's own views render (`SkillsFundingAgency/dfc-app-jobprofiles`,
 * `Views/Profile/Segment/HowToBecome/*.cshtml`) and a 2026 scraper reads (`skillettsites/
 * matchmyskillset`, `scripts/ashe/ncs.mjs`): sections found by their ids, blocks by their headings.
 */

/** The route sections of "How to become", by id (the views write `University`, `work`, `directapplication`). */
const ROUTE_SECTIONS: ReadonlyArray<readonly [id: string, kind: RouteKind]> = [
  ['university', 'university'],
  ['college', 'college'],
  ['apprenticeship', 'apprenticeship'],
  ['work', 'work'],
  ['volunteering', 'volunteering'],
  ['directapplication', 'direct_application'],
  ['otherroutes', 'other_routes'],
];
const ALTERNATIVE_TITLES = 'Alternative titles for this job include';
const ROUTES_INTRO = 'You can get into this job through:';
/** The "More information" section's headings kept as blocks ("Registration" is the profile's requirements). */
const MORE_INFORMATION_HEADINGS = ['Career tips', 'Professional and industry bodies', 'Further information'];
/** Capitalised words (and the small words between them) up to "Level N <kind> Apprenticeship". */
const APPRENTICESHIP_NAME =
  /\b((?:[A-Z][\w()'’-]*(?: (?:and|of|in|for|the|&))? )+Level \d+ (?:Foundation |Intermediate |Advanced |Higher |Degree )?Apprenticeship)/g;

type AnyNode = ReturnType<typeof parseDocument>['children'][number];
type Element = Parameters<Parameters<typeof DomUtils.findOne>[0]>[0];

/** A page not in the layout above: counted and left out, and checked against a share (`checks.ts`). */
class UnknownLayout extends Error {}

export function parseScrapedPages(bytes: Uint8Array): NcsJobProfilesRelease {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error(`${SCRAPE_FILE}: not UTF-8`);
  }
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const header = readLine(lines[0], 1) as Partial<ScrapeHeader>;
  if (!Array.isArray(header.slugs) || header.slugs.some((s) => typeof s !== 'string' || !SLUG.test(s)))
    throw new Error(`${SCRAPE_FILE}: the first line lists no slugs`);
  const profiles: NcsProfile[] = [];
  const leftOut: PageLeftOut[] = [];
  const outcomes: PageOutcome[] = [];
  for (const [i, line] of lines.slice(1).entries()) {
    const page = readLine(line, i + 2) as ScrapedPage;
    if (typeof page.slug !== 'string' || !header.slugs.includes(page.slug))
      throw new Error(`${SCRAPE_FILE}, line ${i + 2}: a page the sitemap did not list`);
    if ('failed' in page) {
      leftOut.push({ slug: page.slug, why: page.gone === true ? 'gone' : 'unreachable', detail: String(page.failed) });
      if (page.gone === true) outcomes.push({ slug: page.slug, outcome: 'gone', movedTo: null });
      continue;
    }
    if (typeof page.movedTo === 'string' && SLUG.test(page.movedTo))
      outcomes.push({ slug: page.slug, outcome: 'moved', movedTo: page.movedTo });
    try {
      profiles.push(profileOf(page));
    } catch (error) {
      if (!(error instanceof UnknownLayout)) throw error;
      leftOut.push({ slug: page.slug, why: 'layout', detail: error.message });
    }
  }
  const retrieved = profiles.map((p) => p.retrievedAt!.slice(0, 10)).sort();
  if (retrieved.length === 0) throw new Error(`${SCRAPE_FILE}: no page was retrieved and read`);
  return {
    retrievedFrom: retrieved[0]!,
    retrievedTo: retrieved.at(-1)!,
    profiles,
    liveSlugs: header.slugs,
    pagesLeftOut: leftOut,
    pageOutcomes: outcomes,
  };
}

function readLine(line: string | undefined, number: number): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(line ?? '');
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Reported below, with the line.
  }
  throw new Error(`${SCRAPE_FILE}, line ${number}: not a JSON object`);
}

/** One page read by its labels: a title, and a "How to become" section, or it is not a job profile. */
function profileOf(page: { slug: string; url: string; retrievedAt: string; html: string }): NcsProfile {
  if (Number.isNaN(Date.parse(page.retrievedAt))) throw new Error(`${SCRAPE_FILE}, ${page.slug}: no retrieval time`);
  const document = parseDocument(page.html, { decodeEntities: true, lowerCaseTags: true });
  const title = textOf(DomUtils.findOne((e) => e.name === 'h1', document.children));
  if (!title) throw new UnknownLayout('no <h1> title');
  const howToBecome = byId(document.children, 'howtobecome');
  if (!howToBecome) throw new UnknownLayout('no "How to become" section (id HowToBecome)');

  const routes: ProfileRoute[] = ROUTE_SECTIONS.flatMap(([id, kind]) => {
    const section = byId(howToBecome.children, id);
    if (!section) return [];
    const items = (ROUTES_WITH_REQUIREMENTS as readonly string[]).includes(kind)
      ? listAfter(section, ENTRY_REQUIREMENTS_HEADING)
      : [];
    const blocks: TextBlock[] =
      items.length > 0 ? [{ heading: ENTRY_REQUIREMENTS_HEADING, parts: [{ text: null, items }] }] : [];
    return [{ kind, heading: ROUTE_HEADINGS[kind], blocks }];
  });
  const moreInformation = byId(howToBecome.children, 'moreinfo');
  const moreBlocks = moreInformation ? headedBlocks(moreInformation, MORE_INFORMATION_HEADINGS) : [];
  if (moreBlocks.length > 0)
    routes.push({ kind: 'more_information', heading: ROUTE_HEADINGS.more_information, blocks: moreBlocks });

  const intro = DomUtils.findOne((e) => e.name === 'p' && textOf(e) === ROUTES_INTRO, howToBecome.children);
  const introList = intro ? nextElement(intro) : null;
  const registrationSection = byId(document.children, 'registration');
  const restrictions = byId(document.children, 'restrictions');
  return {
    slug: page.slug,
    title,
    alternativeTitles: alternativeTitles(document.children),
    summary: null,
    routesIntro: intro ? ROUTES_INTRO : null,
    routesListed: introList?.name === 'ul' ? itemsOf(introList) : [],
    routes,
    requirements: [
      ...(moreInformation ? listAfter(moreInformation, 'Registration') : []),
      ...(registrationSection ? itemsOrText(registrationSection) : []),
      ...(restrictions ? itemsOf(restrictions) : []),
    ],
    requirementNotes: [],
    url: page.url.startsWith(NCS_PROFILE_PAGE) ? page.url : `${NCS_PROFILE_PAGE}${page.slug}`,
    soc2010: null,
    standards: [],
    retrievedAt: page.retrievedAt,
    tasks: [],
    onetSoc2010: null,
    apprenticeshipsNamed: apprenticeshipsNamed(byId(howToBecome.children, 'apprenticeship')),
  };
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
const textOf = (node: AnyNode | null): string => (node ? clean(DomUtils.textContent(node)) : '');
const elementsOf = (node: Element): Element[] => node.children.filter((c): c is Element => DomUtils.isTag(c));

function byId(nodes: AnyNode[], id: string): Element | null {
  return DomUtils.findOne((e) => e.attribs.id?.toLowerCase() === id, nodes);
}

function nextElement(node: Element): Element | null {
  let next = node.next;
  while (next && !DomUtils.isTag(next)) next = next.next;
  return next;
}

function itemsOf(list: Element): string[] {
  return DomUtils.findAll((e) => e.name === 'li', list.children)
    .map(textOf)
    .filter(Boolean);
}

function itemsOrText(section: Element): string[] {
  const items = itemsOf(section);
  if (items.length > 0) return items;
  const content = DomUtils.findAll((e) => e.name === 'p', section.children).map(textOf);
  return content.filter(Boolean);
}

/** The "<h2><span>Alternative titles for this job include </span>A, b</h2>" line, split at its commas. */
function alternativeTitles(nodes: AnyNode[]): string[] {
  const heading = DomUtils.findOne((e) => e.name === 'h2' && textOf(e).startsWith(ALTERNATIVE_TITLES), nodes);
  if (!heading) return [];
  return textOf(heading).slice(ALTERNATIVE_TITLES.length).split(',').map(clean).filter(Boolean);
}

/** The items of the first list after the `<h4>` headed `heading`, before the next heading. */
function listAfter(section: Element, heading: string): string[] {
  const content = contentOf(section);
  const at = content.findIndex((e) => e.name === 'h4' && textOf(e).toLowerCase() === heading.toLowerCase());
  if (at < 0) return [];
  for (const element of content.slice(at + 1)) {
    if (/^h[1-6]$/.test(element.name)) return [];
    if (element.name === 'ul' || element.name === 'ol') return itemsOf(element);
  }
  return [];
}

/** The children of the section's content `<div>` (`job-profile-subsection-content`), or of the section itself. */
function contentOf(section: Element): Element[] {
  const content = elementsOf(section).find((e) => (e.attribs.class ?? '').includes('job-profile-subsection-content'));
  return elementsOf(content ?? section);
}

/** A block per `<h4>` among `headings`: its paragraphs, each with the list that follows it. */
function headedBlocks(section: Element, headings: string[]): TextBlock[] {
  const blocks: TextBlock[] = [];
  let current: TextBlock | null = null;
  for (const element of contentOf(section)) {
    if (/^h[1-6]$/.test(element.name)) {
      const heading = headings.find((h) => h.toLowerCase() === textOf(element).toLowerCase());
      current = heading ? { heading, parts: [] } : null;
      if (current) blocks.push(current);
      continue;
    }
    if (!current) continue;
    if (element.name === 'ul' || element.name === 'ol') {
      const last: TextPart | undefined = current.parts.at(-1);
      if (last && last.items === null) last.items = itemsOf(element);
      else current.parts.push({ text: null, items: itemsOf(element) });
    } else {
      const text = textOf(element);
      if (text) current.parts.push({ text, items: null });
    }
  }
  return blocks.filter((b) => b.parts.length > 0);
}

/** Apprenticeships the section names: listed items that are apprenticeships, and "<name> Level N <kind> Apprenticeship" in its text. */
function apprenticeshipsNamed(section: Element | null): string[] {
  if (!section) return [];
  const lists = contentOf(section).filter((e) => e.name === 'ul' && !/list-(reqs|link)/.test(e.attribs.class ?? ''));
  const listed = lists.flatMap(itemsOf).filter((item) => /apprenticeship/i.test(item));
  const inText = [...textOf(section).matchAll(APPRENTICESHIP_NAME)].map((m) => clean(m[1]!));
  return [...new Set([...listed, ...inText])];
}
