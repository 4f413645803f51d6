import type { CodingIndexRecord } from '../domain/soc.js';
import { Normaliser } from './normalise.js';

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

/**
 * One-word see rows ("Advisor, see Adviser", "Repairman, see Repairer") as word rewrites, so the
 * index's own spelling rule applies inside a phrase too ("customer service advisor" is the
 * indexed "Customer service adviser"). Only plain `see` rows whose title and target are one word
 * each after normalising: `see also` rows and qualified targets point to entries, not spellings.
 */
export function seeWordRewrites(records: readonly CodingIndexRecord[]): Map<string, string> {
  const rewrites = new Map<string, string>();
  for (const record of records) {
    if (record.soc2020 !== null || record.see === null || /^\s*see\s+also\b/i.test(record.see)) continue;
    const reference = parseSeeNote(record.see);
    if (reference === null || reference.qualifier !== null) continue;
    const from = Normaliser.meaningTokens(record.naturalTitle);
    const to = Normaliser.meaningTokens(reference.target);
    if (from.length === 1 && to.length === 1 && from[0] !== to[0]) rewrites.set(from[0]!, to[0]!);
  }
  return rewrites;
}
