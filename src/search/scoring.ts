/**
 * How a fuzzy match is scored. A query word matches a title word with a similarity (1 for the
 * same word, less for a typo or a completion), weighted by how rare the title word is (IDF), so
 * "nurse" in "community nurse" matters less than "community". Two coverages are combined:
 *  - query coverage: how much of what the user typed the title explains;
 *  - title coverage: how much of the title the query explains (penalises long titles that merely
 *    contain the words).
 * Qualifier words (ADD and IND) may raise query coverage but are never required.
 */

/** Query coverage counts more than title coverage: what the user typed matters most. */
export const QUERY_COVERAGE_EXPONENT = 0.6;
export const TITLE_COVERAGE_EXPONENT = 0.4;

/** A query word found only in a qualifier ("nurse dental practice") counts a little less than in the title. */
export const QUALIFIER_WEIGHT = 0.85;

/** Entries with an unmatched qualifier lose a little, so "nurse" alone prefers the unqualified entry. */
export const UNMATCHED_QUALIFIER_PENALTY = 0.04;

/** Below this a match is noise and is not returned. */
export const MIN_CONFIDENCE = 0.3;

/** A fuzzy match never reaches 1: that is reserved for exact title matches. */
export const MAX_FUZZY_CONFIDENCE = 0.99;

/** A word split or joined to fit the vocabulary ("hair dresser" -> "hairdresser") is nearly, not quite, the same. */
export const COMPOUND_SIMILARITY = 0.95;

/** Rarity of a word over the indexed titles. */
export function inverseDocumentFrequency(titlesWithWord: number, titles: number): number {
  return Math.log(1 + titles / Math.max(1, titlesWithWord));
}

export function fuzzyConfidence(queryCoverage: number, titleCoverage: number, qualifierCoverage: number | null): number {
  const query = Math.min(1, Math.max(0, queryCoverage));
  const title = Math.min(1, Math.max(0, titleCoverage));
  const qualifier = qualifierCoverage === null ? 1 : 1 - UNMATCHED_QUALIFIER_PENALTY * (1 - Math.min(1, qualifierCoverage));
  return Math.min(MAX_FUZZY_CONFIDENCE, query ** QUERY_COVERAGE_EXPONENT * title ** TITLE_COVERAGE_EXPONENT * qualifier);
}
