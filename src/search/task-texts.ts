/**
 * What people type that no title spells ("cutting hair", "join the police", "delivering babies"):
 * the publishers' own words for what each unit group does (SOC 2020 Volume 1 descriptions, tasks
 * and related titles; NCS job profile titles and summaries, through the profile's SOC 2010 code),
 * searched as text. Stemmed words (text-vectors.ts), TF-IDF over the unit groups, cosine of query
 * and group; no list of phrasings or titles. Used only when no title answers credibly.
 */
import { contentWords, cosine, Tfidf, type Bag, type TextVector } from './text-vectors.js';

/** A unit group's texts, each with its weight (a title counts more than a description). */
export type GroupTexts = ReadonlyMap<string, ReadonlyArray<readonly [string, number]>>;

interface TextMatch {
  code: string;
  /** Cosine of the query's stems and the group's texts. */
  similarity: number;
}

/**
 * A text match's confidence stays under this: it has not been fitted on a judged set like a
 * title's (calibration.ts), and what a sentence describes is weaker evidence than a title.
 */
const TEXT_CONFIDENCE_CEILING = 0.45;
/** Under this cosine the texts share too little with the query to say anything. */
const MIN_TEXT_SIMILARITY = 0.1;
/**
 * Share of the query's weight (its stems' IDF) a group's texts must hold: a group reached by one
 * word of "fixing tvs" is not what was asked.
 */
const MIN_TEXT_COVERAGE = 0.5;

/** Endings the shared stemmer keeps on short words ("fixing", "cutt" of "cutting"), stripped here to meet "fixes", "cuts". */
const SHORT_ENDINGS = ['ing', 'ed', 'es', 'er', 's'];

/**
 * A text's stems as this search compares them: the shared stems (text-vectors.ts) with endings
 * left on short words stripped down to 3 letters, and a doubled last consonant undone.
 */
export function textStems(text: string): string[] {
  return contentWords(text).map((word) => {
    const ending = SHORT_ENDINGS.find((e) => word.endsWith(e) && word.length - e.length >= 3);
    const stem = ending ? word.slice(0, -ending.length) : word;
    return /([^aeiouls])\1$/.test(stem) ? stem.slice(0, -1) : stem;
  });
}

function bagOf(parts: ReadonlyArray<readonly [string, number]>): Bag {
  const out: Bag = new Map();
  for (const [text, weight] of parts) for (const word of textStems(text)) out.set(word, (out.get(word) ?? 0) + weight);
  return out;
}

export class TaskTexts {
  private constructor(
    private readonly tfidf: Tfidf,
    private readonly vectors: ReadonlyMap<string, TextVector>,
    /** Each unit group's people in employment, to the power 0.1: between groups that read alike, the commoner job. */
    private readonly prior: ReadonlyMap<string, number>,
  ) {}

  static build(texts: GroupTexts, employment: ReadonlyMap<string, number>): TaskTexts {
    const tfidf = new Tfidf();
    const bags = new Map([...texts].map(([code, parts]) => [code, bagOf(parts)]));
    for (const words of bags.values()) tfidf.add(words.keys());
    const vectors = new Map([...bags].map(([code, words]) => [code, tfidf.vector(words)]));
    const prior = new Map([...texts.keys()].map((code) => [code, Math.max(1, employment.get(code) ?? 1) ** 0.1]));
    return new TaskTexts(tfidf, vectors, prior);
  }

  /** The unit groups whose texts hold most of the query's stems, best first. */
  search(query: string, limit: number): TextMatch[] {
    const stems = [...new Set(textStems(query))];
    if (stems.length === 0) return [];
    const asked = this.tfidf.vector(new Map(stems.map((s) => [s, 1])));
    const weight = stems.reduce((sum, s) => sum + this.tfidf.idf(s), 0);
    const found: TextMatch[] = [];
    for (const [code, vector] of this.vectors) {
      const held = stems.reduce((sum, s) => (vector.has(s) ? sum + this.tfidf.idf(s) : sum), 0);
      if (held < MIN_TEXT_COVERAGE * weight) continue;
      const similarity = cosine(asked, vector);
      if (similarity >= MIN_TEXT_SIMILARITY) found.push({ code, similarity });
    }
    const ranked = (m: TextMatch) => m.similarity * this.prior.get(m.code)!;
    return found.sort((a, b) => ranked(b) - ranked(a)).slice(0, limit);
  }
}

/**
 * A text match's confidence: how far the first group stands ahead of the next, under the
 * ceiling; never enough to pass for a title's.
 */
export function textConfidence(first: number, next: number): number {
  return TEXT_CONFIDENCE_CEILING * (0.5 + 0.5 * Math.min(1, Math.max(0, (first - next) / first)));
}
