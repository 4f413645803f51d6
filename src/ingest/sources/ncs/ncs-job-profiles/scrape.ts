import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import type { Discovery, DiscoveryContext, ReleaseRef } from '../../../discovery.js';
import { NCS_PROFILE_PAGE, NCS_SITE } from '../publisher.js';

/**
 * The job profiles followed from the publisher (scrape-and-diff): the sitemap lists every live
 * profile, each page is fetched in turn, spaced, and kept (trimmed of scripts and styles) in one
 * built file that `parse` reads in the parse worker. No page is parsed here.
 */

/** The sitemap the 2026 retrieval read (`ncs-job-profile-slugs.json`, `source.sitemap`). */
const NCS_SITEMAP = `${NCS_SITE}explore-careers/sitemap.xml`;
/** That retrieval saw the sitemap list 736, 494 and 733 profiles on three reads: the union of a few reads is taken. */
const SITEMAP_READS = 3;
/** About 740 are listed; far more means the sitemap is not the list of profiles. */
const MAX_PROFILES = 2000;
/** A sitemap index is followed one level down, to at most this many sitemaps. */
const MAX_CHILD_SITEMAPS = 20;
/** The scrape's time: a fixed part, and per page the gap plus a second for the answer. */
const BUDGET_BASE_MS = 10 * 60_000;
const PAGE_ALLOWANCE_MS = 1000;
export const SCRAPE_FILE = 'ncs-job-profile-pages.jsonl';
/** Lower-case words joined by hyphens; NCS has one slug ending in a hyphen (`production-manager-manufacturing-`). */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*-?$/;

/** The built file's first line: what the sitemap listed. */
export interface ScrapeHeader {
  sitemap: string;
  slugs: string[];
}

/**
 * One further line a listed page: its trimmed HTML (and the profile it redirected to, if another),
 * or why it was not retrieved (`gone` when the site says the page is gone: a 404, 410 or soft 404).
 */
export type ScrapedPage =
  | { slug: string; url: string; retrievedAt: string; html: string; movedTo?: string }
  | { slug: string; url: string; failed: string; gone?: true };

/** The fetcher's words for a page the site says does not exist. */
const GONE_STATUS = /answered HTTP (?:404|410)\b/;

interface ScrapeOptions {
  /** Overrides the time budget (tests); by default it scales with the pages listed and the gap. */
  budgetMs?: number;
}

export function discoverJobProfiles(context: DiscoveryContext, options: ScrapeOptions = {}): Promise<Discovery> {
  return scrapeJobProfiles(context, options).then((release) => ({ releases: [release] }));
}

async function scrapeJobProfiles(context: DiscoveryContext, options: ScrapeOptions): Promise<ReleaseRef> {
  const started = Date.now();
  const gap = context.options.ncsIntervalMs;
  // One spacing for every request of the scrape, the sitemap's and the pages'.
  const spaced = spacer(gap);
  const pages = await listedProfiles(context, spaced);
  const budgetMs = options.budgetMs ?? BUDGET_BASE_MS + pages.length * (gap + PAGE_ALLOWANCE_MS);
  const builtPath = path.join(context.workDir, SCRAPE_FILE);
  // The fingerprint covers what the site says (the list, each page's content), never when it was read.
  const fingerprint = createHash('sha256');
  const file = await open(builtPath, 'w');
  let retrieved = 0;
  try {
    const header: ScrapeHeader = { sitemap: NCS_SITEMAP, slugs: pages.map((p) => p.slug) };
    await file.write(`${JSON.stringify(header)}\n`);
    fingerprint.update(`${header.slugs.join('\n')}\n`);
    for (const page of pages) {
      if (Date.now() - started > budgetMs)
        throw new Error(
          `the scrape ran over its time budget of ${Math.round(budgetMs / 1000)} s after ${retrieved} of ${pages.length} pages; nothing of it is read`,
        );
      const line = await spaced(() => retrieve(context, page));
      if ('html' in line) retrieved++;
      fingerprint.update(`${line.slug}\n${'html' in line ? line.html : `failed: ${line.failed}`}\n`);
      await file.write(`${JSON.stringify(line)}\n`);
    }
  } finally {
    await file.close();
  }
  return {
    label: `National Careers Service job profiles, ${retrieved} of ${pages.length} pages the sitemap lists`,
    seriesKey: null,
    location: { mirrorPath: `ncs-job-profiles/${SCRAPE_FILE}`, url: NCS_SITEMAP, builtPath },
    pageUrl: NCS_SITEMAP,
    fingerprint: fingerprint.digest('hex'),
  };
}

/**
 * Runs each request `gap` after the previous one ended, so that the site sees them at least `gap`
 * apart whatever the network does, and whatever host a page redirects to (the fetcher's own
 * interval for the NCS host then finds it kept).
 */
function spacer(gap: number): <T>(request: () => Promise<T>) => Promise<T> {
  let last = -Infinity;
  return async (request) => {
    const wait = last + gap - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      return await request();
    } finally {
      last = Date.now();
    }
  };
}

type Spaced = ReturnType<typeof spacer>;

/** A page, or why not: a 404, a 5xx after the fetcher's retries, or NCS's soft 404 (a redirect to `/alerts/`); a redirect to another profile is followed and named. */
async function retrieve(context: DiscoveryContext, page: { slug: string; url: string }): Promise<ScrapedPage> {
  try {
    const document = await context.getText(page.url, { accept: 'text/html' });
    if (new URL(document.url).pathname.startsWith('/alerts/'))
      return { ...page, failed: `redirected to ${document.url} (the site's page for a missing profile)`, gone: true };
    // A redirect to another profile's address: the same profile under its new slug.
    const movedTo = profileSlug(document.url);
    return {
      ...page,
      retrievedAt: new Date().toISOString(),
      html: trimmed(document.text),
      ...(movedTo && movedTo !== page.slug ? { movedTo } : {}),
    };
  } catch (error) {
    const failed = error instanceof Error ? error.message : String(error);
    return { ...page, failed, ...(GONE_STATUS.test(failed) ? { gone: true as const } : {}) };
  }
}

/** The page's body without what no reading needs (scripts, styles, comments, runs of white space). */
export function trimmed(html: string): string {
  const start = html.search(/<body[\s>]/i);
  const end = html.search(/<\/body\s*>/i);
  return (start >= 0 ? html.slice(start, end > start ? end : undefined) : html)
    .replace(/<(script|style|noscript|svg|template)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s+/g, ' ');
}

/**
 * The job-profile pages the sitemap lists: the union of a few reads, each slug once, sorted (the
 * sitemap's order varies between reads, and must not make an unchanged site a new release).
 */
async function listedProfiles(context: DiscoveryContext, spaced: Spaced): Promise<{ slug: string; url: string }[]> {
  const pages = new Map<string, string>();
  for (let read = 0; read < SITEMAP_READS; read++) {
    for (const url of await sitemapLocations(context, NCS_SITEMAP, 0, spaced)) {
      const slug = profileSlug(url);
      if (slug && !pages.has(slug)) pages.set(slug, url);
    }
    if (pages.size > MAX_PROFILES)
      throw new Error(`${NCS_SITEMAP} lists more than ${MAX_PROFILES} job profiles: not the list of profiles`);
  }
  if (pages.size === 0) throw new Error(`${NCS_SITEMAP} lists no job profile (${NCS_PROFILE_PAGE}<slug>)`);
  return [...pages].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([slug, url]) => ({ slug, url }));
}

/** `https://<NCS host>/job-profiles/<slug>`'s slug; null for any other address. */
function profileSlug(url: string): string | null {
  try {
    const parsed = new URL(url);
    const match = /^\/job-profiles\/([^/]+)\/?$/.exec(parsed.pathname);
    if (parsed.protocol !== 'https:' || parsed.host !== new URL(NCS_SITE).host || !match) return null;
    return SLUG.test(match[1]!) ? match[1]! : null;
  } catch {
    return null;
  }
}

/**
 * The `<loc>`s of a sitemaps.org sitemap: a `<urlset>`'s pages, or a `<sitemapindex>`'s sitemaps
 * read in turn (one level). Any other document is refused: the sitemap has moved or changed.
 */
async function sitemapLocations(
  context: DiscoveryContext,
  url: string,
  depth: number,
  spaced: Spaced,
): Promise<string[]> {
  const document = await spaced(() => context.getText(url, { accept: 'application/xml' }));
  const { root, locs } = readSitemap(document.text);
  if (root === 'urlset') return locs;
  if (root !== 'sitemapindex' || depth > 0)
    throw new Error(`${url} is not a sitemap (its root element is <${root ?? 'none'}>)`);
  if (locs.length > MAX_CHILD_SITEMAPS)
    throw new Error(`${url} indexes ${locs.length} sitemaps; at most ${MAX_CHILD_SITEMAPS} are read`);
  const found: string[] = [];
  for (const child of locs) found.push(...(await sitemapLocations(context, child, depth + 1, spaced)));
  return found;
}

/** The root element's name (namespace prefix dropped) and the text of every `<loc>`. */
export function readSitemap(xml: string): { root: string | null; locs: string[] } {
  let root: string | null = null;
  const locs: string[] = [];
  let inLoc = false;
  let text = '';
  const local = (name: string) => name.replace(/^.*:/, '').toLowerCase();
  const parser = new Parser(
    {
      onopentag(name) {
        if (root === null) root = local(name);
        if (local(name) === 'loc') [inLoc, text] = [true, ''];
      },
      ontext(chunk) {
        if (inLoc) text += chunk;
      },
      onclosetag(name) {
        if (local(name) !== 'loc' || !inLoc) return;
        inLoc = false;
        if (text.trim()) locs.push(text.trim());
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return { root, locs };
}
