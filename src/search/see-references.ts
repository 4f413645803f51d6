import type { CodingIndexRecord } from '../domain/soc.js';

/**
 * A see-other-entry row carries no code of its own (`}}}}`); its SEE note names the entry to
 * use instead, in indexed word order: "see Adviser", "see also Worker, factory ( )",
 * "see Engineer (professional)". "( )" means any qualified entry of that title; a word in
 * brackets is a qualifier that narrows it; "see notes" points at the coding rules, not an entry.
 */
interface SeeReference {
  /** Indexed-order title of the target, lower case ("worker, factory"). */
  target: string;
  /** Qualifier the target entries must carry, lower case; null for any. */
  qualifier: string | null;
}

export function parseSeeNote(note: string): SeeReference | null {
  const body = note
    .trim()
    .replace(/^see(\s+also)?\s+/i, '')
    .trim();
  if (body === '' || /^notes\b/i.test(body)) return null;
  const bracketed = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(body);
  const target = (bracketed ? (bracketed[1] ?? '') : body).trim().toLowerCase();
  const qualifier = bracketed ? (bracketed[2] ?? '').trim().toLowerCase() : '';
  return target === '' ? null : { target, qualifier: qualifier === '' ? null : qualifier };
}

/**
 * The coded records a see-other-entry row stands for; empty when the note names no entry or the
 * named entry is missing from the index (three notes in version 12, e.g. "see Chargehand").
 */
export function resolveSeeReference(
  reference: SeeReference,
  recordsByIndexedTitle: ReadonlyMap<string, readonly CodingIndexRecord[]>,
): CodingIndexRecord[] {
  const targets = recordsByIndexedTitle.get(reference.target) ?? [];
  if (reference.qualifier === null) return [...targets];
  const { qualifier } = reference;
  const narrowed = targets.filter((record) => (record.qualifier ?? '').toLowerCase().includes(qualifier));
  return narrowed.length > 0 ? narrowed : [...targets];
}

/** Coded records grouped by lower-case indexed title, the form SEE notes use. */
export function groupByIndexedTitle(records: readonly CodingIndexRecord[]): Map<string, CodingIndexRecord[]> {
  const groups = new Map<string, CodingIndexRecord[]>();
  for (const record of records) {
    if (record.soc2020 === null) continue;
    const key = record.indexedTitle.toLowerCase();
    const group = groups.get(key);
    if (group) group.push(record);
    else groups.set(key, [record]);
  }
  return groups;
}
