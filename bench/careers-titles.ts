/**
 * Evaluation sets for exact titles several unit groups share (bench/README.md, "Careers-site
 * titles"), built from the upstream files with the app's own parsers; no hand labels:
 *
 * - careers-site titles: every NCS 2020 export profile title and every title and alternative
 *   title of the 2026 pages; right = a unit group that the profile's SOC 2010 code (given by NCS
 *   in the export) reaches at a pooled share >= 0.2 in the ONS SOC 2010 -> 2020 table; "dominant"
 *   = the largest such share;
 * - ESCO exact labels: ESCO occupation labels that are exact coding-index titles; right = a unit
 *   group whose coding-index records carry the label's ISCO-08 group (the index's coding sense).
 *
 * And the employment the served search uses as its prior (APS, latest year, published cells).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { CodingIndex } from '../src/domain/soc.js';
import { CROSSWALK_SAMPLES } from '../src/domain/soc.js';
import { readWorkbookSync } from '../src/ingest/formats/workbook.js';
import { parseRecipes } from '../src/ingest/sources/ncs/ncs-content-export-2020/parse.js';
import { PROFILES_FILE, SLUGS_FILE, parseJobProfiles } from '../src/ingest/sources/ncs/ncs-job-profiles/parse.js';
import { parseApsWorkbook, yearsClaimedBy } from '../src/ingest/sources/ons/aps-occupation-industry/parse.js';
import { parseSocCrosswalk } from '../src/ingest/sources/ons/soc-crosswalk/parse.js';
import type { EscoOccupationLabels } from './esco-labels.js';

const UPSTREAM = new URL('../../shared/upstream/', import.meta.url).pathname;
/** A SOC 2010 group's share in a SOC 2020 group from which the title counts as right there. */
const RIGHT_SHARE = 0.2;

/** A query, the unit groups that count as right, and the dominant one (empty string when none is singled out). */
export interface JudgedTitle {
  query: string;
  expected: ReadonlySet<string>;
  dominant: string;
}

/** APS people in employment per unit group, latest year, sum of published cells: what the served index weighs (src/store/employment.ts). */
export function employmentFromUpstream(): Map<string, number> {
  const folder = path.join(UPSTREAM, 'aps-occupation-industry');
  const file = readdirSync(folder).find((name) => name.endsWith('.xlsx'))!;
  const release = parseApsWorkbook(
    readWorkbookSync(readFileSync(path.join(folder, file)), { fills: true }),
    yearsClaimedBy(file),
  );
  const latest = Math.max(...release.years.map((y) => y.year));
  const people = new Map<string, number>();
  for (const cell of release.cells)
    if (cell.year === latest && cell.soc2020 !== null && cell.marker === 'published' && cell.people !== null)
      people.set(cell.soc2020, (people.get(cell.soc2020) ?? 0) + cell.people);
  return new Map([...people].filter(([, n]) => n > 0));
}

/** SOC 2010 -> SOC 2020 shares, the four dual-coded samples pooled by their record counts. */
export function pooledCrosswalk(): Map<string, Map<string, number>> {
  const crosswalk = parseSocCrosswalk(
    readWorkbookSync(readFileSync(path.join(UPSTREAM, 'soc-crosswalk/ONS_SOC2010_SOC2020.xlsx'))),
  );
  const bases = new Map(crosswalk.bases.map((base) => [base.soc2010, base.records]));
  const shares = new Map<string, Map<string, number>>();
  for (const link of crosswalk.links) {
    const records = bases.get(link.soc2010);
    let weighted = 0;
    let total = 0;
    for (const sample of CROSSWALK_SAMPLES) {
      const base = records?.[sample];
      const share = link.shares[sample];
      if (base == null || share == null) continue;
      weighted += base * share;
      total += base;
    }
    const groups = shares.get(link.soc2010) ?? new Map<string, number>();
    groups.set(link.soc2020, total > 0 ? weighted / total : 0);
    shares.set(link.soc2010, groups);
  }
  return shares;
}

/** The mirror's NCS profiles: the November 2020 export and the 2026 pages, each parsed. */
export function ncsReleases() {
  const folder = path.join(UPSTREAM, 'ncs-content-export-2020/recipes');
  const exported = parseRecipes(
    readdirSync(folder)
      .filter((name) => name.endsWith('.recipe.json'))
      .map((name) => ({ name, bytes: readFileSync(path.join(folder, name)) })),
  );
  const pages = parseJobProfiles(
    readFileSync(path.join(UPSTREAM, 'ncs-job-profiles', PROFILES_FILE)),
    readFileSync(path.join(UPSTREAM, 'ncs-job-profiles', SLUGS_FILE)),
  );
  return { exported, pages };
}

export function careersSiteTitles(): JudgedTitle[] {
  const { exported, pages } = ncsReleases();
  const crosswalk = pooledCrosswalk();
  const soc2010BySlug = new Map(exported.profiles.map((p) => [p.slug, p.soc2010]));
  const judged = new Map<string, { expected: Set<string>; shares: Map<string, number> }>();
  const add = (title: string, soc2010: string | null | undefined): void => {
    const groups = soc2010 ? crosswalk.get(soc2010) : undefined;
    if (!groups) return;
    const key = title.trim().toLowerCase();
    const entry = judged.get(key) ?? { expected: new Set<string>(), shares: new Map<string, number>() };
    judged.set(key, entry);
    for (const [soc2020, share] of groups) {
      if (share >= RIGHT_SHARE) entry.expected.add(soc2020);
      entry.shares.set(soc2020, (entry.shares.get(soc2020) ?? 0) + share);
    }
  };
  for (const profile of exported.profiles) add(profile.title, profile.soc2010);
  for (const page of pages.profiles)
    for (const title of [page.title, ...page.alternativeTitles]) add(title, soc2010BySlug.get(page.slug));
  return [...judged].map(([query, { expected, shares }]) => ({
    query,
    expected,
    dominant: [...shares].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '',
  }));
}

export function escoExactLabels(index: CodingIndex, occupations: readonly EscoOccupationLabels[]): JudgedTitle[] {
  const groupsOfIsco = new Map<string, Set<string>>();
  for (const record of index.records) {
    if (record.soc2020 === null || record.isco08 === null) continue;
    const groups = groupsOfIsco.get(record.isco08) ?? new Set<string>();
    groups.add(record.soc2020);
    groupsOfIsco.set(record.isco08, groups);
  }
  const byLabel = new Map<string, Set<string>>();
  for (const occupation of occupations) {
    const groups = groupsOfIsco.get(occupation.iscoGroup);
    if (!groups) continue;
    for (const label of occupation.labels) {
      const key = label.toLowerCase();
      const known = byLabel.get(key);
      // A label of occupations in several ISCO-08 groups: right only where they agree.
      byLabel.set(key, known ? new Set([...known].filter((code) => groups.has(code))) : new Set(groups));
    }
  }
  return [...byLabel]
    .filter(([, expected]) => expected.size > 0)
    .map(([query, expected]) => ({ query, expected, dominant: '' }));
}
