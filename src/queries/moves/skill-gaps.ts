import type { SkillCatalogue, SkillProfile } from '../skills/skill-profiles.js';

/** A profile's skill weights by catalogue index, for scoring many targets against one source. */
export function denseWeights(profile: SkillProfile, catalogue: SkillCatalogue): Float64Array {
  const dense = new Float64Array(catalogue.titles.length);
  for (let i = 0; i < profile.skills.length; i++) dense[profile.skills[i]!] = profile.weight[i]!;
  return dense;
}

/**
 * Closeness of a move to `target`: the share of the target's skill weight (specificity x how widely
 * its related occupations hold each skill, the profile /skills ranks by) that the source already
 * holds, sum of min(source, target weight) over the sum of the target's weights.
 */
export function closeness(source: Float64Array, target: SkillProfile): number {
  if (target.mass === 0) return 0;
  let held = 0;
  for (let i = 0; i < target.skills.length; i++) held += Math.min(source[target.skills[i]!]!, target.weight[i]!);
  return held / target.mass;
}

/**
 * How much of their ESCO evidence two profiles share: the sum over ESCO occupations of the smaller
 * of their two weights (1 when both are drawn from the same occupations in the same measure).
 */
export function sharedEvidence(a: SkillProfile, b: SkillProfile): number {
  const weights = new Map(a.related.map((r) => [r.occupation.conceptId, r.weight]));
  let shared = 0;
  for (const r of b.related) shared += Math.min(r.weight, weights.get(r.occupation.conceptId) ?? 0);
  return shared;
}

/** From this much shared evidence on, ESCO cannot tell the two occupations apart: what one needs and the other lacks is not known. */
export const INDISTINCT_FROM = 0.5;

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
  source: SkillProfile,
  target: SkillProfile,
  catalogue: SkillCatalogue,
): { shared: SkillGap[]; toLearn: SkillGap[] } {
  const held = new Map<number, number>();
  for (let i = 0; i < source.skills.length; i++) held.set(source.skills[i]!, source.presence[i]!);
  const sorted = [...target.presence].sort((a, b) => b - a);
  const threshold = Math.min(CORE_PRESENCE, sorted[CORE_AT_LEAST - 1] ?? 0);
  const shared: SkillGap[] = [];
  const toLearn: SkillGap[] = [];
  for (let i = 0; i < target.skills.length; i++) {
    const presence = target.presence[i]!;
    if (presence < threshold || presence === 0) continue;
    const skill = target.skills[i]!;
    const gap = { skill, target: presence, source: held.get(skill) ?? 0 };
    (gap.source >= presence / 2 ? shared : toLearn).push(gap);
  }
  const order = (a: SkillGap, b: SkillGap) =>
    catalogue.specificity[b.skill]! - catalogue.specificity[a.skill]! ||
    b.target - a.target ||
    catalogue.titles[a.skill]!.localeCompare(catalogue.titles[b.skill]!, 'en-GB');
  return { shared: shared.sort(order), toLearn: toLearn.sort(order) };
}
