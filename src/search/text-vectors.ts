/**
 * What a text is about, as a vector of word stems: the evidence of "what the profile says the job
 * is" when a record from another classification (an NCS profile, an ESCO or O*NET occupation) is
 * placed on a unit group. A light suffix stemmer and TF-IDF cosine, rule-based and explainable.
 */
import { fold, singularise, stripPossessive } from './normalise.js';

/** Words that say nothing about which job a text describes. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be by can could do for from has have how in into is it its like of on or other such ' +
    'that the their them they this to up use using with you your may will work working job jobs including ' +
    'include includes etc also within e g n c'
  ).split(' '),
);

/** Stripped in this order, the first that fits, when at least 4 letters remain ("policing", "police" -> "polic"). */
const SUFFIXES = [
  'ations',
  'ation',
  'ings',
  'ing',
  'ists',
  'ist',
  'ers',
  'er',
  'ors',
  'or',
  'ies',
  'ed',
  'es',
  'al',
  'e',
  's',
  'y',
];
const MIN_STEM = 4;

const stems = new Map<string, string>();

/** A word's stem: "cleaner" and "cleaning" are both "clean", so a title meets the tasks that describe it. */
export function stem(word: string): string {
  const known = stems.get(word);
  if (known !== undefined) return known;
  let result = singularise(stripPossessive(word));
  const suffix = SUFFIXES.find((s) => result.endsWith(s) && result.length - s.length >= MIN_STEM);
  if (suffix) result = result.slice(0, -suffix.length);
  // Bounded: the vocabulary of the sources is a few tens of thousands of words.
  if (stems.size < 200_000) stems.set(word, result);
  return result;
}

/** The stems of a text's content words, in order (stop words and single letters dropped). */
export function contentWords(text: string | null | undefined): string[] {
  const out: string[] = [];
  for (const word of fold(text ?? '').match(/[a-z][a-z']+/g) ?? []) {
    if (STOP_WORDS.has(word)) continue;
    const s = stem(word);
    if (s.length > 1 && !STOP_WORDS.has(s)) out.push(s);
  }
  return out;
}

/** Stem -> weighted count. */
export type Bag = Map<string, number>;
/** Stem -> TF-IDF weight, unit length. */
export type TextVector = Map<string, number>;

/** The weighted words of several texts: a title counted 3 times weighs more than a description. */
export function bag(parts: ReadonlyArray<readonly [string | null | undefined, number]>): Bag {
  const out: Bag = new Map();
  for (const [text, weight] of parts)
    for (const word of contentWords(text)) out.set(word, (out.get(word) ?? 0) + weight);
  return out;
}

/** Document frequencies over a collection, and its vectors: sublinear tf `(1 + ln c) · ln(1 + N / df)`, unit length. */
export class Tfidf {
  private readonly df = new Map<string, number>();
  private documents = 0;

  add(document: Iterable<string>): void {
    this.documents++;
    for (const word of new Set(document)) this.df.set(word, (this.df.get(word) ?? 0) + 1);
  }

  /** A word no document has counts as in half of one: rare, not infinite. */
  idf(word: string): number {
    return Math.log(1 + this.documents / (this.df.get(word) ?? 0.5));
  }

  vector(words: Bag): TextVector {
    const out: TextVector = new Map();
    let norm = 0;
    for (const [word, count] of words) {
      if (count <= 0) continue;
      const x = (1 + Math.log(count)) * this.idf(word);
      out.set(word, x);
      norm += x * x;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [word, x] of out) out.set(word, x / norm);
    return out;
  }
}

/** Cosine of two unit vectors: 1 for the same words in the same proportions, 0 for none shared. */
export function cosine(a: TextVector, b: TextVector): number {
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [word, x] of small) {
    const y = large.get(word);
    if (y !== undefined) sum += x * y;
  }
  return sum;
}
