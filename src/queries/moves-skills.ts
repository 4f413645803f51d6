import type { Edition } from '../domain/editions.js';
import type { CodingIndexRecord } from '../domain/soc.js';
import type { Db } from '../store/schema.js';
import { CODING_INDEX, type CodingIndexCache } from './coding-index.js';
import type { CurrentEditions, Served } from './current-editions.js';
import { describeIscoShares, iscoSharesOf, type IscoShare } from './isco-groups.js';

/** ESCO's occupations, skills and the relations between them, each a source of its own. */
const ESCO_OCCUPATIONS = 'esco-occupations';
const ESCO_SKILLS = 'esco-skills';
const ESCO_RELATIONS = 'esco-occupation-skills';

/** How much a relation counts: an essential skill fully, an optional one a quarter. */
const ESSENTIAL_WEIGHT = 1;
const OPTIONAL_WEIGHT = 0.25;

/** Every ESCO skill the relations name, by index, with its specificity. */
export interface SkillCatalogue {
  titles: string[];
  types: Array<'skill' | 'knowledge'>;
  /** ln(N / occupations holding the skill) / ln(N), N the ESCO occupations with any skill: 1 for a skill of one occupation, 0 for one of all. */
  specificity: Float64Array;
  /** N: ESCO occupations ESCO relates any skill to. */
  occupations: number;
}

/** An ESCO occupation related to a unit group, with the weight it carries in the unit group's profile. */
interface RelatedEscoOccupation {
  conceptId: string;
  weight: number;
}

/**
 * A unit group's skills: for each skill (ascending catalogue index), its presence, the weighted
 * share of the related ESCO occupations holding it (essential 1, optional 0.25), from 0 to 1.
 */
export interface SkillProfile {
  soc: string;
  skills: Int32Array;
  presence: Float64Array;
  /** Sum of specificity x presence: the unit group's specific skill content. */
  mass: number;
  relatedOccupations: number;
  iscoShares: IscoShare[];
}

/** Every unit group's profile for one set of current editions (or the reason it has none). */
export interface SkillProfilesView {
  key: string;
  catalogue: SkillCatalogue;
  profiles: Map<string, SkillProfile>;
  /** Unit groups with no usable skills, and why. */
  unusable: Map<string, string>;
  relations: Served;
  buildMs: number;
}

interface EscoMatrix {
  occupationsByIsco: Map<string, string[]>;
  relationsOf: Map<string, Array<[skill: number, weight: number]>>;
  catalogue: SkillCatalogue;
}

/**
 * The relatedness of ESCO occupations to a unit group: those in the ISCO-08 groups its
 * coding-index titles map to, each group weighted by its share of the titles and split evenly
 * between its ESCO occupations (groups with none left out). Issue 27 replaces these weights with
 * closeness to the unit group; the rest of the method does not change.
 */
function relatedEscoOccupations(
  shares: IscoShare[],
  occupationsByIsco: Map<string, string[]>,
): RelatedEscoOccupation[] {
  const held = shares.filter((s) => (occupationsByIsco.get(s.isco08)?.length ?? 0) > 0);
  const total = held.reduce((sum, s) => sum + s.share, 0);
  return held.flatMap((s) => {
    const ids = occupationsByIsco.get(s.isco08)!;
    return ids.map((conceptId) => ({ conceptId, weight: s.share / total / ids.length }));
  });
}

/**
 * The one place a unit group's skill set is computed: the related ESCO occupations (weights
 * summing to 1) and their essential and optional skills give each skill a presence; a skill's
 * specificity (held by few ESCO occupations) is applied where profiles are compared.
 */
function occupationSkillProfile(
  soc: string,
  related: RelatedEscoOccupation[],
  relationsOf: Map<string, Array<[skill: number, weight: number]>>,
  catalogue: SkillCatalogue,
): Omit<SkillProfile, 'iscoShares'> {
  const presence = new Map<number, number>();
  let relatedOccupations = 0;
  for (const { conceptId, weight } of related) {
    const relations = relationsOf.get(conceptId);
    if (!relations) continue;
    relatedOccupations += 1;
    for (const [skill, relation] of relations) presence.set(skill, (presence.get(skill) ?? 0) + weight * relation);
  }
  const skills = Int32Array.from([...presence.keys()].sort((a, b) => a - b));
  const values = Float64Array.from(skills, (s) => Math.min(1, presence.get(s)!));
  let mass = 0;
  for (let i = 0; i < skills.length; i++) mass += catalogue.specificity[skills[i]!]! * values[i]!;
  return { soc, skills, presence: values, mass, relatedOccupations };
}

/** A profile's presence by catalogue index, for scoring many targets against one source. */
export function densePresence(profile: SkillProfile, catalogue: SkillCatalogue): Float64Array {
  const dense = new Float64Array(catalogue.titles.length);
  for (let i = 0; i < profile.skills.length; i++) dense[profile.skills[i]!] = profile.presence[i]!;
  return dense;
}

/**
 * Closeness of a move to `target`: the share of the target's specific skill content the source
 * already holds, sum of specificity x min(source, target presence) over sum of specificity x
 * target presence. 1 when the source holds every skill of the target at least as widely.
 */
export function closeness(source: Float64Array, target: SkillProfile, catalogue: SkillCatalogue): number {
  if (target.mass === 0) return 0;
  let held = 0;
  for (let i = 0; i < target.skills.length; i++) {
    const skill = target.skills[i]!;
    held += catalogue.specificity[skill]! * Math.min(source[skill]!, target.presence[i]!);
  }
  return held / target.mass;
}

/** How widely a target's skill must be held to be listed: a quarter of its related occupations' weight, or less when few reach that. */
const CORE_PRESENCE = 0.25;
const CORE_AT_LEAST = 20;

interface SkillGap {
  skill: number;
  target: number;
  source: number;
}

/**
 * The target's core skills (held by at least a quarter of its related occupations' weight, or its
 * 20 most widely held when fewer reach that) split into those the source holds at least half as
 * widely (shared) and the rest (to learn), each most specific first.
 */
export function skillGaps(
  source: Float64Array,
  target: SkillProfile,
  catalogue: SkillCatalogue,
): { shared: SkillGap[]; toLearn: SkillGap[] } {
  const sorted = [...target.presence].sort((a, b) => b - a);
  const threshold = Math.min(CORE_PRESENCE, sorted[CORE_AT_LEAST - 1] ?? 0);
  const shared: SkillGap[] = [];
  const toLearn: SkillGap[] = [];
  for (let i = 0; i < target.skills.length; i++) {
    const presence = target.presence[i]!;
    if (presence < threshold || presence === 0) continue;
    const skill = target.skills[i]!;
    const gap = { skill, target: presence, source: source[skill]! };
    (gap.source >= presence / 2 ? shared : toLearn).push(gap);
  }
  const order = (a: SkillGap, b: SkillGap) =>
    catalogue.specificity[b.skill]! - catalogue.specificity[a.skill]! ||
    b.target - a.target ||
    catalogue.titles[a.skill]!.localeCompare(catalogue.titles[b.skill]!, 'en-GB');
  return { shared: shared.sort(order), toLearn: toLearn.sort(order) };
}

/** Why a unit group has no profile, in words a 404 can carry. */
function noProfileReason(soc: string, title: string, shares: IscoShare[]): string {
  if (shares.length === 0)
    return `No coding-index title of ${soc} (${title}) carries an ISCO-08 code, so no ESCO occupation, and no skill, can be related to it.`;
  const groups = describeIscoShares(shares);
  return `ESCO relates no skill to an occupation in ISCO-08 group${shares.length > 1 ? 's' : ''} ${groups}, the group${shares.length > 1 ? 's' : ''} the coding index maps ${soc} (${title}) to, so it has no skills to compare.`;
}

/**
 * Every unit group's skill profile, built once per set of current editions (coding index and the
 * three ESCO sources) and kept in memory; rebuilt, without a restart, when one of them changes.
 */
export class SkillProfiles {
  private view: SkillProfilesView | null = null;
  private building: Promise<SkillProfilesView> | null = null;

  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly codingIndex: CodingIndexCache,
    private readonly unitTitles: () => Promise<Array<{ code: string; title: string }>>,
  ) {}

  async get(what: string): Promise<SkillProfilesView> {
    const index = await this.codingIndex.get();
    if (!index) throw this.current.unavailable(CODING_INDEX, what);
    const [occupations, skills, relations] = await Promise.all(
      ([ESCO_OCCUPATIONS, ESCO_SKILLS, ESCO_RELATIONS] as const).map((key) => this.current.serving(key, what)),
    );
    const editions = [index.edition, occupations!.edition, skills!.edition, relations!.edition];
    const key = editions.map((e) => e.id).join(',');
    if (this.view?.key === key) return this.view;
    this.building ??= this.build(key, editions, index.byUnitGroup, relations!).finally(() => {
      this.building = null;
    });
    const built = await this.building;
    return built.key === key ? built : this.get(what);
  }

  private async build(
    key: string,
    [, occupations, skills, relationsEdition]: Edition[],
    byUnitGroup: Map<string, CodingIndexRecord[]>,
    relations: Served,
  ): Promise<SkillProfilesView> {
    const started = performance.now();
    const matrix = await loadEscoMatrix(this.db, occupations!.id, skills!.id, relationsEdition!.id);
    const profiles = new Map<string, SkillProfile>();
    const unusable = new Map<string, string>();
    for (const { code, title } of await this.unitTitles()) {
      const shares = iscoSharesOf(byUnitGroup.get(code) ?? []);
      const related = relatedEscoOccupations(shares, matrix.occupationsByIsco);
      const profile = occupationSkillProfile(code, related, matrix.relationsOf, matrix.catalogue);
      if (profile.skills.length === 0) unusable.set(code, noProfileReason(code, title, shares));
      else profiles.set(code, { ...profile, iscoShares: shares });
    }
    const view = { key, catalogue: matrix.catalogue, profiles, unusable, relations, buildMs: 0 };
    view.buildMs = performance.now() - started;
    this.view = view;
    return view;
  }
}

/** The whole of ESCO's occupation-skill relations of one set of editions, as indices. */
async function loadEscoMatrix(
  db: Db,
  occupationsEdition: string,
  skillsEdition: string,
  relationsEdition: string,
): Promise<EscoMatrix> {
  const [occupationRows, skillRows, relationRows] = await Promise.all([
    db
      .selectFrom('esco_occupations')
      .select(['concept_id', 'isco_group'])
      .where('edition_id', '=', occupationsEdition)
      .execute(),
    db
      .selectFrom('esco_skills')
      .select(['concept_id', 'title', 'skill_type'])
      .where('edition_id', '=', skillsEdition)
      .where('skill_type', 'is not', null)
      .orderBy('concept_id')
      .execute(),
    db
      .selectFrom('esco_occupation_skills')
      .select(['occupation_id', 'essential_skill_ids', 'optional_skill_ids'])
      .where('edition_id', '=', relationsEdition)
      .execute(),
  ]);
  const indexOf = new Map(skillRows.map((s, i) => [s.concept_id, i]));
  const holders = new Int32Array(skillRows.length);
  const relationsOf = new Map<string, Array<[number, number]>>();
  for (const row of relationRows) {
    const relations = new Map<number, number>();
    for (const [ids, weight] of [
      [row.optional_skill_ids, OPTIONAL_WEIGHT],
      [row.essential_skill_ids, ESSENTIAL_WEIGHT],
    ] as const) {
      for (const id of JSON.parse(ids) as string[]) {
        const skill = indexOf.get(id);
        if (skill !== undefined) relations.set(skill, weight);
      }
    }
    if (relations.size === 0) continue;
    for (const skill of relations.keys()) holders[skill] = holders[skill]! + 1;
    relationsOf.set(row.occupation_id, [...relations]);
  }
  const n = relationsOf.size;
  const specificity = Float64Array.from(holders, (h) => (h === 0 || n < 2 ? 0 : Math.log(n / h) / Math.log(n)));
  const occupationsByIsco = new Map<string, string[]>();
  for (const o of occupationRows) {
    if (!relationsOf.has(o.concept_id)) continue;
    const list = occupationsByIsco.get(o.isco_group);
    if (list) list.push(o.concept_id);
    else occupationsByIsco.set(o.isco_group, [o.concept_id]);
  }
  for (const list of occupationsByIsco.values()) list.sort();
  return {
    occupationsByIsco,
    relationsOf,
    catalogue: {
      titles: skillRows.map((s) => s.title),
      types: skillRows.map((s) => (s.skill_type === 'knowledge' ? 'knowledge' : 'skill')),
      specificity,
      occupations: n,
    },
  };
}
