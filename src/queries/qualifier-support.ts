import type { CodingIndexRecord } from '../domain/soc.js';
import { exactTitleKey } from '../search/exact-title.js';
import { contentWords, Tfidf } from '../search/text-vectors.js';

/**
 * A qualified coding-index entry ("Cleaner [coal mine]") counts for a subject only when the
 * subject is about that context: at this support or more. Chosen on the held-out placement
 * protocols (bench/README.md, "Joins"): "Chief inspector [police service]" is supported 0.62 by
 * a profile about policing; "[coal mine]" 0 by the office cleaner.
 */
export const MIN_QUALIFIER_SUPPORT = 0.5;

/** How rare each qualifier word is across the whole index: "mine" says more than "manufacturing". */
export function qualifierIdf(records: Iterable<CodingIndexRecord>): Tfidf {
  const idf = new Tfidf();
  // Every coded record is a document, unqualified ones too (as measured).
  for (const record of records) if (record.soc2020 !== null) idf.add(qualifierWords(record));
  return idf;
}

/**
 * IDF-weighted share of a record's qualifier words (ADD and IND) found among the subject's own
 * words (`contentWords` of its titles and text); 1 for an unqualified record.
 */
export function qualifierSupport(record: CodingIndexRecord, ownWords: ReadonlySet<string>, idf: Tfidf): number {
  const words = new Set(qualifierWords(record));
  if (words.size === 0) return 1;
  let total = 0;
  let found = 0;
  for (const word of words) {
    const weight = idf.idf(word);
    total += weight;
    if (ownWords.has(word)) found += weight;
  }
  return total > 0 ? found / total : 0;
}

function qualifierWords(record: CodingIndexRecord): string[] {
  return contentWords([record.add, record.ind].filter(Boolean).join(' '));
}

/** Coded records by the exact key of their natural title (`exactTitleKey`), qualified entries included. */
export function entriesByTitle(records: Iterable<CodingIndexRecord>): Map<string, CodingIndexRecord[]> {
  const out = new Map<string, CodingIndexRecord[]>();
  for (const record of records) {
    if (record.soc2020 === null) continue;
    const key = exactTitleKey(record.naturalTitle);
    if (!key) continue;
    const list = out.get(key);
    if (list) list.push(record);
    else out.set(key, [record]);
  }
  return out;
}
