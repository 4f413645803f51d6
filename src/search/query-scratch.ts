import { GROUP_COVERAGE_TYPO_SHARE, NEAR_MATCH_SCORE, SAME_WORD_SIMILARITY } from './scoring.js';
import { sharedEnds } from './normalise.js';
import type { Hit } from './indexed-titles.js';
import type { WordCandidate } from './vocabulary.js';

/**
 * Per-query working arrays, allocated once per index: a query touches a few thousand of the
 * ~45,000 titles, and only those are reset for the next query. (Search is synchronous, so one
 * set of arrays per index is enough.)
 */
export class Scratch {
  readonly covered: Float64Array;
  readonly titleCovered: Float64Array;
  readonly qualifierCovered: Float64Array;
  readonly touched: Int32Array;
  touchedCount = 0;
  /** Per title: bit i set when query word i matched in the title itself. */
  private readonly matchedWords: Int32Array;
  /** The same, only for query words matched as themselves (not through a typo or a completion). */
  private readonly sameWords: Int32Array;
  private readonly seen: Uint8Array;
  private readonly reachable: Uint8Array;
  private readonly reached: number[] = [];
  private readonly wordSimilarity: Float64Array;
  private readonly wordWeighted: Float64Array;
  private readonly wordTouched: Int32Array;
  private wordTouchedCount = 0;
  private readonly bestScore: Float64Array;
  /** Per unit group: the support (`Hit.support` times the ranking score) of all its titles that matched, added up, and its best title's. */
  private readonly sumSupport: Float64Array;
  private readonly bestSupport: Float64Array;
  private readonly bestRank: Float64Array;
  /** Per unit group: its best hit so far, -1 for none. */
  private readonly bestHit: Int32Array;
  private readonly codesOffered: number[] = [];
  /** Per unit group: 1 once it is in the results. */
  private readonly taken: Uint8Array;
  private readonly codesTaken: number[] = [];
  /** Per vocabulary word: 1 when it is a candidate of the query's head word. */
  private readonly headCandidate: Uint8Array;
  private readonly headCandidates: number[] = [];
  private queryHasHead = false;
  /** Per query word: its share of the query's weight. */
  private wordShares: number[] = [];
  /** Per unit group: bit i set when some title of the group that the query reached has query word i in its title; and as itself. */
  private readonly groupWords: Int32Array;
  private readonly groupSameWords: Int32Array;
  private readonly codesWithWords: number[] = [];

  constructor(titles: number, codes: number, words: number) {
    this.headCandidate = new Uint8Array(words);
    this.groupWords = new Int32Array(codes);
    this.groupSameWords = new Int32Array(codes);
    this.covered = new Float64Array(titles);
    this.titleCovered = new Float64Array(titles);
    this.qualifierCovered = new Float64Array(titles);
    this.touched = new Int32Array(titles);
    this.matchedWords = new Int32Array(titles);
    this.sameWords = new Int32Array(titles);
    this.seen = new Uint8Array(titles);
    this.reachable = new Uint8Array(titles);
    this.wordSimilarity = new Float64Array(titles);
    this.wordWeighted = new Float64Array(titles);
    this.wordTouched = new Int32Array(titles);
    this.bestScore = new Float64Array(codes);
    this.sumSupport = new Float64Array(codes);
    this.bestSupport = new Float64Array(codes);
    this.bestRank = new Float64Array(codes);
    this.bestHit = new Int32Array(codes).fill(-1);
    this.taken = new Uint8Array(codes);
  }

  reset(): void {
    for (let t = 0; t < this.touchedCount; t++) {
      const id = this.touched[t]!;
      this.covered[id] = 0;
      this.titleCovered[id] = 0;
      this.qualifierCovered[id] = 0;
      this.matchedWords[id] = 0;
      this.sameWords[id] = 0;
      this.seen[id] = 0;
    }
    this.touchedCount = 0;
    for (const title of this.reached) this.reachable[title] = 0;
    this.reached.length = 0;
    this.clearOffers();
    for (const code of this.codesTaken) this.taken[code] = 0;
    this.codesTaken.length = 0;
    for (const word of this.headCandidates) this.headCandidate[word] = 0;
    this.headCandidates.length = 0;
    this.queryHasHead = false;
    for (const code of this.codesWithWords) {
      this.groupWords[code] = 0;
      this.groupSameWords[code] = 0;
    }
    this.codesWithWords.length = 0;
  }

  /** The fuzzy query's head word's candidates (null if it has none) and each word's share of its weight. */
  startQuery(headCandidates: readonly WordCandidate[] | null, wordShares: number[]): void {
    this.queryHasHead = headCandidates !== null;
    for (const { id } of headCandidates ?? []) {
      this.headCandidate[id] = 1;
      this.headCandidates.push(id);
    }
    this.wordShares = wordShares;
  }

  /** A title whose head word is `word` has the query's head (always true of a query without one: nothing to tell titles apart). */
  isQueryHead(word: number): boolean {
    return !this.queryHasHead || this.headCandidate[word] === 1;
  }

  /** Unit group `code` has `title`: the query words in that title count towards the group's coverage. */
  addGroupWords(code: number, title: number): void {
    if (this.groupWords[code] === 0) this.codesWithWords.push(code);
    this.groupWords[code]! |= this.matchedWords[title]!;
    this.groupSameWords[code]! |= this.sameWords[title]!;
  }

  /** The share of the query's weight that the titles of unit group `code` reached by the query have between them (GROUP_COVERAGE_TYPO_SHARE). */
  private groupCoverage(code: number): number {
    let covered = 0;
    const same = this.groupSameWords[code]!;
    for (let word = 0, bits = this.groupWords[code]!; bits !== 0; word++, bits >>>= 1) {
      if ((bits & 1) !== 0)
        covered += this.wordShares[word]! * (((same >>> word) & 1) !== 0 ? 1 : GROUP_COVERAGE_TYPO_SHARE);
    }
    return covered < 1 ? covered : 1;
  }

  clearOffers(): void {
    for (const code of this.codesOffered) {
      this.bestScore[code] = 0;
      this.sumSupport[code] = 0;
      this.bestHit[code] = -1;
    }
    this.codesOffered.length = 0;
  }

  /** The n-th highest best score among the unit groups offered; 0 when fewer were. */
  nthBestScore(n: number): number {
    if (n <= 0 || this.codesOffered.length < n) return 0;
    const scores = this.codesOffered.map((code) => this.bestScore[code]!).sort((a, b) => b - a);
    return scores[n - 1]!;
  }

  /** Marks a unit group as in the results; false if it already was. */
  take(code: number): boolean {
    if (this.taken[code] !== 0) return false;
    this.taken[code] = 1;
    this.codesTaken.push(code);
    return true;
  }

  /** Titles whose qualifier a query word matched: their qualifier may still lift them (see fuzzyMatches). */
  reachThroughQualifiers(titles: Int32Array): void {
    for (let p = 0; p < titles.length; p++) {
      const title = titles[p]!;
      if (this.reachable[title] === 0) {
        this.reachable[title] = 1;
        this.reached.push(title);
      }
    }
  }

  /** Like `matchInTitle`, only for a title already found or reached through its qualifier. */
  matchInReachableTitle(title: number, similarity: number, weighted: number): void {
    if (this.seen[title] === 0 && this.reachable[title] === 0) return;
    this.matchInTitle(title, similarity, weighted);
  }

  /** The current query word matches a word of `title`'s title this well. */
  matchInTitle(title: number, similarity: number, weighted: number): void {
    if (this.wordSimilarity[title] === 0) {
      this.wordTouched[this.wordTouchedCount++] = title;
      if (this.seen[title] === 0) {
        this.seen[title] = 1;
        this.touched[this.touchedCount++] = title;
      }
    }
    if (similarity > this.wordSimilarity[title]!) this.wordSimilarity[title] = similarity;
    if (weighted > this.wordWeighted[title]!) this.wordWeighted[title] = weighted;
  }

  /**
   * Folds the current query word into the running coverages. The query side counts the word's
   * own weight times how well it matched, so a typo that lands on a rare word cannot outweigh the
   * word the user meant; the title side counts the matched title word's weight.
   */
  endTitleWord(word: number, weight: number): void {
    for (let t = 0; t < this.wordTouchedCount; t++) {
      const id = this.wordTouched[t]!;
      this.covered[id]! += weight * this.wordSimilarity[id]!;
      this.titleCovered[id]! += this.wordWeighted[id]!;
      this.matchedWords[id]! |= 1 << word;
      if (this.wordSimilarity[id]! >= SAME_WORD_SIMILARITY) this.sameWords[id]! |= 1 << word;
      this.wordSimilarity[id] = 0;
      this.wordWeighted[id] = 0;
    }
    this.wordTouchedCount = 0;
  }

  /** The current query word matches a qualifier word of an already found title that lacks it in its title. */
  matchInQualifier(title: number, word: number, similarity: number, weighted: number): void {
    if (this.seen[title] === 0 || (this.matchedWords[title]! & (1 << word)) !== 0) return;
    if (this.wordSimilarity[title] === 0) this.wordTouched[this.wordTouchedCount++] = title;
    if (similarity > this.wordSimilarity[title]!) this.wordSimilarity[title] = similarity;
    if (weighted > this.wordWeighted[title]!) this.wordWeighted[title] = weighted;
  }

  endQualifierWord(weight: number): void {
    for (let t = 0; t < this.wordTouchedCount; t++) {
      const id = this.wordTouched[t]!;
      this.covered[id]! += weight * this.wordSimilarity[id]!;
      this.qualifierCovered[id]! += this.wordWeighted[id]!;
      this.wordSimilarity[id] = 0;
      this.wordWeighted[id] = 0;
    }
    this.wordTouchedCount = 0;
  }

  /** Hit `hit` (of unit group `code`) scores `score` and adds `support`: kept if it is the group's best so far, the default entry on a tie. */
  offer(hit: number, code: number, rank: number, score: number, support: number): void {
    if (this.taken[code] !== 0) return;
    this.sumSupport[code]! += support;
    if (this.bestHit[code]! < 0) this.codesOffered.push(code);
    else if (score < this.bestScore[code]! || (score === this.bestScore[code] && rank >= this.bestRank[code]!)) return;
    this.bestScore[code] = score;
    this.bestSupport[code] = support;
    this.bestRank[code] = rank;
    this.bestHit[code] = hit;
  }

  /**
   * The best `count` unit groups offered: highest score; on a tie the title spelt most like the
   * query ("Mechanical and electrical engineer" before "Electrical and mechanical engineer"),
   * then the group the title most often means (`prior`), then the default entry.
   */
  bestPerCode(
    count: number,
    typed: string,
    hits: readonly Hit[],
    prior: (hit: Hit) => number,
  ): { hit: Hit; score: number }[] {
    const best: { hit: Hit; score: number; closeness: number; prior: number }[] = [];
    // A title that nearly matches (a typo, a plural) is the answer; otherwise each group's other
    // matching titles add evidence, so a label like "tobacco shop manager" goes where many
    // "... shop manager" titles lead rather than to the one title sharing its rarest word.
    let top = 0;
    for (const code of this.codesOffered) if (this.bestScore[code]! > top) top = this.bestScore[code]!;
    const supported = top < NEAR_MATCH_SCORE;
    for (const code of this.codesOffered) {
      const bestScore = this.bestScore[code]!;
      const support = supported ? this.sumSupport[code]! - this.bestSupport[code]! : 0;
      // A group whose titles between them have all the query's words beats one that has titles
      // for some of them only, however many: "golf instructor" goes to the group with golf
      // titles and instructor titles (sports coaches), not to the one with most instructors.
      best.push({
        hit: hits[this.bestHit[code]!]!,
        score: (bestScore + support) * this.groupCoverage(code),
        closeness: -1,
        prior: -1,
      });
    }
    const closeness = (entry: { hit: Hit; closeness: number }): number =>
      entry.closeness >= 0 ? entry.closeness : (entry.closeness = sharedEnds(typed, entry.hit.spelling));
    best.sort(
      (a, b) => b.score - a.score || closeness(b) - closeness(a) || a.hit.rank - b.hit.rank || a.hit.code - b.hit.code,
    );
    // A run of ties reaching into the first `count` goes, after the spelling, to the group its
    // best title most often means (`prior`, computed only for those runs: it reads group records).
    const weight = (entry: { hit: Hit; prior: number }): number =>
      entry.prior >= 0 ? entry.prior : (entry.prior = prior(entry.hit));
    for (let from = 0, to = 0; from < Math.min(count, best.length); from = to) {
      to = from + 1;
      while (
        to < best.length &&
        best[to]!.score === best[from]!.score &&
        closeness(best[to]!) === closeness(best[from]!)
      )
        to++;
      if (to - from < 2) continue;
      const run = best
        .slice(from, to)
        .sort((a, b) => weight(b) - weight(a) || a.hit.rank - b.hit.rank || a.hit.code - b.hit.code);
      best.splice(from, run.length, ...run);
    }
    return best.slice(0, Math.max(0, count));
  }
}
