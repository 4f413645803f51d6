import { Problem } from '../../domain/problems.js';
import { exactTitleKey } from '../../search/exact-title.js';
import type { SkillRelation } from '../../domain/skills.js';
import type { CodingIndexRecord } from '../../domain/soc.js';
import { contentWords, Tfidf, type Bag } from '../../search/text-vectors.js';
import { escoOccupationsWithLabels, escoSkillsByOccupation, escoSkillTitles } from '../../store/skills.js';
import type { Db } from '../../store/schema.js';
import { CODING_INDEX } from '../occupations/coding-index.js';
import type { CurrentEditions, Served } from '../current-editions.js';
import type { EditionsMemo } from '../editions-memo.js';
import { describeIscoShares, iscoSharesOf, type IscoShare } from '../occupations/isco-groups.js';
import { offThread, type BuildRunner } from '../off-thread.js';
import { EscoCloseness, type EscoCandidate, type RelatedEscoOccupation } from './esco-closeness.js';
import type { UnitGroupTexts } from '../occupations/unit-group-text.js';

/** ESCO's occupations, skills and the relations between them, each a source of its own. */
const ESCO_OCCUPATIONS = 'esco-occupations';
const ESCO_SKILLS = 'esco-skills';
const ESCO_RELATIONS = 'esco-occupation-skills';
const ESCO = [ESCO_OCCUPATIONS, ESCO_SKILLS, ESCO_RELATIONS] as const;
/** What a warm-up's 404 names (a request's own 404 names what it asked for). */
const WHAT = 'Skills';

/**
 * The constants of the one skills model (docs/skills-and-moves.md), chosen on the essential-share
 * measure (bench/skills.ts) with the held-out anchor measure of bench/skills-joins.ts beside it.
 */
export const PROFILE = {
  /** An optional relation counts this much of an essential one. */
  optionalWeight: 0.1,
  /** A related ESCO occupation's weight is its closeness-based weight times closeness to this power, renormalised. */
  closenessPower: 2,
  /** A skill's specificity enters with this power: a skill few ESCO occupations hold counts more. */
  specificityPower: 2,
  /**
   * The share of the weight taken by the ESCO occupations whose preferred label is, word for word,
   * the unit group's title or one of its coding-index titles (split by how many titles name each).
   */
  exactLabelShare: 0.7,
  /** Among those, an occupation's share follows the count of titles naming it to this power. */
  labelVotePower: 2,
  /**
   * A skill's rank in /skills is its weight times `textFloor + (1 - textFloor) x` the share of its
   * label's words (by IDF) that the unit group's own Volume 1 text and index titles use.
   */
  textFloor: 0.7,
} as const;

export type ProfileParameters = { [K in keyof typeof PROFILE]: number };

/** Every ESCO skill of the skills edition with a type, by index: titles, types and specificity. */
export interface SkillCatalogue {
  titles: string[];
  types: Array<'skill' | 'knowledge'>;
  /** ln(N / occupations holding the skill) / ln(N), N the ESCO occupations with any skill: 1 for one occupation's skill, 0 for everyone's. */
  specificity: Float64Array;
  /** N: the ESCO occupations ESCO relates any skill to. */
  occupations: number;
}

/** ESCO's relations as catalogue indices: per occupation, its skills and whether each is essential. */
interface EscoRelations {
  catalogue: SkillCatalogue;
  skillsOf: Map<string, { skills: Int32Array; essential: Uint8Array }>;
}

/**
 * A unit group's weighted skill profile: the ESCO occupations related to it (weights summing to 1)
 * and, per skill (ascending catalogue index), the weight of those occupations marking it essential
 * and optional. A skill's weight in the profile is specificity^p x (essential + w x optional).
 */
export interface SkillProfile {
  soc: string;
  iscoShares: IscoShare[];
  related: RelatedEscoOccupation[];
  skills: Int32Array;
  essential: Float64Array;
  optional: Float64Array;
  sharedBy: Int32Array;
  essentialFor: Int32Array;
  /** essential + w x optional, at most 1: how widely the related occupations hold the skill. */
  presence: Float64Array;
  /** specificity^p x presence: the skill's weight; the /skills score and what closeness sums. */
  weight: Float64Array;
  /** Sum of the weights: the unit group's specific skill content. */
  mass: number;
  /** 0 to 1 per skill: the IDF share of its label's words the unit group's own text uses (1 without text). */
  textShare: Float64Array;
  /** 0 to 1 per skill: the share of its presence that the occupations the group's titles name (step 2) give it. */
  namedShare: Float64Array;
}

/** A related occupation in a profile, with the part of its weight that the group's titles naming it give (step 2). */
interface ProfileOccupation extends RelatedEscoOccupation {
  named: number;
}

/** A unit group's own words (Volume 1 description, tasks, index titles) and the skill labels' words, to weigh labels by. */
interface UnitGroupWords {
  words: ReadonlySet<string>;
  /** Each catalogue skill's label as content-word stems. */
  labelWords: readonly string[][];
  idf: (word: string) => number;
}

/** Every unit group's profile for one set of current editions, or why it has none. */
export interface SkillProfilesView {
  catalogue: SkillCatalogue;
  profiles: Map<string, SkillProfile>;
  unusable: Map<string, string>;
  relations: Served;
  buildMs: number;
}

/** The skill weights of one unit group from its related ESCO occupations (the closeness join's output). */
export function skillProfile(
  soc: string,
  iscoShares: IscoShare[],
  evidence: { closest: readonly RelatedEscoOccupation[]; exactLabels: ReadonlyMap<EscoCandidate, number> },
  esco: EscoRelations,
  parameters: ProfileParameters = PROFILE,
  own?: UnitGroupWords,
): SkillProfile {
  const related = relatedWeights(evidence, esco, parameters);
  related.sort((a, b) => b.weight - a.weight || a.occupation.title.localeCompare(b.occupation.title, 'en-GB'));
  type Sums = { essential: number; optional: number; sharedBy: number; essentialFor: number; named: number };
  const sums = new Map<number, Sums>();
  for (const r of related) {
    const { skills, essential } = esco.skillsOf.get(r.occupation.conceptId)!;
    for (let i = 0; i < skills.length; i++) {
      const entry = sums.get(skills[i]!) ?? { essential: 0, optional: 0, sharedBy: 0, essentialFor: 0, named: 0 };
      entry.sharedBy += 1;
      if (essential[i]) {
        entry.essential += r.weight;
        entry.essentialFor += 1;
      } else entry.optional += r.weight;
      entry.named += r.named * (essential[i] ? 1 : parameters.optionalWeight);
      sums.set(skills[i]!, entry);
    }
  }
  const skills = Int32Array.from([...sums.keys()].sort((a, b) => a - b));
  const of = (pick: (e: Sums) => number) => Float64Array.from(skills, (s) => pick(sums.get(s)!));
  const essential = of((e) => e.essential);
  const optional = of((e) => e.optional);
  const presence = Float64Array.from(skills, (_, i) =>
    Math.min(1, essential[i]! + parameters.optionalWeight * optional[i]!),
  );
  const weight = Float64Array.from(
    skills,
    (s, i) => esco.catalogue.specificity[s]! ** parameters.specificityPower * presence[i]!,
  );
  return {
    soc,
    iscoShares,
    related,
    skills,
    essential,
    optional,
    sharedBy: Int32Array.from(skills, (s) => sums.get(s)!.sharedBy),
    essentialFor: Int32Array.from(skills, (s) => sums.get(s)!.essentialFor),
    presence,
    weight,
    mass: weight.reduce((a, b) => a + b, 0),
    textShare: Float64Array.from(skills, (s) => (own ? labelTextShare(own, s) : 1)),
    namedShare: Float64Array.from(skills, (s) => {
      const e = sums.get(s)!;
      const held = e.essential + parameters.optionalWeight * e.optional;
      return held > 0 ? Math.min(1, e.named / held) : 0;
    }),
  };
}

/** The IDF share of a skill label's words the unit group's own text uses: "temper chocolate" none of packers'. */
function labelTextShare(own: UnitGroupWords, skill: number): number {
  let shared = 0;
  let total = 0;
  for (const word of own.labelWords[skill] ?? []) {
    const idf = own.idf(word);
    total += idf;
    if (own.words.has(word)) shared += idf;
  }
  return total === 0 ? 0 : shared / total;
}

/**
 * The related ESCO occupations' weights (summing to 1): the closeness join's weights times
 * closeness to a power, and the exact-label occupations' share added, split by their votes.
 */
function relatedWeights(
  { closest, exactLabels }: Parameters<typeof skillProfile>[2],
  esco: EscoRelations,
  parameters: ProfileParameters,
): ProfileOccupation[] {
  const held = closest.filter((r) => esco.skillsOf.has(r.occupation.conceptId));
  const labelled = [...exactLabels].filter(([o]) => esco.skillsOf.has(o.conceptId));
  const raw = held.map((r) => r.weight * r.closeness ** parameters.closenessPower);
  const rawTotal = raw.reduce((a, b) => a + b, 0);
  const votes = labelled.reduce((a, [, n]) => a + n ** parameters.labelVotePower, 0);
  const labelShare = votes === 0 ? 0 : rawTotal === 0 ? 1 : parameters.exactLabelShare;
  const weights = new Map<string, ProfileOccupation>();
  held.forEach((r, i) =>
    weights.set(r.occupation.conceptId, { ...r, weight: (1 - labelShare) * (raw[i]! / (rawTotal || 1)), named: 0 }),
  );
  for (const [occupation, n] of labelled) {
    const was = weights.get(occupation.conceptId) ?? { occupation, weight: 0, closeness: 1, named: 0 };
    const named = (labelShare * n ** parameters.labelVotePower) / votes;
    weights.set(occupation.conceptId, { ...was, weight: was.weight + named, named });
  }
  return [...weights.values()].filter((r) => r.weight > 0);
}

/**
 * The ESCO occupations whose preferred label is word for word the unit group's title (counting 100)
 * or one of its coding-index titles (counting 1 each), with the votes naming each. An index title
 * names the occupation only where the index gives it no qualifier and an ISCO-08 code that is the
 * occupation's own (or none): a qualified entry ("Tutor, hospital service" in 2237) or one coded
 * to another ISCO-08 group ("Collection manager", 1346 in 1131, is ESCO's museum collection
 * manager, 2621) is a homonym, and carried most of a group's skills before (issue 46).
 */
export function exactLabelOccupations(
  title: string,
  records: ReadonlyArray<Pick<CodingIndexRecord, 'naturalTitle' | 'qualifier' | 'isco08'>>,
  byLabel: ReadonlyMap<string, readonly EscoCandidate[]>,
): Map<EscoCandidate, number> {
  const votes = new Map<EscoCandidate, number>();
  for (const o of byLabel.get(exactTitleKey(title)) ?? []) votes.set(o, 100);
  const naming = new Map<EscoCandidate, Set<string>>();
  for (const r of records) {
    if (r.qualifier !== null) continue;
    for (const o of byLabel.get(exactTitleKey(r.naturalTitle)) ?? [])
      if (r.isco08 === null || r.isco08 === o.iscoGroup)
        naming.set(o, (naming.get(o) ?? new Set<string>()).add(exactTitleKey(r.naturalTitle)));
  }
  for (const [o, titles] of naming) votes.set(o, (votes.get(o) ?? 0) + titles.size);
  return votes;
}

/**
 * A skill's score in the profile for a relation filter: its weight for both; only its essential
 * (or only its optional, counted in full) weight of related occupations when one is asked for.
 */
function skillScore(
  profile: SkillProfile,
  i: number,
  relation: SkillRelation | null,
  catalogue: SkillCatalogue,
  parameters: ProfileParameters = PROFILE,
): number {
  const text = parameters.textFloor + (1 - parameters.textFloor) * profile.textShare[i]!;
  const named = profile.namedShare[i]!;
  const factor = named + (1 - named) * text;
  if (relation === null) return profile.weight[i]! * factor;
  const share = relation === 'essential' ? profile.essential[i]! : profile.optional[i]!;
  return catalogue.specificity[profile.skills[i]!]! ** parameters.specificityPower * share * factor;
}

/** The profile's skills, best first, as indices into its arrays: what /skills lists. */
export function rankedSkills(
  profile: SkillProfile,
  relation: SkillRelation | null,
  catalogue: SkillCatalogue,
  parameters: ProfileParameters = PROFILE,
): Array<{ at: number; score: number }> {
  const ranked: Array<{ at: number; score: number }> = [];
  const held = relation === null ? profile.presence : relation === 'essential' ? profile.essential : profile.optional;
  for (let i = 0; i < profile.skills.length; i++)
    if (held[i]! > 0) ranked.push({ at: i, score: skillScore(profile, i, relation, catalogue, parameters) });
  return ranked.sort(
    (a, b) =>
      b.score - a.score ||
      profile.sharedBy[b.at]! - profile.sharedBy[a.at]! ||
      catalogue.titles[profile.skills[a.at]!]!.localeCompare(catalogue.titles[profile.skills[b.at]!]!, 'en-GB'),
  );
}

/** Why a unit group has no profile, in words a 404 can carry. */
function noProfileReason(soc: string, title: string, shares: IscoShare[]): string {
  if (shares.length === 0)
    return `No coding-index title of ${soc} (${title}) carries an ISCO-08 code, so no ESCO occupation, and no skill, can be related to it.`;
  const s = shares.length > 1 ? 's' : '';
  return `ESCO has no occupation with skills in ISCO-08 group${s} ${describeIscoShares(shares)}, the group${s} the coding index maps ${soc} (${title}) to, so no skills can be related to it.`;
}

/**
 * Every unit group's skill profile, built once per set of current editions (Volume 1, the coding
 * index and the three ESCO sources) off the request that first needs it, and kept in memory: the
 * one skills model /skills, /moves and /compare read.
 */
export class SkillProfiles {
  private readonly memo: EditionsMemo<SkillProfilesView>;

  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly unitGroupTexts: UnitGroupTexts,
    private readonly unitTitles: () => Promise<Array<{ code: string; title: string }>>,
    private readonly runBuild: BuildRunner = offThread,
  ) {
    this.memo = current.memos.memo({
      name: 'skill profiles',
      sources: ESCO,
      reads: [unitGroupTexts.memo],
      warm: true,
      build: async (editions) => {
        const texts = await this.unitGroupTexts.get();
        if (!texts) throw this.current.unavailable(CODING_INDEX, WHAT);
        const [occupations, skills, relations] = ESCO.map((key) => {
          const edition = editions[key];
          if (!edition) throw this.current.unavailable(key, WHAT);
          return this.current.served(edition);
        });
        return this.build(texts, occupations!, skills!, relations!);
      },
    });
  }

  /** Every unit group's profile, or the 404 naming the coding index or the ESCO source (for `what`) with no release. */
  async get(what: string): Promise<SkillProfilesView> {
    if (!(await this.unitGroupTexts.get())) throw this.current.unavailable(CODING_INDEX, what);
    await Promise.all(ESCO.map((key) => this.current.serving(key, what)));
    return this.memo.get();
  }

  /** One unit group's profile, or the 404 saying why it has none. */
  async of(soc: string, what: string): Promise<{ view: SkillProfilesView; profile: SkillProfile }> {
    const view = await this.get(what);
    const profile = view.profiles.get(soc);
    if (!profile) throw new Problem('figure-not-found', view.unusable.get(soc) ?? `${soc} has no skills.`);
    return { view, profile };
  }

  private async build(
    texts: NonNullable<Awaited<ReturnType<UnitGroupTexts['get']>>>,
    occupations: Served,
    skills: Served,
    relations: Served,
  ): Promise<SkillProfilesView> {
    const started = performance.now();
    const [candidates, esco, unitGroups] = await Promise.all([
      escoOccupationsWithLabels(this.db, occupations.edition.id),
      loadEscoRelations(this.db, skills.edition.id, relations.edition.id),
      this.unitTitles(),
    ]);
    // Seconds of CPU with no await inside: built in a worker thread while this one serves.
    const input: ProfilesInput = {
      bags: texts.bags,
      byUnitGroup: texts.codingIndex.byUnitGroup,
      candidates,
      esco,
      unitGroups,
    };
    const { profiles, unusable } = await this.runBuild<ProfilesBuilt>(import.meta.url, 'buildProfiles', input);
    return { catalogue: esco.catalogue, profiles, unusable, relations, buildMs: performance.now() - started };
  }
}

/** What the skill profiles are built from, read through the store (plain data: it crosses to a worker thread). */
interface ProfilesInput {
  bags: ReadonlyMap<string, Bag>;
  byUnitGroup: ReadonlyMap<string, CodingIndexRecord[]>;
  candidates: EscoCandidate[];
  esco: EscoRelations;
  unitGroups: Array<{ code: string; title: string }>;
}

interface ProfilesBuilt {
  profiles: Map<string, SkillProfile>;
  unusable: Map<string, string>;
}

/**
 * Every unit group's profile, or why it has none: run in a worker thread by off-thread.ts, which
 * imports it by name.
 * @public
 */
export function buildProfiles({ bags, byUnitGroup, candidates, esco, unitGroups }: ProfilesInput): ProfilesBuilt {
  const closeness = new EscoCloseness(bags, candidates, (soc) => byUnitGroup.get(soc) ?? []);
  const byLabel = new Map<string, EscoCandidate[]>();
  for (const o of candidates) byLabel.set(exactTitleKey(o.title), [...(byLabel.get(exactTitleKey(o.title)) ?? []), o]);
  const profiles = new Map<string, SkillProfile>();
  const unusable = new Map<string, string>();
  const wordsOf = unitGroupWords(bags, esco.catalogue);
  for (const { code, title } of unitGroups) {
    const records = byUnitGroup.get(code) ?? [];
    const shares = iscoSharesOf(records);
    const evidence = {
      closest: shares.length > 0 ? closeness.related(code) : [],
      exactLabels: exactLabelOccupations(title, records, byLabel),
    };
    const profile = skillProfile(code, shares, evidence, esco, PROFILE, wordsOf(code));
    if (profile.skills.length === 0) unusable.set(code, noProfileReason(code, title, shares));
    else profiles.set(code, profile);
  }
  return { profiles, unusable };
}

/** Per unit group, its own words against the skill labels', IDF over the unit groups' texts (a word few use says more). */
export function unitGroupWords(
  bags: ReadonlyMap<string, Bag>,
  catalogue: SkillCatalogue,
): (soc: string) => UnitGroupWords | undefined {
  const tfidf = new Tfidf();
  for (const words of bags.values()) tfidf.add(words.keys());
  const labelWords = catalogue.titles.map((t) => contentWords(t));
  const idf = (word: string) => tfidf.idf(word);
  return (soc) => {
    const words = bags.get(soc);
    return words ? { words: new Set(words.keys()), labelWords, idf } : undefined;
  };
}

/** ESCO's occupation-skill relations of one set of editions, as indices into the skills of the skills edition. */
export async function loadEscoRelations(
  db: Db,
  skillsEdition: string,
  relationsEdition: string,
): Promise<EscoRelations> {
  const [skillRows, relationRows] = await Promise.all([
    escoSkillTitles(db, skillsEdition),
    escoSkillsByOccupation(db, relationsEdition),
  ]);
  const indexOf = new Map(skillRows.map((s, i) => [s.conceptId, i]));
  const holders = new Int32Array(skillRows.length);
  const skillsOf = new Map<string, { skills: Int32Array; essential: Uint8Array }>();
  for (const [occupation, { essential, optional }] of relationRows) {
    const relations = new Map<number, number>();
    for (const id of optional) if (indexOf.has(id)) relations.set(indexOf.get(id)!, 0);
    for (const id of essential) if (indexOf.has(id)) relations.set(indexOf.get(id)!, 1);
    if (relations.size === 0) continue;
    const skills = Int32Array.from([...relations.keys()].sort((a, b) => a - b));
    for (const skill of skills) holders[skill] = holders[skill]! + 1;
    skillsOf.set(occupation, { skills, essential: Uint8Array.from(skills, (s) => relations.get(s)!) });
  }
  const n = skillsOf.size;
  return {
    skillsOf,
    catalogue: {
      titles: skillRows.map((s) => s.title),
      types: skillRows.map((s) => (s.skillType === 'knowledge' ? 'knowledge' : 'skill')),
      specificity: Float64Array.from(holders, (h) => (h === 0 || n < 2 ? 0 : Math.log(n / h) / Math.log(n))),
      occupations: n,
    },
  };
}
