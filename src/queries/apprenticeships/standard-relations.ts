import type { ApprenticeshipStandard } from '../../domain/apprenticeships.js';
import type { CodingIndexRecord } from '../../domain/soc.js';
import { exactTitleKey } from '../../search/exact-title.js';
import { contentWords, type Tfidf } from '../../search/text-vectors.js';
import { MIN_QUALIFIER_SUPPORT, qualifierSupport } from '../qualifier-support.js';

/** Measured on NCS's 2020 profile links (bench/README.md, "Joins"). */
export const RELATIONS = {
  /** A standard is related where its combined evidence reaches this. */
  relate: 0.2,
  /** Primary: half or more of the standard's own typical job titles are this unit group's... */
  primaryTitleShare: 0.5,
  /** ...or a profile placed here this strongly links or names it, and one of its titles agrees. */
  primaryProfile: 0.6,
  /** A standard known only from the 2020 export is shown by default when a profile placed this strongly links it. */
  showUnlisted: 0.6,
} as const;

/** A profile's evidence for a standard: the profile, how strongly it is placed here, and how it relates the standard. */
export interface ProfileLink {
  slug: string;
  title: string;
  confidence: number;
  link: 'linked in the 2020 export' | 'named on its 2026 page';
}

export interface StandardRelation {
  code: string;
  soc2020: string;
  /** Share of the standard's distinct typical job titles the coding index places here. */
  typicalTitleShare: number;
  /** One of the standard's titles is an index title here, whatever its qualifier says (corroboration only). */
  titleAgrees: boolean;
  matchedTitles: string[];
  /** Best posterior of a profile placed here that NCS linked to the standard in 2020. */
  profile: number;
  /** The same for 2026 pages that name it. */
  named: number;
  profiles: ProfileLink[];
  /** 1 − (1 − titles)(1 − profile)(1 − named). */
  score: number;
  primary: boolean;
}

/** A unit group's share of a standard's titles, and which of them it holds. */
interface TitleShare {
  share: number;
  titles: string[];
  /** A title is here only through a qualified entry its words do not support: no share, but it agrees. */
  agreesOnly?: boolean;
}

/** A typical job title's own key, else the key without its bracketed variant: "Registered nurse (adult)". */
function indexKeys(title: string): string[] {
  const bare = title.replace(/\([^)]*\)/g, ' ');
  return [...new Set([exactTitleKey(title), exactTitleKey(bare)])].filter(Boolean);
}

/** The occupation a standard is named for: its name without the level, a bracketed kind of degree or a " - " variant. */
export function occupationNamed(standard: ApprenticeshipStandard): string {
  return standard.name
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+-\s.*$/, '')
    .replace(/\b(?:level|l)\s*\d\b.*$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Unit group -> share of the standard's titles there. A title's groups are its unqualified
 * coding-index entries and the qualified ones the standard's own words (name, route, titles)
 * support; a title with k groups gives 1/k to each. The titles are the standard's typical job
 * titles and, where the coding index knows it, the occupation the standard is named for, each an
 * equal part: where the release gives no typical titles (124 of the 528 standards approved in
 * January 2023, e.g. Business administrator) the name is the only one.
 */
export function typicalTitleShares(
  standard: ApprenticeshipStandard,
  byTitle: ReadonlyMap<string, readonly CodingIndexRecord[]>,
  qualifiers: Tfidf,
): Map<string, TitleShare> {
  const own = new Set(contentWords([standard.name, standard.route ?? '', ...standard.typicalJobTitles].join(' ')));
  // The title as written, else its bare form ("Registered nurse (adult)" -> "Registered nurse").
  const entriesOf = (title: string) => {
    for (const key of indexKeys(title)) {
      const entries = byTitle.get(key);
      if (entries && entries.length > 0) return entries;
    }
    return [];
  };
  const groupsOf = (title: string) =>
    new Set(
      entriesOf(title)
        .filter((r) => r.qualifier === null || qualifierSupport(r, own, qualifiers) >= MIN_QUALIFIER_SUPPORT)
        .map((r) => r.soc2020!),
    );
  const name = occupationNamed(standard);
  const nameGroups = name ? groupsOf(name) : new Set<string>();
  const titles = new Map(standard.typicalJobTitles.map((t) => [exactTitleKey(t), t] as const).filter(([k]) => k));
  if (titles.has(exactTitleKey(name))) titles.delete(exactTitleKey(name));
  const parts: { title: string; socs: Set<string>; weight: number }[] = [];
  const nameWeight = nameGroups.size === 0 ? 0 : 1 / (titles.size + 1);
  if (nameWeight > 0) parts.push({ title: name, socs: nameGroups, weight: nameWeight });
  for (const title of titles.values())
    parts.push({ title, socs: groupsOf(title), weight: (1 - nameWeight) / titles.size });
  const out = new Map<string, TitleShare>();
  for (const { title, socs, weight } of parts)
    for (const soc of socs) {
      const entry = out.get(soc) ?? { share: 0, titles: [] };
      entry.share += weight / socs.size;
      entry.titles.push(title);
      out.set(soc, entry);
    }
  // Groups a title reaches only through an unsupported qualifier ("Teacher" at 2314): too weak to
  // give a share, enough to agree with a profile placed there that links the standard.
  for (const title of [name, ...titles.values()].filter(Boolean))
    for (const r of entriesOf(title))
      if (!out.has(r.soc2020!)) out.set(r.soc2020!, { share: 0, titles: [], agreesOnly: true });
  return out;
}

/** Words of a standard's name before its level: "Adult care worker Level 2" and "Adult care worker" share them. */
const nameKey = (name: string) => contentWords(name.replace(/\b(?:level|l)\s*\d\b.*$/i, '')).join(' ');

/**
 * The standards an apprenticeship named on a 2026 page resolves to: the same name words and, when
 * the page gives one, the same level; only a single hit counts.
 */
export function resolveNamedApprenticeships(
  names: readonly string[],
  byName: ReadonlyMap<string, readonly ApprenticeshipStandard[]>,
): string[] {
  const codes: string[] = [];
  for (const named of names) {
    const level = Number(/\b(?:level|l)\s*(\d)\b/i.exec(named)?.[1] ?? NaN);
    const hits = (byName.get(nameKey(named)) ?? []).filter((s) => Number.isNaN(level) || s.level === level);
    if (hits.length === 1 && !codes.includes(hits[0]!.code)) codes.push(hits[0]!.code);
  }
  return codes;
}

export function standardsByName(standards: Iterable<ApprenticeshipStandard>): Map<string, ApprenticeshipStandard[]> {
  const out = new Map<string, ApprenticeshipStandard[]>();
  for (const s of standards) {
    const key = nameKey(s.name);
    out.set(key, [...(out.get(key) ?? []), s]);
  }
  return out;
}

export interface PlacedProfile {
  slug: string;
  title: string;
  posterior: number;
  /** Standards NCS's 2020 export links the profile to. */
  linked: readonly string[];
  /** Standards its 2026 page names (resolved). */
  named: readonly string[];
}

/** Every (standard, unit group) with some evidence, combined, by unit group. */
export function relateStandards(
  standards: Iterable<ApprenticeshipStandard>,
  titleShares: (s: ApprenticeshipStandard) => Map<string, TitleShare>,
  placedBySoc: ReadonlyMap<string, readonly PlacedProfile[]>,
): Map<string, StandardRelation[]> {
  const relations = new Map<string, StandardRelation>();
  const relation = (code: string, soc: string) => {
    const key = `${code}|${soc}`;
    let r = relations.get(key);
    if (!r) {
      r = {
        code,
        soc2020: soc,
        typicalTitleShare: 0,
        titleAgrees: false,
        matchedTitles: [],
        profile: 0,
        named: 0,
        profiles: [],
        score: 0,
        primary: false,
      };
      relations.set(key, r);
    }
    return r;
  };
  for (const s of standards)
    for (const [soc, { share, titles, agreesOnly }] of titleShares(s)) {
      const r = relation(s.code, soc);
      r.typicalTitleShare = share;
      r.titleAgrees = agreesOnly === true || share > 0;
      r.matchedTitles = titles;
    }
  for (const [soc, placed] of placedBySoc)
    for (const p of placed) {
      const link = (codes: readonly string[], field: 'profile' | 'named', how: ProfileLink['link']) => {
        for (const code of codes) {
          const r = relation(code, soc);
          r[field] = Math.max(r[field], p.posterior);
          r.profiles.push({ slug: p.slug, title: p.title, confidence: p.posterior, link: how });
        }
      };
      link(p.linked, 'profile', 'linked in the 2020 export');
      link(p.named, 'named', 'named on its 2026 page');
    }
  const bySoc = new Map<string, StandardRelation[]>();
  for (const r of relations.values()) {
    // Rounded so that a share of exactly 1/5 reaches a threshold of 0.2.
    r.score = Math.round((1 - (1 - r.typicalTitleShare) * (1 - r.profile) * (1 - r.named)) * 1e9) / 1e9;
    r.primary =
      r.typicalTitleShare >= RELATIONS.primaryTitleShare ||
      (Math.max(r.profile, r.named) >= RELATIONS.primaryProfile && r.titleAgrees);
    r.profiles.sort((a, b) => b.confidence - a.confidence);
    if (r.score < RELATIONS.relate) continue;
    bySoc.set(r.soc2020, [...(bySoc.get(r.soc2020) ?? []), r]);
  }
  return bySoc;
}
