import type { CodingIndex } from '../ingest/sources/soc2020-index/parse.js';
import { abbreviationExpansions } from './abbreviations.js';
import { Normaliser, surfaceForm, titleKey } from './normalise.js';
import {
  COMPOUND_SIMILARITY,
  MIN_CONFIDENCE,
  QUALIFIER_WEIGHT,
  fuzzyConfidence,
  inverseDocumentFrequency,
} from './scoring.js';
import { searchableEntries } from './searchable-entries.js';
import { Vocabulary, type WordCandidate } from './vocabulary.js';

export interface TitleMatch {
  soc2020: string;
  matchedTitle: string;
  qualifier: string | null;
  /** 1 for an exact (normalised) title match, otherwise strictly between 0 and 1. */
  confidence: number;
  matchType: 'exact' | 'fuzzy';
}

/** A unit group reachable through a title: what a match reports. */
interface Hit {
  code: number;
  title: string;
  qualifier: string | null;
  surface: string;
  rank: number;
}

/** A distinct (normalised title, normalised qualifier) pair: the unit that is scored. */
interface Title {
  hits: Hit[];
  titleWeight: number;
  qualifierWeight: number;
}

/** Query words beyond this are ignored: titles are short, and it bounds the work per query. */
const MAX_QUERY_WORDS = 16;
const ROLE_TITLE = 0;
const ROLE_QUALIFIER = 1;

/**
 * In-memory search of job titles over the SOC 2020 coding index: exact normalised lookup first,
 * then fuzzy matching through per-word typo candidates (see vocabulary.ts) scored by weighted
 * coverage (see scoring.ts). Each unit group appears at most once, with its best title.
 */
export class TitleIndex {
  private readonly codes: string[];
  private readonly titles: Title[];
  private readonly exactTitles: Map<string, number[]>;
  private readonly exactWithQualifier: Map<string, number[]>;
  private readonly vocabulary: Vocabulary;
  /** Per word id: title ids × 2 + role. */
  private readonly postings: Int32Array[];
  private readonly weights: Float64Array;
  /** Weight of a query word the vocabulary does not know: as informative as a fairly rare word. */
  private readonly unknownWordWeight: number;
  private readonly scratch: Scratch;

  private constructor(
    private readonly normaliser: Normaliser,
    built: Built,
  ) {
    this.codes = built.codes;
    this.titles = built.titles;
    this.exactTitles = built.exactTitles;
    this.exactWithQualifier = built.exactWithQualifier;
    this.vocabulary = built.vocabulary;
    this.postings = built.postings;
    this.weights = built.weights;
    this.unknownWordWeight = built.unknownWordWeight;
    this.scratch = new Scratch(this.titles.length, this.codes.length);
  }

  static build(index: CodingIndex): TitleIndex {
    const normaliser = new Normaliser(abbreviationExpansions(index.abbreviations));
    return new TitleIndex(normaliser, buildIndex(index, normaliser));
  }

  /** Distinct (normalised title, qualifier) pairs indexed. */
  get size(): number {
    return this.titles.length;
  }

  search(query: string, limit: number): TitleMatch[] {
    const wanted = Math.floor(limit);
    if (typeof query !== 'string' || !(wanted > 0)) return [];
    const analysed = this.normaliser.analyse(query);
    if (analysed.tokens.length === 0) return [];
    const matches: TitleMatch[] = [];
    const taken = new Set<number>();
    this.exactMatches(query, analysed.tokens, analysed.joinedTokens, wanted, matches, taken);
    if (matches.length < wanted) this.fuzzyMatches(analysed.tokens, wanted, matches, taken);
    return matches;
  }

  private exactMatches(query: string, tokens: string[], joined: string[] | null, wanted: number, matches: TitleMatch[], taken: Set<number>): void {
    const keys = joined ? [titleKey(tokens), titleKey(joined)] : [titleKey(tokens)];
    const found: { hit: Hit; order: number }[] = [];
    const surface = surfaceForm(query);
    const collect = (titleIds: readonly number[] | undefined, viaQualifier: boolean): void => {
      for (const id of titleIds ?? []) {
        for (const hit of this.titles[id]?.hits ?? []) {
          // The title as typed beats one that only normalises alike; a title beats title + qualifier.
          const order = (hit.surface === surface ? 0 : 2) + (viaQualifier ? 1 : 0);
          found.push({ hit, order });
        }
      }
    };
    for (const key of keys) collect(this.exactTitles.get(key), false);
    for (const key of keys) collect(this.exactWithQualifier.get(key), true);
    found.sort((a, b) => a.order - b.order || a.hit.rank - b.hit.rank);
    for (const { hit } of found) {
      if (matches.length >= wanted) return;
      if (taken.has(hit.code)) continue;
      taken.add(hit.code);
      matches.push(this.match(hit, 1, 'exact'));
    }
  }

  private fuzzyMatches(tokens: string[], wanted: number, matches: TitleMatch[], taken: Set<number>): void {
    const words = this.fitCompounds([...new Set(tokens)].slice(0, MAX_QUERY_WORDS));
    const s = this.scratch;
    s.reset();
    let queryWeight = 0;
    for (const word of words) {
      const candidates = word.candidates;
      queryWeight += this.queryWordWeight(candidates);
      for (const { id, similarity } of candidates) {
        const weight = (this.weights[id] ?? 0) * similarity;
        const postings = this.postings[id];
        if (!postings) continue;
        for (let p = 0; p < postings.length; p++) {
          const entry = postings[p]!;
          const title = entry >>> 1;
          s.touchWord(title);
          if ((entry & 1) === ROLE_TITLE) {
            if (weight > s.wordTitle[title]!) s.wordTitle[title] = weight;
          } else if (weight > s.wordQualifier[title]!) {
            s.wordQualifier[title] = weight;
          }
        }
      }
      s.endWord(QUALIFIER_WEIGHT);
    }
    if (queryWeight <= 0) return;

    for (let t = 0; t < s.touchedCount; t++) {
      const id = s.touched[t]!;
      const title = this.titles[id];
      if (!title) continue;
      const qualifierCoverage = title.qualifierWeight > 0 ? s.qualifierCovered[id]! / title.qualifierWeight : null;
      const confidence = fuzzyConfidence(s.covered[id]! / queryWeight, s.titleCovered[id]! / title.titleWeight, qualifierCoverage);
      if (confidence < MIN_CONFIDENCE) continue;
      for (const hit of title.hits) {
        if (taken.has(hit.code)) continue;
        s.offer(hit, confidence);
      }
    }
    for (const { hit, confidence } of s.bestPerCode()) {
      if (matches.length >= wanted) break;
      matches.push(this.match(hit, confidence, 'fuzzy'));
    }
  }

  /** A query word weighs what its likeliest meaning weighs in the index. */
  private queryWordWeight(candidates: WordCandidate[]): number {
    let best: WordCandidate | undefined;
    for (const candidate of candidates) {
      const weight = this.weights[candidate.id] ?? 0;
      if (!best || candidate.similarity > best.similarity || (candidate.similarity === best.similarity && weight > (this.weights[best.id] ?? 0))) best = candidate;
    }
    return best ? (this.weights[best.id] ?? 0) : this.unknownWordWeight;
  }

  /**
   * Words the vocabulary lacks may be a compound typed apart or together: "hair dresser" becomes
   * "hairdresser", "forklift" becomes "fork" + "lift", when that yields known words.
   */
  private fitCompounds(words: string[]): { candidates: WordCandidate[] }[] {
    const fitted: { candidates: WordCandidate[] }[] = [];
    const known = (word: string): number | undefined => this.vocabulary.idOf(word);
    for (let i = 0; i < words.length; i++) {
      const word = words[i] ?? '';
      const next = words[i + 1];
      if (next !== undefined && (known(word) === undefined || known(next) === undefined)) {
        const together = known(word + next);
        if (together !== undefined) {
          fitted.push({ candidates: [{ id: together, similarity: COMPOUND_SIMILARITY }] });
          i++;
          continue;
        }
      }
      if (known(word) === undefined) {
        const parts = this.splitCompound(word);
        if (parts) {
          for (const id of parts) fitted.push({ candidates: [{ id, similarity: COMPOUND_SIMILARITY }] });
          continue;
        }
      }
      fitted.push({ candidates: this.vocabulary.candidates(word) });
    }
    return fitted;
  }

  private splitCompound(word: string): [number, number] | null {
    let best: [number, number] | null = null;
    let bestShorter = 0;
    for (let at = 3; at <= word.length - 3; at++) {
      const head = this.vocabulary.idOf(word.slice(0, at));
      const tail = this.vocabulary.idOf(word.slice(at));
      const shorter = Math.min(at, word.length - at);
      if (head !== undefined && tail !== undefined && shorter > bestShorter) {
        best = [head, tail];
        bestShorter = shorter;
      }
    }
    return best;
  }

  private match(hit: Hit, confidence: number, matchType: TitleMatch['matchType']): TitleMatch {
    return { soc2020: this.codes[hit.code] ?? '', matchedTitle: hit.title, qualifier: hit.qualifier, confidence, matchType };
  }
}

interface Built {
  codes: string[];
  titles: Title[];
  exactTitles: Map<string, number[]>;
  exactWithQualifier: Map<string, number[]>;
  vocabulary: Vocabulary;
  postings: Int32Array[];
  weights: Float64Array;
  unknownWordWeight: number;
}

function buildIndex(index: CodingIndex, normaliser: Normaliser): Built {
  const codes: string[] = [];
  const codeIds = new Map<string, number>();
  const titles: Title[] = [];
  const titleIds = new Map<string, number>();
  const exactTitles = new Map<string, number[]>();
  const exactWithQualifier = new Map<string, number[]>();
  const vocabulary = new Vocabulary();
  const postingLists: number[][] = [];
  const titleWords: number[][] = [];
  const qualifierWords: number[][] = [];

  const addKey = (map: Map<string, number[]>, key: string, id: number): void => {
    const ids = map.get(key);
    if (!ids) map.set(key, [id]);
    else if (!ids.includes(id)) ids.push(id);
  };
  const wordIds = (tokens: string[]): number[] => [...new Set(tokens)].map((token) => vocabulary.add(token));

  for (const entry of searchableEntries(index)) {
    const analysed = normaliser.analyse(entry.searchTitle);
    if (analysed.tokens.length === 0) continue;
    const qualifierTokens = entry.searchQualifier ? normaliser.analyse(entry.searchQualifier).tokens : [];
    const key = titleKey(analysed.tokens);
    const formKey = `${key}|${titleKey(qualifierTokens)}`;
    let id = titleIds.get(formKey);
    if (id === undefined) {
      id = titles.length;
      titleIds.set(formKey, id);
      titles.push({ hits: [], titleWeight: 0, qualifierWeight: 0 });
      titleWords.push(wordIds(analysed.tokens));
      qualifierWords.push(wordIds(qualifierTokens));
      addKey(exactTitles, key, id);
      if (analysed.joinedTokens) addKey(exactTitles, titleKey(analysed.joinedTokens), id);
      if (qualifierTokens.length > 0) addKey(exactWithQualifier, titleKey([...analysed.tokens, ...qualifierTokens]), id);
    }
    let code = codeIds.get(entry.soc2020);
    if (code === undefined) {
      code = codes.length;
      codeIds.set(entry.soc2020, code);
      codes.push(entry.soc2020);
    }
    const hits = titles[id]!.hits;
    const hit: Hit = { code, title: entry.displayTitle, qualifier: entry.displayQualifier, surface: surfaceForm(entry.searchTitle), rank: entry.rank };
    const same = hits.findIndex((existing) => existing.code === code);
    if (same < 0) hits.push(hit);
    else if (hit.rank < hits[same]!.rank) hits[same] = hit;
  }

  const titlesWithWord = new Int32Array(vocabulary.size);
  titles.forEach((title, id) => {
    title.hits.sort((a, b) => a.rank - b.rank);
    const words = new Set([...(titleWords[id] ?? []), ...(qualifierWords[id] ?? [])]);
    for (const word of words) titlesWithWord[word]!++;
    for (const word of titleWords[id] ?? []) (postingLists[word] ??= []).push(id * 2 + ROLE_TITLE);
    for (const word of qualifierWords[id] ?? []) (postingLists[word] ??= []).push(id * 2 + ROLE_QUALIFIER);
  });
  const weights = new Float64Array(vocabulary.size);
  for (let word = 0; word < vocabulary.size; word++) weights[word] = inverseDocumentFrequency(titlesWithWord[word]!, titles.length);
  titles.forEach((title, id) => {
    title.titleWeight = (titleWords[id] ?? []).reduce((sum, word) => sum + weights[word]!, 0);
    title.qualifierWeight = (qualifierWords[id] ?? []).reduce((sum, word) => sum + weights[word]!, 0);
  });
  const sortedWeights = [...weights].sort((a, b) => a - b);
  return {
    codes,
    titles,
    exactTitles,
    exactWithQualifier,
    vocabulary,
    postings: Array.from({ length: vocabulary.size }, (_, word) => Int32Array.from(postingLists[word] ?? [])),
    weights,
    unknownWordWeight: sortedWeights[Math.floor(sortedWeights.length * 0.25)] ?? 1,
  };
}

/**
 * Per-query working arrays, allocated once per index: a query touches a few thousand of the
 * ~30,000 titles, and only those are reset afterwards.
 */
class Scratch {
  readonly covered: Float64Array;
  readonly titleCovered: Float64Array;
  readonly qualifierCovered: Float64Array;
  readonly wordTitle: Float64Array;
  readonly wordQualifier: Float64Array;
  readonly touched: Int32Array;
  touchedCount = 0;
  private readonly seen: Uint8Array;
  private readonly wordTouched: Int32Array;
  private wordTouchedCount = 0;
  private readonly wordSeen: Uint8Array;
  private readonly bestConfidence: Float64Array;
  private readonly bestHit: (Hit | undefined)[];
  private readonly codesOffered: number[] = [];

  constructor(titles: number, codes: number) {
    this.covered = new Float64Array(titles);
    this.titleCovered = new Float64Array(titles);
    this.qualifierCovered = new Float64Array(titles);
    this.wordTitle = new Float64Array(titles);
    this.wordQualifier = new Float64Array(titles);
    this.touched = new Int32Array(titles);
    this.seen = new Uint8Array(titles);
    this.wordTouched = new Int32Array(titles);
    this.wordSeen = new Uint8Array(titles);
    this.bestConfidence = new Float64Array(codes);
    this.bestHit = new Array<Hit | undefined>(codes).fill(undefined);
  }

  reset(): void {
    for (let t = 0; t < this.touchedCount; t++) {
      const id = this.touched[t]!;
      this.covered[id] = 0;
      this.titleCovered[id] = 0;
      this.qualifierCovered[id] = 0;
      this.seen[id] = 0;
    }
    this.touchedCount = 0;
    for (const code of this.codesOffered) {
      this.bestConfidence[code] = 0;
      this.bestHit[code] = undefined;
    }
    this.codesOffered.length = 0;
  }

  touchWord(title: number): void {
    if (this.wordSeen[title]) return;
    this.wordSeen[title] = 1;
    this.wordTouched[this.wordTouchedCount++] = title;
    if (!this.seen[title]) {
      this.seen[title] = 1;
      this.touched[this.touchedCount++] = title;
    }
  }

  /** Folds one query word's best match per title into the running coverages. */
  endWord(qualifierWeight: number): void {
    for (let t = 0; t < this.wordTouchedCount; t++) {
      const id = this.wordTouched[t]!;
      const inTitle = this.wordTitle[id]!;
      const inQualifier = this.wordQualifier[id]!;
      this.covered[id]! += Math.max(inTitle, inQualifier * qualifierWeight);
      this.titleCovered[id]! += inTitle;
      this.qualifierCovered[id]! += inQualifier;
      this.wordTitle[id] = 0;
      this.wordQualifier[id] = 0;
      this.wordSeen[id] = 0;
    }
    this.wordTouchedCount = 0;
  }

  offer(hit: Hit, confidence: number): void {
    const current = this.bestHit[hit.code];
    if (current === undefined) this.codesOffered.push(hit.code);
    else if (confidence < this.bestConfidence[hit.code]! || (confidence === this.bestConfidence[hit.code] && hit.rank >= current.rank)) return;
    this.bestConfidence[hit.code] = confidence;
    this.bestHit[hit.code] = hit;
  }

  bestPerCode(): { hit: Hit; confidence: number }[] {
    const best: { hit: Hit; confidence: number }[] = [];
    for (const code of this.codesOffered) {
      const hit = this.bestHit[code];
      if (hit) best.push({ hit, confidence: this.bestConfidence[code]! });
    }
    return best.sort((a, b) => b.confidence - a.confidence || a.hit.rank - b.hit.rank || a.hit.code - b.hit.code);
  }
}
