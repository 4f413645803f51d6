/**
 * The unit group's own US twins: the O*NET occupations whose titles the job-title search places on
 * it (an exact coding-index title, or a credible fuzzy match), found from the unit group's own
 * titles rather than through ISCO-08. In the work profile they weigh most; the crosswalk chain fills
 * in (docs/methods/work-profile.md). Measured in bench/work-profile.ts.
 */
import type { OnetOccupation } from '../../domain/work-profile.js';
import type { TitleMatch } from '../../search/title-index.js';
import type { CloseOccupation } from './onet-closeness.js';
import { excludedTitles, namedTitles } from './onet-titles.js';

export const OWN_TWINS = {
  /**
   * The share of the weight the twins take when the best of them is certain (evidence 1); a twin of
   * evidence e takes `share · e`, the chain the rest. With `power` and `floor`, chosen by a grid
   * in bench/work-profile.ts as the least loss on NCS's own O*NET codes (a set the titles do not
   * make) for a strict own twin leading in at least 90% of unit groups.
   */
  share: 0.7,
  /** Within the twins' share, a twin weighs evidence^power: one certain twin outweighs several fuzzy ones. */
  power: 3,
  /**
   * A fuzzy match is a twin only when the search is at least this sure of it: O*NET titles are
   * formal US names, and under it fuzzy matches led profiles astray ("Parts Salespersons" for
   * sales assistants). Exact titles under it are shared titles that mostly mean another group.
   */
  floor: 0.75,
  /** Unit groups asked of the search per O*NET title. */
  limit: 5,
  /**
   * The titles an O*NET title names are not asked: tried in bench/work-profile.ts, they reach 3312
   * police officers (through "Detectives") but lose more own twins than they find, and weight on
   * NCS's own codes (bench/README.md, 28 November 2026).
   */
  named: 'never' as TwinSearch['named'],
} as const;

/** An O*NET occupation whose title names the unit group, with how surely (0 to 1). */
export interface OwnTwin {
  code: string;
  title: string;
  /** An exact coding-index title: the unit group's share of what the title means; fuzzy: the search's calibrated confidence. */
  evidence: number;
}

/** One occupation of the work profile: where its weight comes from and what it is. */
export interface ProfileOccupation extends CloseOccupation {
  /** Its own-title evidence for the unit group; 0 when only the crosswalk chain reached it. */
  titleEvidence: number;
}

/** How sure the search is that a hit names its unit group. */
function evidenceOf(hit: TitleMatch): number {
  return hit.matchType === 'exact' ? (hit.titleShare ?? 1) : hit.confidence;
}

/** How the twins are found; OWN_TWINS by default, other settings are tried in bench/work-profile.ts. */
interface TwinSearch {
  floor: number;
  /** The floor for an exact coding-index title (its `titleShare`), when it differs from a fuzzy match's. */
  exactFloor?: number;
  /**
   * Whether the titles an O*NET title names (onet-titles.ts: "Police Patrol Officers" from "Police
   * and Sheriff's Patrol Officers") are asked too: never, only for an occupation whose own title
   * places it nowhere at the floor, or always.
   */
  named: 'never' | 'fallback' | 'always';
}

/**
 * Unit group -> its twins, strongest first: each rated O*NET occupation's title asked of the
 * job-title search, every unit group it answers with credible evidence kept (for a named title,
 * the best of its readings).
 */
export function ownTwins(
  search: (title: string, limit: number) => TitleMatch[],
  occupations: readonly OnetOccupation[],
  settings: TwinSearch = { floor: OWN_TWINS.floor, named: OWN_TWINS.named },
): Map<string, OwnTwin[]> {
  const bySoc = new Map<string, OwnTwin[]>();
  const place = (titles: readonly string[]) => {
    const best = new Map<string, number>();
    for (const title of titles)
      for (const hit of search(title, OWN_TWINS.limit)) {
        const floor = hit.matchType === 'exact' ? (settings.exactFloor ?? settings.floor) : settings.floor;
        if (evidenceOf(hit) >= floor) best.set(hit.soc2020, Math.max(best.get(hit.soc2020) ?? 0, evidenceOf(hit)));
      }
    return [...best];
  };
  for (const occupation of occupations) {
    let placed = place([occupation.title]);
    if (settings.named === 'always' || (settings.named === 'fallback' && placed.length === 0))
      placed = place(namedTitles(occupation.title));
    // "X, Except Brickmasons" is not the twin of the group the search places "Brickmasons" on first.
    const excluded = new Set(excludedTitles(occupation.title).map((t) => search(t, 1)[0]?.soc2020));
    for (const [soc, evidence] of placed) {
      if (excluded.has(soc)) continue;
      const list = bySoc.get(soc) ?? [];
      list.push({ code: occupation.code, title: occupation.title, evidence });
      bySoc.set(soc, list);
    }
  }
  for (const list of bySoc.values()) list.sort((a, b) => b.evidence - a.evidence || a.code.localeCompare(b.code));
  return bySoc;
}

/**
 * The twins take `share × (best evidence)` of the weight, divided in proportion to evidence^power;
 * the chain's closeness-weighted occupations take the rest in their own proportions. An occupation
 * both reach adds both. Largest weight first; weights sum to 1.
 */
export function blendTwins(
  chain: readonly CloseOccupation[],
  twins: readonly OwnTwin[],
  closenessOf: (occupation: OwnTwin) => number,
  { share, power }: { share: number; power: number } = OWN_TWINS,
): ProfileOccupation[] {
  const best = Math.max(0, ...twins.map((t) => t.evidence));
  const ownShare = share * best;
  const evidenceTotal = twins.reduce((sum, t) => sum + t.evidence ** power, 0);
  const byCode = new Map<string, ProfileOccupation>(
    chain.map((c) => [c.code, { ...c, weight: (1 - ownShare) * c.weight, titleEvidence: 0 }]),
  );
  for (const twin of twins) {
    const own = (ownShare * twin.evidence ** power) / evidenceTotal;
    const entry = byCode.get(twin.code);
    if (entry) {
      entry.weight += own;
      entry.titleEvidence = twin.evidence;
    } else
      byCode.set(twin.code, {
        code: twin.code,
        title: twin.title,
        chainWeight: 0,
        closeness: closenessOf(twin),
        weight: own,
        titleEvidence: twin.evidence,
      });
  }
  return [...byCode.values()].sort((a, b) => b.weight - a.weight || a.code.localeCompare(b.code));
}

/**
 * Unit group -> the O*NET occupations whose titles exclude it: "Refractory Materials Repairers,
 * Except Brickmasons" for the group the search places "Brickmasons" on first (5313 bricklayers, at
 * 0.51: an excluded job is named in passing, so its best placement counts, not the twins' floor).
 * Neither a twin nor a chain occupation of that group: the US title itself says it is other work.
 */
export function excludingTitles(
  search: (title: string, limit: number) => TitleMatch[],
  occupations: readonly OnetOccupation[],
): Map<string, Set<string>> {
  const bySoc = new Map<string, Set<string>>();
  for (const occupation of occupations)
    for (const title of excludedTitles(occupation.title)) {
      const [best] = search(title, 1);
      if (!best) continue;
      const codes = bySoc.get(best.soc2020) ?? new Set<string>();
      codes.add(occupation.code);
      bySoc.set(best.soc2020, codes);
    }
  return bySoc;
}
