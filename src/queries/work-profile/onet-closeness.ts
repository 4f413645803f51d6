/**
 * How closely each US occupation the work profile's crosswalk chain reaches matches the SOC 2020
 * unit group: the chain decides which O*NET occupations are reachable and their equal shares;
 * closeness decides how much each counts. Measured in bench/joins.ts ("Work profiles").
 */
import type { CodingIndexRecord } from '../../domain/soc.js';
import type { OnetOccupation } from '../../domain/work-profile.js';
import { exactTitleKey } from '../../search/exact-title.js';
import { bag, cosine, type Bag, type TextVector } from '../../search/text-vectors.js';
import { vectorsTogether } from '../occupations/unit-group-text.js';

/**
 * Constants, chosen on the weight NCS's own O*NET codes receive (bench/joins.ts): a lower power
 * leaves more weight on occupations the crosswalk reaches only through a broad ISCO-08 group.
 */
export const WORK_PROFILE = {
  /** weight ∝ chain weight · (closeness / largest closeness) ^ power. */
  power: 3,
  /** An occupation is kept when its closeness is at least this share of the largest. */
  keep: 0.2,
  /** Added to the cosine when the O*NET title is one of the unit group's coding-index titles. */
  titleBonus: 0.3,
} as const;

const NONE: TextVector = new Map();

/** A matched occupation of the chain, re-weighted. */
export interface CloseOccupation {
  code: string;
  title: string;
  /** Share of the unit group's weight the chain gave it, before closeness (of the matched share). */
  chainWeight: number;
  /** Cosine of its title with the unit group's texts, plus the title bonus. */
  closeness: number;
  /** Its share of the averages (the kept weights sum to 1). */
  weight: number;
}

/** The O*NET side: every occupation's title as a vector beside the unit groups' vectors. */
export class OnetCloseness {
  private readonly vectors: Map<string, TextVector>;
  private readonly unitVectors: Map<string, TextVector>;
  private readonly titleKeys = new Map<string, Set<string>>();

  constructor(
    unitGroupBags: ReadonlyMap<string, Bag>,
    occupations: readonly OnetOccupation[],
    recordsOf: (soc: string) => readonly CodingIndexRecord[],
  ) {
    const joint = vectorsTogether(unitGroupBags, new Map(occupations.map((o) => [o.code, bag([[o.title, 1]])])));
    this.vectors = joint.others;
    this.unitVectors = joint.unitGroups;
    for (const soc of unitGroupBags.keys())
      this.titleKeys.set(soc, new Set(recordsOf(soc).map((r) => exactTitleKey(r.naturalTitle))));
  }

  closeness(soc: string, occupation: { code: string; title: string }): number {
    const cos = cosine(this.vectors.get(occupation.code) ?? NONE, this.unitVectors.get(soc) ?? NONE);
    const indexed = this.titleKeys.get(soc)?.has(exactTitleKey(occupation.title)) ?? false;
    return cos + (indexed ? WORK_PROFILE.titleBonus : 0);
  }

  /**
   * The chain's matched occupations weighted by chain weight · (closeness / max)^power, those under
   * `keep` of the largest closeness left out; largest weight first. When nothing is close (every
   * closeness 0), the chain's own weights stand.
   */
  reweight(soc: string, matched: ReadonlyArray<{ code: string; title: string; weight: number }>): CloseOccupation[] {
    const chainTotal = matched.reduce((sum, m) => sum + m.weight, 0);
    const scored = matched.map((m) => ({
      code: m.code,
      title: m.title,
      chainWeight: m.weight / chainTotal,
      closeness: this.closeness(soc, m),
    }));
    const max = Math.max(0, ...scored.map((s) => s.closeness));
    const raw = scored
      .filter((s) => max === 0 || s.closeness >= WORK_PROFILE.keep * max)
      .map((s) => ({
        ...s,
        weight: max === 0 ? s.chainWeight : s.chainWeight * (s.closeness / max) ** WORK_PROFILE.power,
      }));
    const total = raw.reduce((sum, s) => sum + s.weight, 0);
    return raw
      .map((s) => ({ ...s, weight: s.weight / total }))
      .sort((a, b) => b.weight - a.weight || a.code.localeCompare(b.code));
  }
}
