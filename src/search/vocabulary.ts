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
export function typosAllowed(length: number): number {
  return length < 4 ? 0 : length < 7 ? 1 : 2;
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
  private readonly deletions = new Map<string, number | number[]>();
  private sorted: string[] = [];

  add(word: string): number {
    const known = this.ids.get(word);
    if (known !== undefined) return known;
    const id = this.words.length;
    this.words.push(word);
    this.ids.set(word, id);
    for (const variant of deletionVariants(word, typosAllowed(word.length))) {
      const existing = this.deletions.get(variant);
      if (existing === undefined) this.deletions.set(variant, id);
      else if (typeof existing === 'number') this.deletions.set(variant, [existing, id]);
      else existing.push(id);
    }
    this.sorted = [];
    return id;
  }

  idOf(word: string): number | undefined {
    return this.ids.get(word);
  }

  get size(): number {
    return this.words.length;
  }

  /** Vocabulary words within the allowed typos of `word`, or that it begins; best first is not guaranteed. */
  candidates(word: string): WordCandidate[] {
    const found = new Map<number, number>();
    const exact = this.ids.get(word);
    if (exact !== undefined) found.set(exact, 1);
    const allowed = typosAllowed(word.length);
    if (allowed > 0) {
      for (const variant of deletionVariants(word, allowed)) {
        const hit = this.deletions.get(variant);
        if (hit === undefined) continue;
        for (const id of typeof hit === 'number' ? [hit] : hit) {
          if (found.has(id)) continue;
          const candidate = this.words[id] ?? '';
          const limit = Math.min(allowed, typosAllowed(candidate.length));
          const distance = typoDistance(word, candidate, limit);
          if (distance <= limit) found.set(id, typoSimilarity(distance, word.length, candidate.length));
        }
      }
    }
    if (word.length >= MIN_PREFIX) {
      for (const id of this.completions(word)) {
        const similarity = prefixSimilarity(word.length, (this.words[id] ?? '').length);
        if ((found.get(id) ?? 0) < similarity) found.set(id, similarity);
      }
    }
    return [...found].map(([id, similarity]) => ({ id, similarity }));
  }

  private completions(prefix: string): number[] {
    if (this.sorted.length !== this.words.length) this.sorted = [...this.words].sort();
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.sorted[middle] ?? '') < prefix) low = middle + 1;
      else high = middle;
    }
    const ids: number[] = [];
    for (let i = low; i < this.sorted.length && ids.length < MAX_COMPLETIONS; i++) {
      const word = this.sorted[i] ?? '';
      if (!word.startsWith(prefix)) break;
      if (word.length > prefix.length) ids.push(this.ids.get(word) ?? 0);
    }
    return ids;
  }
}

/** Each typo costs a share of the word, so one typo in "electrician" costs less than in "nurse". */
function typoSimilarity(distance: number, queryLength: number, wordLength: number): number {
  return distance === 0 ? 1 : 1 - (0.9 * distance) / Math.max(queryLength, wordLength);
}

/** A completion is weaker evidence than a typo of the same length: the user may mean a longer word. */
function prefixSimilarity(prefixLength: number, wordLength: number): number {
  return 0.5 + (0.35 * prefixLength) / wordLength;
}

/** The word and every string made by deleting up to `depth` of its letters. */
function deletionVariants(word: string, depth: number): Set<string> {
  const variants = new Set<string>([word]);
  let frontier = [word];
  for (let level = 0; level < depth; level++) {
    const next: string[] = [];
    for (const current of frontier) {
      if (current.length <= 1) continue;
      for (let i = 0; i < current.length; i++) {
        const shorter = current.slice(0, i) + current.slice(i + 1);
        if (!variants.has(shorter)) {
          variants.add(shorter);
          next.push(shorter);
        }
      }
    }
    frontier = next;
  }
  return variants;
}
