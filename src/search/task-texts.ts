/**
 * What people type that no title spells ("cutting hair", "join the police", "delivering babies"):
 * the publishers' own words for what each unit group does (SOC 2020 Volume 1 descriptions, tasks
 * and related titles; NCS job profile titles and summaries, through the profile's SOC 2010 code),
 * searched as text. Stemmed words (text-vectors.ts), BM25 over the unit groups; no list of
 * phrasings or titles. Used when no title answers credibly, or a phrasing no title answers confidently.
 */
import { fold } from './normalise.js';
import { contentWords, Tfidf, type Bag } from './text-vectors.js';

/** A unit group's texts, each with its weight (a title counts more than a description). */
export type GroupTexts = ReadonlyMap<string, ReadonlyArray<readonly [string, number]>>;

interface TextMatch {
  code: string;
  /** The group's BM25 score for the query's stems as a share of the most any text could score (0-1). */
  similarity: number;
  /** What the groups are ranked by: that score times the employment prior. */
  rank: number;
}

/**
 * A text match's confidence stays under this: it has not been fitted on a judged set like a
 * title's (calibration.ts), and what a sentence describes is weaker evidence than a title.
 */
const TEXT_CONFIDENCE_CEILING = 0.45;
/**
 * Share of the query's weight (its stems' IDF) a group's texts must hold: a group reached by one
 * common word of a longer phrase is not what was asked.
 */
const MIN_TEXT_COVERAGE = 0.3;
/**
 * BM25's constants: how soon repeating a stem stops adding (K1), and how far a long text's
 * counts are discounted (B). A short query against whole texts: a group whose texts say "hair"
 * often beats one that says it once among much else, where a cosine favoured short texts.
 */
const K1 = 2;
const B = 0.75;

/** Endings the shared stemmer keeps on short words ("fixing", "cutt" of "cutting"), stripped here to meet "fixes", "cuts". */
const SHORT_ENDINGS = ['ing', 'ed', 'es', 'er', 's'];

/** Auxiliary verbs and pronouns of a phrasing ("being a politician", "doing the books"): they say nothing about the job. */
const PHRASE_WORDS = new Set(['being', 'doing', 'get', 'getting', 'who', 'onto']);

/**
 * A text's stems as this search compares them: the shared stems (text-vectors.ts) with endings
 * left on short words stripped down to 3 letters, and a doubled last consonant undone.
 */
export function textStems(text: string): string[] {
  return contentWords(text).flatMap((word) => {
    if (PHRASE_WORDS.has(word)) return [];
    const ending = SHORT_ENDINGS.find((e) => word.endsWith(e) && word.length - e.length >= 3);
    const stem = ending ? word.slice(0, -ending.length) : word;
    return [/([^aeiouls])\1$/.test(stem) ? stem.slice(0, -1) : stem];
  });
}

/** Articles and prepositions that join the words of a phrase ("working in a shop") and seldom a job title's. */
const JOINING_WORDS = new Set(['a', 'an', 'the', 'in', 'at', 'on', 'to', 'into', 'from', 'as']);

/**
 * Whether a query reads as a phrase about the work rather than a title: it opens with a verb's
 * -ing form ("cutting hair", "fixing cars") or has an article or preposition joining its words
 * ("join the police"). Such a query that no title answers confidently is answered from the texts.
 */
export function readsAsPhrase(query: string): boolean {
  const words = fold(query).match(/[a-z]+/g) ?? [];
  if (words.length < 2) return false;
  return /^[a-z]{2,}ing$/.test(words[0]!) || words.some((word) => JOINING_WORDS.has(word));
}

function bagOf(parts: ReadonlyArray<readonly [string, number]>): Bag {
  const out: Bag = new Map();
  for (const [text, weight] of parts) for (const word of textStems(text)) out.set(word, (out.get(word) ?? 0) + weight);
  return out;
}

export class TaskTexts {
  private constructor(
    private readonly tfidf: Tfidf,
    /** Each group's weighted stem counts, and their total against the mean (BM25's length). */
    private readonly bags: ReadonlyMap<string, { words: Bag; relativeLength: number }>,
    /** Each unit group's people in employment, to the power 0.1: between groups that read alike, the commoner job. */
    private readonly prior: ReadonlyMap<string, number>,
  ) {}

  static build(texts: GroupTexts, employment: ReadonlyMap<string, number>): TaskTexts {
    const tfidf = new Tfidf();
    const bags = new Map([...texts].map(([code, parts]) => [code, bagOf(parts)]));
    for (const words of bags.values()) tfidf.add(words.keys());
    const length = (words: Bag) => [...words.values()].reduce((sum, count) => sum + count, 0);
    const mean = [...bags.values()].reduce((sum, words) => sum + length(words), 0) / Math.max(1, bags.size);
    const lengths = new Map([...bags].map(([code, words]) => [code, { words, relativeLength: length(words) / mean }]));
    const prior = new Map([...texts.keys()].map((code) => [code, Math.max(1, employment.get(code) ?? 1) ** 0.1]));
    return new TaskTexts(tfidf, lengths, prior);
  }

  /** The unit groups whose texts hold most of the query's stems, best first (BM25 × the employment prior). */
  search(query: string, limit: number): TextMatch[] {
    const stems = [...new Set(textStems(query))];
    if (stems.length === 0) return [];
    const weight = stems.reduce((sum, s) => sum + this.tfidf.idf(s), 0);
    // BM25's ceiling for this query: every stem repeated without end in a text of mean length.
    const most = weight * (K1 + 1);
    const found: TextMatch[] = [];
    for (const [code, { words, relativeLength }] of this.bags) {
      let held = 0;
      let score = 0;
      for (const s of stems) {
        const count = words.get(s);
        if (count === undefined) continue;
        const idf = this.tfidf.idf(s);
        held += idf;
        score += (idf * count * (K1 + 1)) / (count + K1 * (1 - B + B * relativeLength));
      }
      if (held > 0 && held >= MIN_TEXT_COVERAGE * weight)
        found.push({ code, similarity: Math.min(1, score / most), rank: score * this.prior.get(code)! });
    }
    return found.sort((a, b) => b.rank - a.rank).slice(0, limit);
  }
}

/**
 * A text match's confidence: how far the first group stands ahead of the next, under the
 * ceiling; never enough to pass for a title's.
 */
export function textConfidence(first: number, next: number): number {
  return TEXT_CONFIDENCE_CEILING * (0.5 + 0.5 * Math.min(1, Math.max(0, (first - next) / first)));
}
