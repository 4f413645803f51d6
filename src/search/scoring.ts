/**
 * How a fuzzy match is scored. A query word matches a title word with a similarity (1 for the
 * same word, less for a typo or a completion). Two coverages are combined:
 *  - query coverage: the share of the query the title explains, each query word weighted by how
 *    rare it is in the index (IDF), so "community" counts more than "nurse";
 *  - title coverage: the share of the title the query explains, weighted the same way, which
 *    penalises long titles that merely contain the words.
 * confidence = queryCoverage^0.6 × titleCoverage^0.4 × qualifierFactor, capped below 1.
 * Qualifier words (ADD and IND) may add to query coverage but are never required.
 */

/** A query word found only in a qualifier ("nurse dental practice") counts a little less than in the title. */
export const QUALIFIER_WEIGHT = 0.85;

/** Entries with an unmatched qualifier lose a little, so "nurse" alone prefers the unqualified entry. */
const UNMATCHED_QUALIFIER_PENALTY = 0.04;

/** Below this a match is noise and is not returned. */
const MIN_CONFIDENCE = 0.3;

/** A fuzzy match never reaches 1: that is reserved for exact title matches. */
const MAX_FUZZY_SIMILARITY = 0.99;

/** A word split or joined to fit the vocabulary ("hair dresser" -> "hairdresser") is nearly, not quite, the same. */
export const COMPOUND_SIMILARITY = 0.95;

/**
 * A title from outside the coding index (an alias) that matches as well as a coding-index title
 * is worth this share of its confidence. Tuned on held-out ESCO labels (bench/README.md): 0.9
 * lost 2 points of top-1 against 1.
 */
export const ALIAS_CONFIDENCE = 1;

/**
 * An alias leads to each unit group of its ISCO-08 group with confidence times (the group's share
 * of the ISCO-08 group's coding-index titles)^this: the largest group first, the others close.
 */
export const ALIAS_SHARE_EXPONENT = 0.25;

/**
 * Unless some title nearly matches (ranking score at least NEAR_MATCH_SCORE), a unit group's
 * other matching titles add this share of their ranking scores to its best one's.
 */
export const SUPPORT_WEIGHT = 0.5;

/**
 * The same for aliases: each is a label some other source gave an occupation of the group's
 * ISCO-08 group, a vote for the group rather than one of the index's own spellings, so it counts
 * in full. Held out: +0.2 to +0.8 points of top-1 against SUPPORT_WEIGHT (bench/README.md).
 */
export const ALIAS_SUPPORT_WEIGHT = 1;

/**
 * English job titles are head-final: "software developer" is a developer, "developer relations
 * manager" a manager. A title whose head word (normalise.ts, `AnalysedText.head`) is not the
 * query's head word, nor a typo or completion of it, matches at this share of its confidence,
 * so "golf instructor" prefers instructors over golf titles of other kinds. Held out: 0.8 to
 * 0.6 were best (the best top-1 at 0.65-0.7, top-3 falling below); 0.65 is kept.
 */
const HEAD_MISMATCH_FACTOR = 0.65;

/** HEAD_MISMATCH_FACTOR as a factor of the ranking score (confidence^5). */
export const HEAD_MISMATCH_SCORE = HEAD_MISMATCH_FACTOR ** 5;

/**
 * A unit group's ranking score is multiplied by its word coverage: the share of the query's
 * weight that the titles of the group reached by the query have between them, a query word found
 * only through a typo or completion counting this much ("mine" reaching "wine" titles).
 * Held out: 0.5 gains 0.3-0.5 points of top-1 against 1; 0 loses a point of the one-typo set.
 */
export const GROUP_COVERAGE_TYPO_SHARE = 0.5;

/**
 * A query word matching a title word at least this well is the same word (a compound re-split is).
 * @alias of COMPOUND_SIMILARITY on purpose: one value, two meanings a reader looks up by name.
 */
export const SAME_WORD_SIMILARITY = COMPOUND_SIMILARITY;

/** A query word learnt to stand for a title word (word-variants.ts: "tech", "counselor") matches it this well. */
export const VARIANT_SIMILARITY = 0.9;

/** A best title at confidence 0.8 or more is a near match (a typo or a plural of it): its own group wins on its merits. */
export const NEAR_MATCH_SCORE = 0.8 ** 5;

/** Rarity of a word over the indexed titles. */
export function inverseDocumentFrequency(titlesWithWord: number, titles: number): number {
  return Math.log(1 + titles / Math.max(1, titlesWithWord));
}

/**
 * confidence^5 = queryCoverage^3 × titleCoverage^2 × qualifierFactor^5: the same order as the
 * confidence without a fractional power, which matters because it runs for every title a query
 * touches (thousands for "manager"). Turn it into a similarity with `similarityOf` (calibration.ts makes that a confidence).
 */
export function rankingScore(queryCoverage: number, titleCoverage: number, qualifierCoverage: number): number {
  const query = queryCoverage < 1 ? queryCoverage : 1;
  const title = titleCoverage < 1 ? titleCoverage : 1;
  let score = query * query * query * title * title;
  if (qualifierCoverage < 1) {
    const factor = 1 - UNMATCHED_QUALIFIER_PENALTY * (1 - qualifierCoverage);
    score *= factor * factor * factor * factor * factor;
  }
  return score;
}

export const MIN_RANKING_SCORE = MIN_CONFIDENCE ** 5;

/** With title coverage at most 1, a title explaining less of the query than this cannot reach MIN_CONFIDENCE. */
export const MIN_QUERY_COVERAGE = MIN_CONFIDENCE ** (1 / 0.6);

export function similarityOf(rankingScore: number): number {
  return Math.min(MAX_FUZZY_SIMILARITY, rankingScore ** 0.2);
}

/**
 * A fuzzy match of a query with a word no title has, nor anything near it ("ks2 teacher", "mech
 * eng"), is a guess from the other words: whatever the rest scores, its confidence stays under
 * 0.5 (the unknown word may be what the query is about).
 */
export const UNEXPLAINED_CONFIDENCE = 0.45;

/** A candidate under this similarity is at least two typos away (vocabulary.ts: 1 - 0.9 · typos / length). */
export const TWO_TYPOS_BELOW = 0.8;
