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
import { usExclusion } from './onet-titles.js';

/**
 * Constants, chosen on the weight NCS's own O*NET codes receive (bench/joins.ts): a lower power
 * leaves more weight on occupations the crosswalk reaches only through a broad ISCO-08 group.
 */
export const WORK_PROFILE = {
  /** weight ∝ chain weight · (closeness / largest closeness) ^ power. */
  power: 3,
  /** An occupation is kept when its closeness is at least this share of the largest. */
  keep: 0.2,
  /**
   * Added to the cosine times how surely the job-title search places the O*NET title on the unit
   * group (1 when it is one of the group's own coding-index titles, its share when shared, a fuzzy
   * match's confidence), or in full for an exact coding-index title the search does not answer.
   */
  titleBonus: 0.3,
} as const;

const NONE: TextVector = new Map();

/** A matched occupation of the chain, re-weighted. */
export interface CloseOccupation {
  code: string;
  title: string;
  /** Share of the unit group's weight the chain gave it, before closeness (of the matched share). */
  chainWeight: number;
  /** Cosine of its title (without ", Except ...") with the unit group's texts, plus the title bonus times the search's evidence. */
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
    /** Unit group -> occupation -> the search's evidence for the title there (onet-twins.ts titlePlacements). */
    private readonly placements: ReadonlyMap<string, ReadonlyMap<string, number>> = new Map(),
  ) {
    // A title's ", Except ..." names other jobs: its words are no closeness ("Except Brickmasons").
    const joint = vectorsTogether(
      unitGroupBags,
      new Map(occupations.map((o) => [o.code, bag([[usExclusion(o.title).kept, 1]])])),
    );
    this.vectors = joint.others;
    this.unitVectors = joint.unitGroups;
    for (const soc of unitGroupBags.keys())
      this.titleKeys.set(soc, new Set(recordsOf(soc).map((r) => exactTitleKey(r.naturalTitle))));
  }

  /** How much of the unit group's texts the occupation's title shares (TF-IDF cosine, no bonus). */
  cosine(soc: string, occupation: { code: string }): number {
    return cosine(this.vectors.get(occupation.code) ?? NONE, this.unitVectors.get(soc) ?? NONE);
  }

  closeness(soc: string, occupation: { code: string; title: string }): number {
    const cos = this.cosine(soc, occupation);
    const indexed = this.titleKeys.get(soc)?.has(exactTitleKey(usExclusion(occupation.title).kept)) ?? false;
    const placed = this.placements.get(soc)?.get(occupation.code) ?? 0;
    return cos + WORK_PROFILE.titleBonus * Math.max(indexed ? 1 : 0, placed);
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
