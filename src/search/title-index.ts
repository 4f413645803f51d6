import type { CodingIndex } from '../domain/soc.js';
import { abbreviationExpansions } from './abbreviations.js';
import type { TitleAlias } from './aliases.js';
import { Normaliser, sharedEnds, spelling, spellingDistance, titleKey } from './normalise.js';
import {
  ALIAS_CONFIDENCE,
  ALIAS_SHARE_EXPONENT,
  ALIAS_SUPPORT_WEIGHT,
  COMPOUND_SIMILARITY,
  GROUP_COVERAGE_TYPO_SHARE,
  SAME_WORD_SIMILARITY,
  HEAD_MISMATCH_SCORE,
  MIN_QUERY_COVERAGE,
  SUPPORT_WEIGHT,
  MIN_RANKING_SCORE,
  NEAR_MATCH_SCORE,
  QUALIFIER_WEIGHT,
  confidenceOf,
  inverseDocumentFrequency,
  rankingScore,
} from './scoring.js';
import { entryRank, searchableEntries } from './searchable-entries.js';
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
  /** The entry's own title as written (see `spelling`), to order exact matches. */
  spelling: string;
  rank: number;
  /** What a match through this hit's title is worth, as a factor of the ranking score: 1 for the coding index's own entries, less for an alias. */
  factor: number;
  /** What it adds to its unit group's evidence when it is not the group's best title: `factor` times SUPPORT_WEIGHT or ALIAS_SUPPORT_WEIGHT. */
  support: number;
  /** Reached through a see-other-entry row (see `SearchableEntry.viaSeeReference`). */
  viaSeeReference: boolean;
}

/**
 * The distinct (normalised title, normalised qualifier) pairs are what is scored ("titles"
 * below). They are kept as parallel typed arrays, not objects: scoring reads a few numbers of
 * thousands of titles per query.
 */
interface Titles {
  count: number;
  /** Sum of the word weights of the title, and of the qualifier. */
  titleWeights: Float64Array;
  qualifierWeights: Float64Array;
  /** Hits of title t are hits[firstHit[t]] to hits[firstHit[t + 1] - 1], default entry first. */
  firstHit: Int32Array;
  hits: Hit[];
  hitCodes: Int32Array;
  hitRanks: Float64Array;
  hitFactors: Float64Array;
  hitSupports: Float64Array;
  /** Per title: the vocabulary id of its head word (`AnalysedText.head`). */
  heads: Int32Array;
}

/** A query word after compounds are fitted, with the vocabulary words it may stand for. */
interface QueryWord {
  candidates: WordCandidate[];
  weight: number;
  /** The query's head word (`AnalysedText.head`), or the part of it a compound split left last. */
  head: boolean;
}

/** A query word in more titles than this is worth checking whether it can still change the results. */
const HEAVY_WORD = 1_500;

/** Query words beyond this are ignored: titles are short, and it bounds the work per query. */
const MAX_QUERY_WORDS = 16;

/**
 * In-memory search of job titles over the SOC 2020 coding index: exact normalised lookup first,
 * then fuzzy matching through per-word typo candidates (vocabulary.ts) scored by weighted
 * coverage (scoring.ts). Each unit group appears at most once, with its best title.
 */
export class TitleIndex {
  private readonly scratch: Scratch;

  private constructor(
    private readonly normaliser: Normaliser,
    private readonly codes: readonly string[],
    private readonly titles: Titles,
    /** Normalised title key -> titles; titles whose hyphenated words joined give the key are included. */
    private readonly exactTitles: ReadonlyMap<string, readonly number[]>,
    /** Normalised key of title and qualifier words together ("adviser law") -> titles. */
    private readonly exactWithQualifier: ReadonlyMap<string, readonly number[]>,
    private readonly vocabulary: Vocabulary,
    /** Per vocabulary word: the titles with it in the title, and in the qualifier. */
    private readonly inTitles: readonly Int32Array[],
    private readonly inQualifiers: readonly Int32Array[],
    private readonly weights: Float64Array,
    /** Weight of a query word the vocabulary does not know: as informative as a fairly common word. */
    private readonly unknownWordWeight: number,
  ) {
    this.scratch = new Scratch(titles.count, codes.length, vocabulary.size);
  }

  /**
   * Indexes the coding index, and `aliases` (titles from elsewhere, see aliases.ts) as titles that
   * only fuzzy matching reaches, at a discount.
   */
  static build(index: CodingIndex, aliases: readonly TitleAlias[] = []): TitleIndex {
    const normaliser = new Normaliser(abbreviationExpansions(index.abbreviations));
    const steps = buildIndex(index, normaliser, aliases);
    let step = steps.next();
    while (!step.done) step = steps.next();
    return TitleIndex.of(normaliser, step.value);
  }

  /**
   * The same index, built in slices of a few milliseconds with the event loop let through between
   * them: the server builds it while serving, and a build in one piece (seconds on a busy machine)
   * would hold up every request meanwhile.
   */
  static async buildInSlices(index: CodingIndex, aliases: readonly TitleAlias[] = []): Promise<TitleIndex> {
    const normaliser = new Normaliser(abbreviationExpansions(index.abbreviations));
    const steps = buildIndex(index, normaliser, aliases);
    let step = steps.next();
    while (!step.done) {
      await new Promise((resolve) => setImmediate(resolve));
      step = steps.next();
    }
    return TitleIndex.of(normaliser, step.value);
  }

  private static of(normaliser: Normaliser, built: Built): TitleIndex {
    return new TitleIndex(
      normaliser,
      built.codes,
      built.titles,
      built.exactTitles,
      built.exactWithQualifier,
      built.vocabulary,
      built.inTitles,
      built.inQualifiers,
      built.weights,
      built.unknownWordWeight,
    );
  }

  /** Distinct (normalised title, qualifier) pairs indexed. */
  get size(): number {
    return this.titles.count;
  }

  search(query: string, limit: number): TitleMatch[] {
    const wanted = Math.floor(limit);
    if (typeof query !== 'string' || !(wanted > 0)) return [];
    const analysed = this.normaliser.analyse(query);
    if (analysed.tokens.length === 0) return [];
    const matches: TitleMatch[] = [];
    this.scratch.reset();
    this.exactMatches(query, analysed.tokens, analysed.joinedTokens, wanted, matches);
    if (matches.length < wanted)
      this.fuzzyMatches(query, analysed.tokens, analysed.asTyped, analysed.head, wanted, matches);
    return matches;
  }

  private exactMatches(
    query: string,
    tokens: string[],
    joined: string[] | null,
    wanted: number,
    matches: TitleMatch[],
  ): void {
    const keys = joined ? [titleKey(tokens), titleKey(joined)] : [titleKey(tokens)];
    const typed = spelling(query);
    const found: { hit: Hit; order: number; closeness: number }[] = [];
    const collect = (titleIds: readonly number[] | undefined, viaQualifier: boolean): void => {
      for (const id of titleIds ?? []) {
        for (let h = this.titles.firstHit[id]!; h < this.titles.firstHit[id + 1]!; h++) {
          const hit = this.titles.hits[h]!;
          // The title as typed beats one that only normalises alike, then the nearer spelling
          // wins ("Services managers": "Services manager" before "Service manager"); then a
          // title's own entries, qualified or not, come before those its see-other-entry row
          // points to ("Chargeman" before "see also Foreman"); a title beats title + qualifier.
          const order =
            spellingDistance(typed, hit.spelling) * 4 + (hit.viaSeeReference ? 2 : 0) + (viaQualifier ? 1 : 0);
          found.push({ hit, order, closeness: sharedEnds(typed, hit.spelling) });
        }
      }
    };
    for (const key of keys) collect(this.exactTitles.get(key), false);
    for (const key of keys) collect(this.exactWithQualifier.get(key), true);
    found.sort((a, b) => a.order - b.order || b.closeness - a.closeness || a.hit.rank - b.hit.rank);
    for (const { hit } of found) {
      if (matches.length >= wanted) return;
      if (!this.scratch.take(hit.code)) continue;
      matches.push(this.match(hit, 1, 'exact'));
    }
  }

  private fuzzyMatches(
    query: string,
    tokens: string[],
    asTyped: string[],
    head: number,
    wanted: number,
    matches: TitleMatch[],
  ): void {
    const words = this.queryWords(tokens, asTyped, head);
    const queryWeight = words.reduce((sum, word) => sum + word.weight, 0);
    if (queryWeight <= 0) return;
    const s = this.scratch;
    const { titleWeights, qualifierWeights, firstHit, hitCodes, hitRanks, hitFactors, hitSupports, heads } =
      this.titles;
    s.startQuery(
      words.find((word) => word.head)?.candidates ?? null,
      words.map((word) => word.weight / queryWeight),
    );

    // Titles are found through their title words only: a qualifier alone ("mfr") is not a job.
    // Words go rarest first. Once the words left weigh too little for a title with nothing
    // else to beat what is needed (MIN_CONFIDENCE, or the results already in hand), they only
    // add to titles found before, or whose qualifier an earlier word matched: no other title
    // can make the results. "manager" in "recycling plant manager" then no longer drags in
    // 4,500 titles to score.
    const rarestFirst = words.map((_, i) => i).sort((a, b) => words[b]!.weight - words[a]!.weight);
    let remaining = queryWeight;
    let prune = false;
    for (const i of rarestFirst) {
      const word = words[i]!;
      const reachable = (remaining / queryWeight) ** 3; // the ranking score of query coverage alone
      remaining -= word.weight;
      if (!prune) {
        prune = reachable < MIN_RANKING_SCORE;
        const postings = word.candidates.reduce((sum, { id }) => sum + this.inTitles[id]!.length, 0);
        if (!prune && postings > HEAVY_WORD && s.touchedCount < postings) {
          prune = this.partialScores(queryWeight, wanted - matches.length) > reachable;
        }
      }
      for (const { id, similarity } of word.candidates) {
        const weighted = this.weights[id]! * similarity;
        const titles = this.inTitles[id]!;
        if (prune) for (let p = 0; p < titles.length; p++) s.matchInReachableTitle(titles[p]!, similarity, weighted);
        else for (let p = 0; p < titles.length; p++) s.matchInTitle(titles[p]!, similarity, weighted);
      }
      s.endTitleWord(i, word.weight);
      for (const { id } of word.candidates) s.reachThroughQualifiers(this.inQualifiers[id]!);
    }
    // Qualifier words then add to titles already found, for query words their title lacks.
    words.forEach((word, i) => {
      for (const { id, similarity } of word.candidates) {
        const weighted = this.weights[id]! * similarity;
        const titles = this.inQualifiers[id]!;
        for (let p = 0; p < titles.length; p++) s.matchInQualifier(titles[p]!, i, similarity, weighted);
      }
      s.endQualifierWord(word.weight * QUALIFIER_WEIGHT);
    });

    for (let t = 0; t < s.touchedCount; t++) {
      const id = s.touched[t]!;
      // Every title the query reached tells which query words its unit groups have titles for.
      for (let h = firstHit[id]!; h < firstHit[id + 1]!; h++) s.addGroupWords(hitCodes[h]!, id);
      const queryCoverage = s.covered[id]! / queryWeight;
      if (queryCoverage < MIN_QUERY_COVERAGE) continue;
      const qualifierCoverage = qualifierWeights[id]! > 0 ? s.qualifierCovered[id]! / qualifierWeights[id]! : 1;
      let score = rankingScore(queryCoverage, s.titleCovered[id]! / titleWeights[id]!, qualifierCoverage);
      if (!s.isQueryHead(heads[id]!)) score *= HEAD_MISMATCH_SCORE;
      if (score < MIN_RANKING_SCORE) continue;
      for (let h = firstHit[id]!; h < firstHit[id + 1]!; h++)
        s.offer(h, hitCodes[h]!, hitRanks[h]!, score * hitFactors[h]!, score * hitSupports[h]!);
    }
    for (const { hit, score } of s.bestPerCode(wanted - matches.length, spelling(query), this.titles.hits)) {
      matches.push(this.match(hit, confidenceOf(score), 'fuzzy'));
    }
  }

  /**
   * The vocabulary words each query word may stand for. A word with no near match may be a
   * compound typed apart or together: "hair dresser" becomes "hairdresser", "forklift" becomes
   * "fork" + "lift", when that yields known words.
   */
  private queryWords(tokens: string[], asTyped: string[], head: number): QueryWord[] {
    const words: QueryWord[] = [];
    const seen = new Set<string>();
    const exactly = (id: number, isHead: boolean): QueryWord => ({
      candidates: [{ id, similarity: COMPOUND_SIMILARITY }],
      weight: this.weights[id]!,
      head: isHead,
    });
    for (let i = 0; i < tokens.length && words.length < MAX_QUERY_WORDS; i++) {
      const token = tokens[i]!;
      if (seen.has(token)) continue;
      seen.add(token);
      const candidates = this.candidates(token, asTyped[i] ?? token);
      if (candidates.length > 0) {
        words.push({ candidates, weight: this.queryWordWeight(candidates), head: i === head });
        continue;
      }
      const next = tokens[i + 1];
      const together = next === undefined ? undefined : this.vocabulary.idOf(token + next);
      if (together !== undefined) {
        words.push(exactly(together, i === head || i + 1 === head));
        i++;
        continue;
      }
      const parts = this.splitCompound(token);
      // "forklift" is a lift: the compound's last part is the head.
      if (parts) words.push(...parts.map((part, p) => exactly(part, i === head && p === parts.length - 1)));
      else words.push({ candidates: [], weight: this.unknownWordWeight, head: i === head });
    }
    return words;
  }

  /** Candidates of the normalised word, and of the word as typed when that differs ("proceys"). */
  private candidates(token: string, typed: string): WordCandidate[] {
    const candidates = this.vocabulary.candidates(token);
    if (typed === token || this.vocabulary.idOf(token) !== undefined) return candidates;
    for (const extra of this.vocabulary.candidates(typed)) {
      const known = candidates.find((candidate) => candidate.id === extra.id);
      if (!known) candidates.push(extra);
      else if (extra.similarity > known.similarity) known.similarity = extra.similarity;
    }
    return candidates;
  }

  /**
   * The `needed`-th best ranking score among unit groups so far, from the words seen so far: a
   * lower bound of the final one, since more words only add coverage. 0 if too few groups.
   */
  private partialScores(queryWeight: number, needed: number): number {
    const s = this.scratch;
    const { titleWeights, qualifierWeights, firstHit, hitCodes, hitRanks, hitFactors, heads } = this.titles;
    for (let t = 0; t < s.touchedCount; t++) {
      const id = s.touched[t]!;
      let score = rankingScore(
        s.covered[id]! / queryWeight,
        s.titleCovered[id]! / titleWeights[id]!,
        qualifierWeights[id]! > 0 ? 0 : 1,
      );
      if (!s.isQueryHead(heads[id]!)) score *= HEAD_MISMATCH_SCORE;
      if (score < MIN_RANKING_SCORE) continue;
      for (let h = firstHit[id]!; h < firstHit[id + 1]!; h++)
        s.offer(h, hitCodes[h]!, hitRanks[h]!, score * hitFactors[h]!, 0);
    }
    const threshold = s.nthBestScore(needed);
    s.clearOffers();
    return threshold;
  }

  /** A query word weighs what its likeliest meaning weighs in the index. */
  private queryWordWeight(candidates: readonly WordCandidate[]): number {
    let best: WordCandidate | undefined;
    for (const candidate of candidates) {
      if (
        !best ||
        candidate.similarity > best.similarity ||
        (candidate.similarity === best.similarity && this.weights[candidate.id]! > this.weights[best.id]!)
      ) {
        best = candidate;
      }
    }
    return best ? this.weights[best.id]! : this.unknownWordWeight;
  }

  private splitCompound(word: string): number[] | null {
    let best: number[] | null = null;
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
    return { soc2020: this.codes[hit.code]!, matchedTitle: hit.title, qualifier: hit.qualifier, confidence, matchType };
  }
}

interface Built {
  codes: string[];
  titles: Titles;
  exactTitles: Map<string, number[]>;
  exactWithQualifier: Map<string, number[]>;
  vocabulary: Vocabulary;
  inTitles: Int32Array[];
  inQualifiers: Int32Array[];
  weights: Float64Array;
  unknownWordWeight: number;
}

/** Titles analysed between two pauses of a build in slices (a few milliseconds' work). */
const TITLES_PER_SLICE = 1000;

/** Builds the index, pausing (yield) every TITLES_PER_SLICE titles and between its later passes. */
function* buildIndex(
  index: CodingIndex,
  normaliser: Normaliser,
  aliases: readonly TitleAlias[],
): Generator<void, Built> {
  const codes: string[] = [];
  const codeIds = new Map<string, number>();
  const titles: { hits: Hit[] }[] = [];
  const titleIds = new Map<string, number>();
  const exactTitles = new Map<string, number[]>();
  const exactWithQualifier = new Map<string, number[]>();
  const vocabulary = new Vocabulary();
  const titleWords: number[][] = [];
  const qualifierWords: number[][] = [];
  const titleHeads: number[] = [];
  /** Titles from `aliases`; they come after every coding-index title. */
  let firstAlias = 0;

  const addKey = (map: Map<string, number[]>, key: string, id: number): void => {
    const ids = map.get(key);
    if (!ids) map.set(key, [id]);
    else if (!ids.includes(id)) ids.push(id);
  };
  const wordIds = (tokens: string[]): number[] => [...new Set(tokens)].map((token) => vocabulary.add(token));

  const codeId = (soc2020: string): number => {
    let code = codeIds.get(soc2020);
    if (code === undefined) {
      code = codes.length;
      codeIds.set(soc2020, code);
      codes.push(soc2020);
    }
    return code;
  };

  let analysedCount = 0;
  for (const entry of searchableEntries(index)) {
    if (++analysedCount % TITLES_PER_SLICE === 0) yield;
    const analysed = normaliser.analyse(entry.searchTitle);
    if (analysed.tokens.length === 0) continue;
    const qualifierTokens = entry.searchQualifier ? normaliser.analyse(entry.searchQualifier).tokens : [];
    const key = titleKey(analysed.tokens);
    const titleAndQualifier = `${key}|${titleKey(qualifierTokens)}`;
    let id = titleIds.get(titleAndQualifier);
    if (id === undefined) {
      id = titles.length;
      titleIds.set(titleAndQualifier, id);
      titles.push({ hits: [] });
      titleWords.push(wordIds(analysed.tokens));
      qualifierWords.push(wordIds(qualifierTokens));
      titleHeads.push(vocabulary.add(analysed.tokens[analysed.head]!));
    }
    // Titles that normalise alike share a Title but keep their own exact keys ("Drawer-in" has "drawerin").
    addKey(exactTitles, key, id);
    if (analysed.joinedTokens) addKey(exactTitles, titleKey(analysed.joinedTokens), id);
    if (qualifierTokens.length > 0) addKey(exactWithQualifier, titleKey([...analysed.tokens, ...qualifierTokens]), id);

    const code = codeId(entry.soc2020);
    const hits = titles[id]!.hits;
    const hit: Hit = {
      code,
      title: entry.displayTitle,
      qualifier: entry.displayQualifier,
      spelling: spelling(entry.searchTitle),
      rank: entry.rank,
      factor: 1,
      support: SUPPORT_WEIGHT,
      viaSeeReference: entry.viaSeeReference,
    };
    // One hit per unit group and spelling: the spelling decides which hit an exact query prefers;
    // the title's own entry before one a see-other-entry row points to.
    const same = hits.findIndex((existing) => existing.code === code && existing.spelling === hit.spelling);
    if (same < 0) hits.push(hit);
    else if (hit.viaSeeReference !== hits[same]!.viaSeeReference ? !hit.viaSeeReference : hit.rank < hits[same]!.rank)
      hits[same] = hit;
  }

  // Aliases: titles of their own (never merged with a coding-index title, never exact keys); one
  // the coding index already holds adds nothing. A match is worth less the smaller the group's share.
  firstAlias = titles.length;
  const aliasIds = new Map<string, number>();
  for (const alias of aliases) {
    if (++analysedCount % TITLES_PER_SLICE === 0) yield;
    const analysed = normaliser.analyse(alias.title);
    const tokens = analysed.tokens;
    const key = titleKey(tokens);
    if (tokens.length === 0 || exactTitles.has(key)) continue;
    let id = aliasIds.get(key);
    if (id === undefined) {
      id = titles.length;
      aliasIds.set(key, id);
      titles.push({ hits: [] });
      titleWords.push(wordIds(tokens));
      qualifierWords.push([]);
      titleHeads.push(vocabulary.add(tokens[analysed.head]!));
    }
    const hits = titles[id]!.hits;
    for (const group of alias.groups) {
      const code = codeId(group.soc2020);
      const factor = (ALIAS_CONFIDENCE * group.share ** ALIAS_SHARE_EXPONENT) ** 5;
      const hit: Hit = {
        code,
        title: group.record.naturalTitle,
        qualifier: group.record.qualifier,
        spelling: spelling(alias.title),
        rank: entryRank(group.record),
        factor,
        support: factor * ALIAS_SUPPORT_WEIGHT,
        viaSeeReference: false,
      };
      const same = hits.findIndex((existing) => existing.code === code);
      if (same < 0) hits.push(hit);
      else if (factor > hits[same]!.factor) hits[same] = hit;
    }
  }

  const titlesWithWord = new Int32Array(vocabulary.size);
  const inTitles: number[][] = Array.from({ length: vocabulary.size }, () => []);
  const inQualifiers: number[][] = Array.from({ length: vocabulary.size }, () => []);
  // Word weights come from the coding index; a word only aliases use weighs by how many aliases have it.
  const aliasesWithWord = new Int32Array(vocabulary.size);
  yield;
  titles.forEach((title, id) => {
    title.hits.sort((a, b) => b.factor - a.factor || a.rank - b.rank);
    for (const word of new Set([...titleWords[id]!, ...qualifierWords[id]!]))
      (id < firstAlias ? titlesWithWord : aliasesWithWord)[word]!++;
    for (const word of titleWords[id]!) inTitles[word]!.push(id);
    for (const word of qualifierWords[id]!) inQualifiers[word]!.push(id);
  });
  const weights = new Float64Array(vocabulary.size);
  for (let word = 0; word < vocabulary.size; word++)
    weights[word] = inverseDocumentFrequency(titlesWithWord[word]! || aliasesWithWord[word]!, firstAlias);
  const weigh = (words: number[]): number => words.reduce((sum, word) => sum + weights[word]!, 0);
  const firstHit = new Int32Array(titles.length + 1);
  titles.forEach((title, id) => (firstHit[id + 1] = firstHit[id]! + title.hits.length));
  const hits = titles.flatMap((title) => title.hits);
  const sortedWeights = [...weights].sort((a, b) => a - b);
  yield;
  return {
    codes,
    titles: {
      count: titles.length,
      titleWeights: Float64Array.from(titleWords, weigh),
      qualifierWeights: Float64Array.from(qualifierWords, weigh),
      firstHit,
      hits,
      hitCodes: Int32Array.from(hits, (hit) => hit.code),
      hitRanks: Float64Array.from(hits, (hit) => hit.rank),
      hitFactors: Float64Array.from(hits, (hit) => hit.factor),
      hitSupports: Float64Array.from(hits, (hit) => hit.support),
      heads: Int32Array.from(titleHeads),
    },
    exactTitles,
    exactWithQualifier,
    vocabulary,
    inTitles: inTitles.map((ids) => Int32Array.from(ids)),
    inQualifiers: inQualifiers.map((ids) => Int32Array.from(ids)),
    weights,
    unknownWordWeight: sortedWeights[Math.floor(sortedWeights.length * 0.25)] ?? 1,
  };
}

/**
 * Per-query working arrays, allocated once per index: a query touches a few thousand of the
 * ~45,000 titles, and only those are reset for the next query. (Search is synchronous, so one
 * set of arrays per index is enough.)
 */
class Scratch {
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
   * then the default entry.
   */
  bestPerCode(count: number, typed: string, hits: readonly Hit[]): { hit: Hit; score: number }[] {
    const best: { hit: Hit; score: number; closeness: number }[] = [];
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
      });
    }
    const closeness = (entry: { hit: Hit; closeness: number }): number =>
      entry.closeness >= 0 ? entry.closeness : (entry.closeness = sharedEnds(typed, entry.hit.spelling));
    best.sort(
      (a, b) => b.score - a.score || closeness(b) - closeness(a) || a.hit.rank - b.hit.rank || a.hit.code - b.hit.code,
    );
    return best.slice(0, Math.max(0, count));
  }
}
