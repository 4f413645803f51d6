import type { CodingIndexRecord } from '../domain/soc.js';
import { exactTitleKey } from '../search/exact-title.js';

/**
 * Coding-index titles (natural word order) by exact key: the unit groups each names, and whether
 * it names a unit group with no qualifier (true) or only within an industry or context (false).
 */
export type TitleIndexByKey = Map<string, Map<string, boolean>>;

export function unitGroupsByTitle(byUnitGroup: ReadonlyMap<string, readonly CodingIndexRecord[]>): TitleIndexByKey {
  const index: TitleIndexByKey = new Map();
  for (const [soc, records] of byUnitGroup) {
    for (const record of records) {
      const key = exactTitleKey(record.naturalTitle);
      if (!key) continue;
      const socs = index.get(key) ?? new Map<string, boolean>();
      socs.set(soc, (socs.get(soc) ?? false) || record.qualifier === null);
      index.set(key, socs);
    }
  }
  return index;
}

export type TitleMatchKind = 'title' | 'alternative title';

interface Placement {
  soc2020: string;
  match: TitleMatchKind;
  /** The title that matched, as the source writes it. */
  matchedTitle: string;
  /** The index gives the unit group for this title only with a qualifier (an industry or context). */
  qualified: boolean;
}

interface PlacementRule {
  /**
   * Keep a unit group the index gives the title only with a qualifier when other unit groups share
   * the title. Job profiles keep them (a profile's title is specific, and the index's industry split
   * is still that job); a standard's typical job titles ("Supervisor", "Installer") do not.
   */
  qualifiedAmongOthers: boolean;
}

/**
 * Where a titled thing (a job profile, a standard's job title) sits in SOC 2020: the unit groups
 * whose coding index lists its title exactly (`title`), then those that only an alternative title
 * reaches (`alternative title`). Never by similarity.
 */
export function placeByTitles(
  index: TitleIndexByKey,
  title: string,
  alternativeTitles: readonly string[],
  rule: PlacementRule,
): Placement[] {
  const placements = new Map<string, Placement>();
  const add = (text: string, match: TitleMatchKind) => {
    const socs = index.get(exactTitleKey(text));
    for (const [soc, unqualified] of socs ?? []) {
      if (placements.has(soc) || (!unqualified && socs!.size > 1 && !rule.qualifiedAmongOthers)) continue;
      placements.set(soc, { soc2020: soc, match, matchedTitle: text, qualified: !unqualified });
    }
  };
  add(title, 'title');
  for (const alternative of alternativeTitles) add(alternative, 'alternative title');
  return [...placements.values()];
}
