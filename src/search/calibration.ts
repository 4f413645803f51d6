/**
 * What a fuzzy match's confidence means: the probability that it is the right unit group, fitted
 * on a judged set of careers-site queries (bench/search-careers.ts: NCS profile titles judged by
 * their SOC 2010 code, ESCO labels by their ISCO-08 group, each asked of an index that never saw
 * it) by logistic regression on two things the scorer knows:
 *
 *   confidence = 1 / (1 + e^-(INTERCEPT + SIMILARITY · s + MARGIN · (s - s_other)))
 *
 * where s is the match's similarity (scoring.ts: weighted coverage of query and title, the head
 * word, the group's other titles) and s_other the best similarity of any other unit group in the
 * answer (1 for an exact match; 0 when there is none). A close runner-up makes the first answer
 * less certain, and every later answer less likely than the first. Exact matches keep 1 (the
 * coding index's own title; `titleShare` says how a shared one divides).
 *
 * When the first answer is fuzzy and its confidence is under ABSTAIN_BELOW, no candidate is
 * credible and the search answers nothing (an empty array) rather than a likely wrong first answer.
 */
const INTERCEPT = -3.08;
const SIMILARITY = 4.0;
const MARGIN = 3.52;

/** Under this probability that the first answer is right, the answer is empty (bench/README.md shows the trade-off). */
export const ABSTAIN_BELOW = 0.25;

/** A fuzzy match's confidence never reaches 1: that is an exact title's. */
const MAX_FUZZY_CONFIDENCE = 0.99;

export function calibratedConfidence(similarity: number, otherSimilarity: number): number {
  const z = INTERCEPT + SIMILARITY * similarity + MARGIN * (similarity - otherSimilarity);
  return Math.min(MAX_FUZZY_CONFIDENCE, 1 / (1 + Math.exp(-z)));
}
