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
  /** The coding-index entry a match reports: the group's entry in the ISCO-08 group closest in words to the alias. */
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
  const shares = new Map<string, Array<{ soc2020: string; share: number; records: CodingIndexRecord[] }>>();
  for (const [isco08, groups] of byIsco) {
    const total = [...groups.values()].reduce((sum, records) => sum + records.length, 0);
    shares.set(
      isco08,
      [...groups]
        .map(([soc2020, records]) => ({
          soc2020,
          share: records.length / total,
          records: [...records].sort((a, b) => entryRank(a) - entryRank(b)),
        }))
        .filter((group) => group.share >= minShare)
        .sort((a, b) => b.share - a.share || a.soc2020.localeCompare(b.soc2020)),
    );
  }
  const closest = closestRecord();
  return labels.flatMap(({ title, isco08 }) => {
    const groups = shares.get(isco08);
    if (!groups || groups.length === 0) return [];
    return [
      {
        title,
        groups: groups.map((group) => ({
          soc2020: group.soc2020,
          share: group.share,
          record: closest(title, group.records),
        })),
      },
    ];
  });
}

/** A title and the unit groups it leads to, with shares (an NCS profile's titles, through its SOC 2010 code). */
export interface GroupedLabel {
  title: string;
  groups: ReadonlyMap<string, number>;
}

/**
 * Turns labels that lead to unit groups with shares into aliases (groups under `minShare` left
 * out): an NCS profile's title and alternative titles, with the unit groups its SOC 2010 code
 * becomes in the ONS SOC 2010 -> 2020 table.
 */
export function aliasesThroughGroups(
  index: CodingIndex,
  labels: readonly GroupedLabel[],
  minShare = 0.2,
): TitleAlias[] {
  const byGroup = new Map<string, CodingIndexRecord[]>();
  for (const record of [...index.records].sort((a, b) => entryRank(a) - entryRank(b))) {
    if (record.soc2020 === null || !/^\d{4}$/.test(record.soc2020)) continue;
    const records = byGroup.get(record.soc2020) ?? [];
    records.push(record);
    byGroup.set(record.soc2020, records);
  }
  const closest = closestRecord();
  return labels.flatMap(({ title, groups }) => {
    const kept = [...groups]
      .filter(([soc2020, share]) => share >= minShare && byGroup.has(soc2020))
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([soc2020, share]) => ({ soc2020, share, record: closest(title, byGroup.get(soc2020)!) }));
    return kept.length > 0 ? [{ title, groups: kept }] : [];
  });
}

/**
 * A match reports the group's coding-index title sharing most words with the label, so
 * "tobacco shop manager" shows "Shop manager" (default entries first on a tie).
 */
function closestRecord(): (title: string, records: readonly CodingIndexRecord[]) => CodingIndexRecord {
  const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);
  const recordWords = new Map<CodingIndexRecord, Set<string>>();
  const words = (record: CodingIndexRecord) =>
    recordWords.get(record) ?? recordWords.set(record, wordsOf(record.naturalTitle)).get(record)!;
  return (title, records) => {
    const label = wordsOf(title);
    let best = records[0]!;
    let bestShared = -1;
    for (const record of records) {
      let shared = 0;
      for (const word of words(record)) if (label.has(word)) shared++;
      if (shared > bestShared) [best, bestShared] = [record, shared];
    }
    return best;
  };
}
