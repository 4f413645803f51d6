import { typoDistance } from './edit-distance.js';

/** A vocabulary word a query word may stand for, and how alike they are (1 = the same word). */
export interface WordCandidate {
  id: number;
  similarity: number;
}

/**
 * Typos tolerated per word: none in words under four letters (too many short words are one
 * letter apart), one up to six letters, two from seven.
 */
function typosAllowed(length: number): number {
  return length < 4 ? 0 : length < 7 ? 1 : 2;
}

/**
 * Typos tolerated between a query word and a vocabulary word: as many as the shorter allows,
 * except that a three-letter word may be a four-letter one missing a letter ("sae" for "sale",
 * often what is left of "saes" once made singular).
 */
function typosAllowedBetween(a: number, b: number): number {
  const shorter = Math.min(a, b);
  return shorter === 3 && Math.max(a, b) >= 4 ? 1 : typosAllowed(shorter);
}

/** Shortest query word completed as a prefix ("electr" -> "electrician"). */
const MIN_PREFIX = 4;
/** Completions kept per query word, so a short prefix cannot flood the scorer. */
const MAX_COMPLETIONS = 40;

/**
 * The distinct normalised words of the indexed titles, with a symmetric-delete index
 * (SymSpell): a word and a typo of it share a string obtained by deleting at most two letters
 * from each, so typo candidates are a few map look-ups instead of a scan of the vocabulary.
 */
export class Vocabulary {
  readonly words: string[] = [];
  private readonly ids = new Map<string, number>();
  /** Hash of a deletion string -> ids of the words it comes from (a collision only adds a candidate to verify). */
  private readonly deletions = new Map<number, number | number[]>();
  /** Word ids in alphabetical order of their words, for completions; rebuilt after additions. */
  private alphabetical: Int32Array = new Int32Array(0);
  /** Per word id, its similarity to the word being looked up (0 = not a candidate); reused between look-ups. */
  private similarityOf: Float64Array = new Float64Array(0);
  private readonly found: number[] = [];

  /**
   * A vocabulary after a structured clone (to or from a worker thread), which keeps its fields
   * (plain maps and arrays) and drops its class.
   */
  static revived(clone: Vocabulary): Vocabulary {
    return clone instanceof Vocabulary
      ? clone
      : Object.assign(Object.create(Vocabulary.prototype) as Vocabulary, clone);
  }

  add(word: string): number {
    const known = this.ids.get(word);
    if (known !== undefined) return known;
    const id = this.words.length;
    this.words.push(word);
    this.ids.set(word, id);
    forEachDeletion(word, typosAllowed(word.length), (variant) => {
      const existing = this.deletions.get(variant);
      if (existing === undefined) this.deletions.set(variant, id);
      else if (typeof existing === 'number') {
        if (existing !== id) this.deletions.set(variant, [existing, id]);
      } else if (existing[existing.length - 1] !== id) existing.push(id);
    });
    return id;
  }

  idOf(word: string): number | undefined {
    return this.ids.get(word);
  }

  get size(): number {
    return this.words.length;
  }

  /** Vocabulary words within the allowed typos of `word`, or that it begins, in no particular order. */
  candidates(word: string): WordCandidate[] {
    if (this.similarityOf.length !== this.words.length) this.prepare();
    const exact = this.ids.get(word);
    if (exact !== undefined) this.offer(exact, 1);
    // One typo first; two only when that finds nothing, which keeps the common case cheap
    // (a seven-letter word has 8 one-deletion strings but 29 two-deletion ones).
    if (word.length >= 3) this.typos(word, 1);
    if (this.found.length === 0 && typosAllowed(word.length) >= 2) this.typos(word, 2);
    // A whole word is what the user meant ("engine" is not "engineer"); completions are for words cut short.
    if (word.length >= MIN_PREFIX && exact === undefined) this.complete(word);
    const candidates: WordCandidate[] = [];
    for (const id of this.found) {
      const similarity = this.similarityOf[id]!;
      // A word spelt as the sources spell it was most likely meant as typed ("copper" is not a
      // misspelt "capper"): reading it as a typo of another word is a guess.
      candidates.push({
        id,
        similarity: exact === undefined || id === exact ? similarity : similarity * REAL_WORD_TYPO,
      });
      this.similarityOf[id] = 0;
    }
    this.found.length = 0;
    return candidates;
  }

  private prepare(): void {
    this.similarityOf = new Float64Array(this.words.length);
    this.alphabetical = Int32Array.from(this.words.keys()).sort((a, b) => (this.words[a]! < this.words[b]! ? -1 : 1));
  }

  private offer(id: number, similarity: number): void {
    const current = this.similarityOf[id]!;
    if (current === 0) this.found.push(id);
    if (similarity > current) this.similarityOf[id] = similarity;
  }

  private typos(word: string, most: number): void {
    forEachDeletion(word, Math.min(most, typosAllowed(word.length)), (variant) => {
      const hit = this.deletions.get(variant);
      if (hit === undefined) return;
      if (typeof hit === 'number') this.consider(word, hit, most);
      else for (const id of hit) this.consider(word, id, most);
    });
  }

  private consider(word: string, id: number, most: number): void {
    if (this.similarityOf[id] !== 0) return;
    const candidate = this.words[id]!;
    const limit = Math.min(most, typosAllowedBetween(word.length, candidate.length));
    if (limit === 0 || Math.abs(candidate.length - word.length) > limit) return;
    const distance = typoDistance(word, candidate, limit);
    if (distance <= limit) this.offer(id, typoSimilarity(distance, word.length, candidate.length));
  }

  /** Longer words that begin with `prefix` ("electr" -> "electrician"). */
  private complete(prefix: string): void {
    let low = 0;
    let high = this.alphabetical.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.words[this.alphabetical[middle]!]! < prefix) low = middle + 1;
      else high = middle;
    }
    for (let i = low, kept = 0; i < this.alphabetical.length && kept < MAX_COMPLETIONS; i++) {
      const id = this.alphabetical[i]!;
      const word = this.words[id]!;
      if (!word.startsWith(prefix)) break;
      if (word.length === prefix.length) continue;
      this.offer(id, prefixSimilarity(prefix.length, word.length));
      kept++;
    }
  }
}

/**
 * A typo reading of a word that is itself a word of the titles keeps this share of its
 * similarity: one edit turns many short real words into others ("copper", "capper").
 */
const REAL_WORD_TYPO = 0.6;

/** Each typo costs a share of the word, so one typo in "electrician" costs less than in "nurse". */
function typoSimilarity(distance: number, queryLength: number, wordLength: number): number {
  return distance === 0 ? 1 : 1 - (0.9 * distance) / Math.max(queryLength, wordLength);
}

/** A completion is weaker evidence than a typo of the same length: the user may mean a longer word. */
function prefixSimilarity(prefixLength: number, wordLength: number): number {
  return 0.5 + (0.35 * prefixLength) / wordLength;
}

/**
 * Visits the hash of the word and of every string made by deleting up to `depth` (at most 2) of
 * its letters. Hashing skips letters in place, so no strings are built: this runs for every
 * query word, and at build time for every vocabulary word. Positions are taken in increasing
 * order, so each deletion is visited once (a repeated letter yields some strings twice, which
 * the callers tolerate).
 */
function forEachDeletion(word: string, depth: number, visit: (hash: number) => void): void {
  visit(hashSkipping(word, -1, -1));
  if (depth < 1 || word.length < 2) return;
  for (let i = 0; i < word.length; i++) {
    visit(hashSkipping(word, i, -1));
    if (depth < 2 || word.length < 3) continue;
    for (let j = i + 1; j < word.length; j++) visit(hashSkipping(word, i, j));
  }
}

/** 32-bit FNV-1a of `word` without the letters at `skipA` and `skipB`. */
function hashSkipping(word: string, skipA: number, skipB: number): number {
  let hash = 0x811c9dc5;
  for (let k = 0; k < word.length; k++) {
    if (k === skipA || k === skipB) continue;
    hash = Math.imul(hash ^ word.charCodeAt(k), 0x01000193);
  }
  return hash >>> 0;
}
