import type { CodingIndexRecord } from '../../domain/soc.js';
import { exactTitleKey } from '../../search/exact-title.js';
import { bag, contentWords, cosine, type Bag, type TextVector } from '../../search/text-vectors.js';
import { entriesByTitle, MIN_QUALIFIER_SUPPORT, qualifierIdf, qualifierSupport } from '../qualifier-support.js';
import { vectorsTogether } from '../occupations/unit-group-text.js';
import type { Tfidf } from '../../search/text-vectors.js';

/**
 * The placement's constants, each measured (bench/README.md, "Joins"): beta and gamma on the
 * protocol that holds out the SOC 2010 code, alpha and `place` on the one that holds out titles,
 * then the joint grid maximising mean F1 on both.
 */
const PLACEMENT = {
  /** Floor of the SOC 2010 share: a title and the text together can overrule NCS's code (App developer, 2135), text alone cannot. */
  alpha: 0.01,
  /** Weight of a counted coding-index title. */
  beta: 64,
  /** Weight of the text closeness, relative to the closest unit group's. */
  gamma: 3,
  /** A profile is placed where its posterior is at least this. */
  place: 0.2,
  /** An alternative title counts this much of the title. */
  alternativeTitle: 0.8,
  /** Text "agrees" at this share of the closest unit group's closeness or more. */
  textAgree: 0.6,
  /** A SOC 2010 code "points" to a unit group receiving this share or more. */
  codeAgree: 0.2,
  /** A unit group left with none gets its best profile at this posterior or more, if among the profile's closest by text. */
  fill: { minPosterior: 0.1, maxTextRank: 3 },
} as const;

export type Strength = 'strong' | 'moderate' | 'weak';
type TitleMatchKind = 'title' | 'alternative title';

interface TitleEvidence {
  /** The coding-index title that matched, as the index writes it. */
  matchedTitle: string;
  match: TitleMatchKind;
  qualifier: string | null;
  /** Share of the qualifier's words the profile's own words contain (1 unqualified); counted at 0.5 or more. */
  qualifierSupport: number;
}

export interface PlacementEvidence {
  /** The profile's SOC 2010 code and the share of its records the ONS table codes here; null without a code or share. */
  soc2010: { code: string; share: number } | null;
  /** The best coding-index entry of the profile's titles here, counted or not; null when none. */
  title: TitleEvidence | null;
  /** Cosine of the profile's text and the unit group's (Volume 1 and index titles). */
  textSimilarity: number;
  /** 1 for the unit group whose text is closest to the profile's. */
  textRank: number;
}

export interface Placement {
  soc2020: string;
  /** Share of the profile's evidence on this unit group, over all of them (sums to 1 per profile). */
  posterior: number;
  strength: Strength;
  evidence: PlacementEvidence;
  /** Placed by the fill pass: the unit group had no profile, this is its best one. */
  fill: boolean;
}

/** What is placed: a titled record and what it says the job is. */
export interface PlacementSubject {
  slug: string;
  title: string;
  alternativeTitles: readonly string[];
  /** Summary, day-to-day tasks: what the record says the job is. */
  text: readonly string[];
  soc2010: string | null;
}

/** Which evidence to use; the bench holds each out in turn. */
export interface EvidenceUsed {
  soc2010: boolean;
  titles: boolean;
  text: boolean;
}
const ALL: EvidenceUsed = { soc2010: true, titles: true, text: true };

export interface PlacementInputs {
  unitGroupBags: ReadonlyMap<string, Bag>;
  records: readonly CodingIndexRecord[];
  /** SOC 2010 -> SOC 2020 -> pooled share; null when the ONS table has no release. */
  shares: ReadonlyMap<string, ReadonlyMap<string, number>> | null;
  subjects: readonly PlacementSubject[];
}

interface Scored extends Placement {
  score: number;
  kinds: number;
}

/**
 * Places titled records (NCS job profiles) on SOC 2020 unit groups by a posterior over all of them:
 *   P(u | p) ∝ (share(u | SOC 2010 of p) + alpha) · (1 + beta · title(u)) · exp(gamma · text(u) / max text)
 * share from the ONS SOC 2010 -> 2020 table; title(u) the best coding-index entry of the profile's
 * titles in u, times its qualifier's support (a qualified entry counts only when the profile is about
 * its context); text(u) the closeness of what the profile says to what the unit group is. The mass
 * sums to 1, so a generic title cannot spread a profile over every group that lists it.
 */
export class ProfilePlacer {
  private readonly byTitle: Map<string, CodingIndexRecord[]>;
  private readonly qualifiers: Tfidf;
  private readonly tfidf: Tfidf;
  private readonly unitGroups: Map<string, TextVector>;
  private readonly subjectVectors: Map<string, TextVector>;

  constructor(private readonly inputs: PlacementInputs) {
    this.byTitle = entriesByTitle(inputs.records);
    this.qualifiers = qualifierIdf(inputs.records);
    const vectors = vectorsTogether(inputs.unitGroupBags, new Map(inputs.subjects.map((s) => [s.slug, subjectBag(s)])));
    this.tfidf = vectors.tfidf;
    this.unitGroups = vectors.unitGroups;
    this.subjectVectors = vectors.others;
  }

  /** Whether the ONS table's shares are part of the evidence. */
  get hasShares(): boolean {
    return this.inputs.shares !== null;
  }

  /** Every unit group with the subject's posterior there, highest first. */
  candidates(subject: PlacementSubject, use: EvidenceUsed = ALL): Scored[] {
    const vector = this.subjectVectors.get(subject.slug) ?? this.tfidf.vector(subjectBag(subject));
    const sims = [...this.unitGroups].map(([soc, v]) => ({ soc, sim: use.text ? cosine(vector, v) : 0 }));
    sims.sort((a, b) => b.sim - a.sim || a.soc.localeCompare(b.soc));
    const top = sims[0]?.sim ?? 0;
    const shares = use.soc2010 && subject.soc2010 ? this.inputs.shares?.get(subject.soc2010) : undefined;
    const titles = use.titles ? this.titleEvidence(subject) : new Map<string, TitleEvidence>();
    const useShares = use.soc2010 && this.inputs.shares !== null && subject.soc2010 !== null;
    const list = sims.map(({ soc, sim }, i): Scored => {
      const share = shares?.get(soc) ?? 0;
      const title = titles.get(soc) ?? null;
      const t = title && title.qualifierSupport >= MIN_QUALIFIER_SUPPORT ? titleValue(title) : 0;
      const d = top > 0 ? sim / top : 0;
      const score =
        (useShares ? share + PLACEMENT.alpha : 1) * (1 + PLACEMENT.beta * t) * Math.exp(PLACEMENT.gamma * d);
      const kinds = Number(share >= PLACEMENT.codeAgree) + Number(t > 0) + Number(d >= PLACEMENT.textAgree);
      return {
        soc2020: soc,
        posterior: 0,
        strength: 'weak',
        evidence: {
          soc2010: subject.soc2010 && share > 0 ? { code: subject.soc2010, share } : null,
          title,
          textSimilarity: sim,
          textRank: i + 1,
        },
        fill: false,
        score,
        kinds,
      };
    });
    const total = list.reduce((sum, c) => sum + c.score, 0);
    for (const c of list) {
      c.posterior = total > 0 ? c.score / total : 0;
      c.strength = c.posterior >= 0.6 && c.kinds >= 2 ? 'strong' : c.posterior >= 0.4 ? 'moderate' : 'weak';
    }
    return list.sort((a, b) => b.posterior - a.posterior);
  }

  /**
   * Every subject placed, by unit group, strongest evidence first; then the fill pass: a unit group
   * left with none gets the single subject with the highest posterior there, when that is at least
   * `fill.minPosterior` and the group is among the subject's closest by text.
   */
  async placeAll(subjects: readonly PlacementSubject[], use: EvidenceUsed = ALL, fill = true) {
    const bySoc = new Map<string, Array<{ slug: string; placement: Placement }>>();
    const best = new Map<string, { slug: string; placement: Placement }>();
    let done = 0;
    for (const subject of subjects) {
      // Hand the thread back now and then: a full build compares ~700 profiles with 412 groups.
      if (++done % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
      for (const c of this.candidates(subject, use)) {
        const placement = withoutScore(c);
        if (c.posterior >= PLACEMENT.place) push(bySoc, c.soc2020, { slug: subject.slug, placement });
        else if (c.posterior >= PLACEMENT.fill.minPosterior && c.evidence.textRank <= PLACEMENT.fill.maxTextRank) {
          const known = best.get(c.soc2020);
          if (!known || c.posterior > known.placement.posterior) best.set(c.soc2020, { slug: subject.slug, placement });
        } else if (c.posterior < PLACEMENT.fill.minPosterior) break;
      }
    }
    if (fill)
      for (const [soc, b] of best)
        if (!bySoc.has(soc))
          bySoc.set(soc, [{ slug: b.slug, placement: { ...b.placement, strength: 'weak', fill: true } }]);
    for (const list of bySoc.values())
      list.sort(
        (a, b) =>
          b.placement.posterior - a.placement.posterior ||
          b.placement.evidence.textSimilarity - a.placement.evidence.textSimilarity,
      );
    return bySoc;
  }

  /** The best entry of the subject's titles in each unit group (counted or not, for the evidence). */
  private titleEvidence(subject: PlacementSubject): Map<string, TitleEvidence> {
    const own = new Set(contentWords([subject.title, ...subject.alternativeTitles, ...subject.text].join(' ')));
    const out = new Map<string, TitleEvidence>();
    const titles: Array<[string, TitleMatchKind]> = [
      [subject.title, 'title'],
      ...subject.alternativeTitles.map((t): [string, TitleMatchKind] => [t, 'alternative title']),
    ];
    for (const [text, match] of titles) {
      for (const record of this.byTitle.get(exactTitleKey(text)) ?? []) {
        const support = record.qualifier === null ? 1 : qualifierSupport(record, own, this.qualifiers);
        const e: TitleEvidence = {
          matchedTitle: record.naturalTitle,
          match,
          qualifier: record.qualifier,
          qualifierSupport: support,
        };
        const known = out.get(record.soc2020!);
        // An unqualified entry wins a tie: it is the plainer reading of the title.
        const rank = (x: TitleEvidence) => titleValue(x) + (x.qualifier === null ? 0.01 : 0);
        if (!known || rank(e) > rank(known)) out.set(record.soc2020!, e);
      }
    }
    return out;
  }
}

function titleValue(e: TitleEvidence): number {
  return e.qualifierSupport * (e.match === 'title' ? 1 : PLACEMENT.alternativeTitle);
}

/** A profile's words: title ×3, alternative titles, and what it says (summary, tasks). */
function subjectBag(s: PlacementSubject): Bag {
  return bag([
    [s.title, 3],
    [s.alternativeTitles.join(' '), 1],
    [s.text.join(' '), 1],
  ]);
}

function withoutScore(c: Scored): Placement {
  const { score: _score, kinds: _kinds, ...placement } = c;
  return placement;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The strongest kind of evidence a placement rests on, for `match`. */
export function matchKind(p: Placement): TitleMatchKind | 'soc 2010 code' | 'description' {
  const t = p.evidence.title;
  if (t && t.qualifierSupport >= MIN_QUALIFIER_SUPPORT) return t.match;
  if ((p.evidence.soc2010?.share ?? 0) >= PLACEMENT.codeAgree) return 'soc 2010 code';
  return 'description';
}
