import type { CodingIndex, CodingIndexRecord } from '../domain/soc.js';
import { entryRank } from './searchable-entries.js';

/**
 * A job title from outside the coding index (an ESCO occupation label) and the unit groups it
 * leads to. It is searchable like a coding-index title but never matches exactly (confidence 1
 * is the coding index's own word), and a match reports a coding-index title of the group.
 */
export interface TitleAlias {
  title: string;
  groups: AliasGroup[];
}

export interface AliasGroup {
  soc2020: string;
  /** Share (0 to 1] of the ISCO-08 group's coding-index titles that this unit group holds. */
  share: number;
  /** The coding-index entry a match reports: the group's first entry in the ISCO-08 group. */
  record: CodingIndexRecord;
}

/** A title and the four-digit ISCO-08 group it belongs to (ESCO occupations carry one). */
export interface IscoLabel {
  title: string;
  isco08: string;
}

/**
 * Turns labels keyed to ISCO-08 groups into aliases, through the coding index's own ISCO-08
 * column: a label of ISCO-08 group g leads to the unit groups whose records carry g, each
 * weighted by its share of those records (so 2136 programmers is not led to by a group that
 * holds one stray record of 2512). Groups holding under `minShare` are left out.
 */
export function aliasesThroughIsco(index: CodingIndex, labels: readonly IscoLabel[], minShare = 0.1): TitleAlias[] {
  const byIsco = new Map<string, Map<string, CodingIndexRecord[]>>();
  for (const record of index.records) {
    if (record.soc2020 === null || !/^\d{4}$/.test(record.soc2020) || record.isco08 === null) continue;
    const groups = byIsco.get(record.isco08) ?? new Map<string, CodingIndexRecord[]>();
    const records = groups.get(record.soc2020) ?? [];
    records.push(record);
    groups.set(record.soc2020, records);
    byIsco.set(record.isco08, groups);
  }
  const groupsOf = new Map<string, AliasGroup[]>();
  for (const [isco08, groups] of byIsco) {
    const total = [...groups.values()].reduce((sum, records) => sum + records.length, 0);
    groupsOf.set(
      isco08,
      [...groups]
        .map(([soc2020, records]) => ({ soc2020, share: records.length / total, record: records.reduce((best, r) => (entryRank(r) < entryRank(best) ? r : best)) }))
        .filter((group) => group.share >= minShare)
        .sort((a, b) => b.share - a.share || a.soc2020.localeCompare(b.soc2020)),
    );
  }
  return labels.flatMap(({ title, isco08 }) => {
    const groups = groupsOf.get(isco08);
    return groups && groups.length > 0 ? [{ title, groups }] : [];
  });
}
