import type { CodingIndex } from '../domain/soc.js';
import { entryRank } from './searchable-entries.js';
import { textStems } from './task-texts.js';

/** A coding-index entry of a unit group, with its title's stems (task-texts.ts). */
export interface GroupEntry {
  title: string;
  qualifier: string | null;
  stems: ReadonlySet<string>;
}

/** Each unit group's coding-index entries, default entries first (entryRank): what a text match reports. */
export function groupEntries(index: CodingIndex): Map<string, GroupEntry[]> {
  const byGroup = new Map<string, CodingIndex['records']>();
  for (const record of index.records) {
    if (record.soc2020 === null) continue;
    const list = byGroup.get(record.soc2020) ?? [];
    list.push(record);
    byGroup.set(record.soc2020, list);
  }
  return new Map(
    [...byGroup].map(([code, records]) => [
      code,
      records
        .sort((a, b) => entryRank(a) - entryRank(b))
        .map((r) => ({ title: r.naturalTitle, qualifier: r.qualifier, stems: new Set(textStems(r.naturalTitle)) })),
    ]),
  );
}

/** The entry whose title shares most stems with the query; the group's default entry when none does. */
export function bestEntry(entries: readonly GroupEntry[], asked: ReadonlySet<string>): GroupEntry | undefined {
  let best = entries[0];
  let most = 0;
  for (const entry of entries) {
    let shared = 0;
    for (const stem of asked) if (entry.stems.has(stem)) shared++;
    if (shared > most) [best, most] = [entry, shared];
  }
  return best;
}

/** The coding index's own titles, one list per unit group: names of one occupation, for learnt word variants. */
export function titlesPerUnitGroup(index: CodingIndex): string[][] {
  const byGroup = new Map<string, string[]>();
  for (const record of index.records) {
    if (record.soc2020 === null) continue;
    const titles = byGroup.get(record.soc2020) ?? [];
    titles.push(record.naturalTitle);
    byGroup.set(record.soc2020, titles);
  }
  return [...byGroup.values()];
}
