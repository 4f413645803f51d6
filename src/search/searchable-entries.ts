import type { CodingIndex, CodingIndexRecord } from '../domain/soc.js';
import { groupByIndexedTitle, parseSeeNote, resolveSeeReference } from './see-references.js';

/** One way to reach a unit group: a title (with its qualifiers) that the coding index assigns to it. */
interface SearchableEntry {
  /** The words a query is matched against: the row's own natural-order title. */
  searchTitle: string;
  /** Qualifier words that may also match ("nurse dental practice"); never required. */
  searchQualifier: string | null;
  soc2020: string;
  /** Shown as the match: the coded entry's natural title (the target's, for a see-other-entry row). */
  displayTitle: string;
  displayQualifier: string | null;
  /** Lower ranks first among entries of the same title: see `entryRank`. */
  rank: number;
  /** The entry is its title's default (flagged in column D): see `entryRank`. */
  flagged: boolean;
  /**
   * True for the target entries a see-other-entry row points to: the row's title is a pointer,
   * not a title of the target's groups, so an exact query ranks a title's own entries first
   * ("Chargeman": 8132, 8229 before Foreman's groups).
   */
  viaSeeReference: boolean;
}

const RECORDS_PER_RANK = 1_000_000;

/**
 * When one title has entries in several unit groups, the coding index flags the one to use
 * without further information in column D (O, I, A, Q, QS, M: FILE SPEC sheet). So flagged
 * entries come first, then entries without a qualifier, then the index's own order.
 * In version 12 no title has an unflagged unqualified entry beside a flagged one, so the first
 * two criteria never disagree.
 */
export function entryRank(record: CodingIndexRecord): number {
  const tier = (record.defaultFlag !== null ? 0 : 2) + (record.qualifier !== null ? 1 : 0);
  return tier * RECORDS_PER_RANK + Math.max(0, Math.min(record.recordNumber, RECORDS_PER_RANK - 1));
}

export function searchableEntries(index: CodingIndex): SearchableEntry[] {
  const coded = index.records.filter((record) => record.soc2020 !== null && /^\d{4}$/.test(record.soc2020));
  const byIndexedTitle = groupByIndexedTitle(coded);
  const entries: SearchableEntry[] = coded.map((record) => ({
    searchTitle: record.naturalTitle,
    searchQualifier: record.qualifier,
    soc2020: record.soc2020 ?? '',
    displayTitle: record.naturalTitle,
    displayQualifier: record.qualifier,
    rank: entryRank(record),
    flagged: record.defaultFlag !== null,
    viaSeeReference: false,
  }));
  for (const record of index.records) {
    if (record.soc2020 !== null || record.see === null) continue;
    const reference = parseSeeNote(record.see);
    if (reference === null) continue;
    for (const target of resolveSeeReference(reference, byIndexedTitle)) {
      entries.push({
        searchTitle: record.naturalTitle,
        searchQualifier: [record.qualifier, target.qualifier].filter((part) => part !== null).join('; ') || null,
        soc2020: target.soc2020 ?? '',
        displayTitle: target.naturalTitle,
        displayQualifier: target.qualifier ?? record.qualifier,
        rank: entryRank(target),
        flagged: target.defaultFlag !== null,
        viaSeeReference: true,
      });
    }
  }
  return entries;
}
