import type { CodingIndexRecord } from '../domain/soc.js';
import { exactTitleKey } from '../search/exact-title.js';

/** Unit groups by the exact key of every coding-index title (natural word order) that names them. */
export function unitGroupsByTitle(byUnitGroup: ReadonlyMap<string, readonly CodingIndexRecord[]>): Map<string, Set<string>> {
  const index = new Map<string, Set<string>>();
  for (const [soc, records] of byUnitGroup) {
    for (const record of records) {
      const key = exactTitleKey(record.naturalTitle);
      if (!key) continue;
      const socs = index.get(key) ?? new Set<string>();
      socs.add(soc);
      index.set(key, socs);
    }
  }
  return index;
}

export type TitleMatchKind = 'title' | 'alternative title';

export interface Placement {
  soc2020: string;
  match: TitleMatchKind;
  /** The title that matched, as the source writes it. */
  matchedTitle: string;
}

/**
 * Where a titled thing (a job profile, a standard's job title) sits in SOC 2020: every unit group
 * whose coding index lists its title exactly (`title`), then those that only an alternative title
 * reaches (`alternative title`). Every unit group a title names is kept: the index codes some
 * titles differently by industry, and the title alone cannot choose.
 */
export function placeByTitles(index: ReadonlyMap<string, ReadonlySet<string>>, title: string, alternativeTitles: readonly string[]): Placement[] {
  const placements = new Map<string, Placement>();
  const add = (text: string, match: TitleMatchKind) => {
    for (const soc of index.get(exactTitleKey(text)) ?? []) if (!placements.has(soc)) placements.set(soc, { soc2020: soc, match, matchedTitle: text });
  };
  add(title, 'title');
  for (const alternative of alternativeTitles) add(alternative, 'alternative title');
  return [...placements.values()];
}
