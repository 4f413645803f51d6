import type { CodingIndex } from '../domain/soc.js';
import { abbreviationExpansions } from './abbreviations.js';
import type { TitleAlias } from './aliases.js';
import { buildIndex, rewritten, type Hit, type IndexedTitles, type Titles } from './indexed-titles.js';
import { type AnalysedText, Normaliser, sharedEnds, spelling, spellingDistance, titleKey } from './normalise.js';
import { Scratch } from './query-scratch.js';
import { seeWordRewrites } from './see-references.js';
import { ABSTAIN_BELOW, calibratedConfidence } from './calibration.js';
import { ALIAS_VOTE_WEIGHT, TitlePrior } from './title-prior.js';
import { learnWordVariants } from './word-variants.js';
import { readsAsPhrase, TaskTexts, textConfidence, textStems, type GroupTexts } from './task-texts.js';
import { bestEntry, groupEntries, titlesPerUnitGroup, type GroupEntry } from './text-entries.js';
import {
  COMPOUND_SIMILARITY,
  HEAD_MISMATCH_SCORE,
  MIN_QUERY_COVERAGE,
  MIN_RANKING_SCORE,
  QUALIFIER_WEIGHT,
  TWO_TYPOS_BELOW,
  UNEXPLAINED_CONFIDENCE,
  VARIANT_SIMILARITY,
  similarityOf,
  rankingScore,
} from './scoring.js';
import { Vocabulary, type WordCandidate } from './vocabulary.js';

export interface TitleMatch {
  soc2020: string;
  matchedTitle: string;
  qualifier: string | null;
  /**
   * 1 for an exact (normalised) title match; otherwise the probability that this unit group is
   * the right one, strictly between 0 and 1 (calibration.ts).
   */
  confidence: number;
  /** The scorer's similarity (scoring.ts) before calibration: 1 for an exact match. */
  similarity: number;
  matchType: 'exact' | 'fuzzy';
  /**
   * For an exact match of a title several unit groups share: this group's share of what the
   * title most often means (title-prior.ts), the shares of one query's exact matches summing to
   * at most 1; null for a fuzzy match.
   */
  titleShare: number | null;
}

/** What the index is built from besides the coding index. */
export interface TitleIndexData {
  /** Titles from elsewhere (see aliases.ts), found only by fuzzy matching, at a discount. */
  aliases?: readonly TitleAlias[];
  /** People in employment per unit group: how often a title shared by several groups means each (title-prior.ts). */
  employment?: ReadonlyMap<string, number>;
  /**
   * Names of one occupation each (an ESCO occupation's labels, an NCS profile's titles): word
   * variants are learnt from them (word-variants.ts), with the coding index's own titles per unit group.
   */
  names?: Iterable<readonly string[]>;
  /**
   * What each unit group does in the publishers' words (SOC 2020 Volume 1, NCS profiles), searched
   * as text when no title answers credibly (task-texts.ts).
   */
  texts?: GroupTexts;
}

/** A built index as plain data (`TitleIndex.parts`): what the coding index and `TitleIndexData` made of it. */
export interface TitleIndexParts {
  abbreviations: CodingIndex['abbreviations'];
  built: IndexedTitles;
  variants: Map<string, number[]>;
  employment: ReadonlyMap<string, number> | undefined;
  texts: GroupTexts | undefined;
  /** Each unit group's coding-index entries, what a text match reports (from the coding index). */
  entries: ReadonlyMap<string, readonly GroupEntry[]>;
}

/**
 * Under this confidence of the first title match, where the search would otherwise answer nothing,
 * the texts answer instead (task-texts.ts). Higher (0.5) displaced right title guesses:
 * bench:search-careers top-3 fell from 80.1% to 76.8%.
 */
const TEXTS_ANSWER_BELOW = ABSTAIN_BELOW;
/**
 * For a query that reads as a phrase ("working in a shop": task-texts.ts), a title match is a
 * guess from a word or two of it ("Joiner" for "join the police") unless it is confident.
 */
const PHRASE_TEXTS_BELOW = 0.8;

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
    private readonly prior: TitlePrior,
    /** One-word see rows as word rewrites (see-references.ts): a query rewritten by them is a further exact key. */
    private readonly rewrites: ReadonlyMap<string, string>,
    private readonly codes: readonly string[],
    private readonly titles: Titles,
    /** Normalised title key -> titles; titles whose hyphenated words joined give the key are included. */
    private readonly exactTitles: ReadonlyMap<string, readonly number[]>,
    /** Normalised key of title and qualifier words together ("adviser law") -> titles. */
    private readonly exactWithQualifier: ReadonlyMap<string, readonly number[]>,
    /** Per title key: what aliases spelt like the title vote for its unit groups (indexed-titles.ts). */
    private readonly aliasVotes: ReadonlyMap<string, ReadonlyMap<number, number>>,
    private readonly vocabulary: Vocabulary,
    /** Learnt word variants (word-variants.ts): a query word -> the vocabulary ids of the title words it stands for. */
    private readonly variants: ReadonlyMap<string, readonly number[]>,
    /** Per vocabulary word: the titles with it in the title, and in the qualifier. */
    private readonly inTitles: readonly Int32Array[],
    private readonly inQualifiers: readonly Int32Array[],
    private readonly weights: Float64Array,
    /** Weight of a query word the vocabulary does not know: as informative as a fairly common word. */
    private readonly unknownWordWeight: number,
    /** The unit groups' texts, and each group's default coding-index entry (what a text match reports). */
    private readonly texts: { index: TaskTexts; entries: ReadonlyMap<string, readonly GroupEntry[]> } | null,
  ) {
    this.scratch = new Scratch(titles.count, codes.length, vocabulary.size);
  }

  /**
   * Indexes the coding index, with `data.aliases` as titles that only fuzzy matching reaches and
   * `data.employment` ordering the unit groups of a shared exact title.
   */
  static build(index: CodingIndex, data: TitleIndexData = {}): TitleIndex {
    const normaliser = TitleIndex.normaliserOf(index);
    const steps = buildIndex(index, normaliser, data.aliases ?? [], seeWordRewrites(index.records));
    let step = steps.next();
    while (!step.done) step = steps.next();
    const learning = TitleIndex.learnVariants(normaliser, step.value, index, data);
    let learnt = learning.next();
    while (!learnt.done) learnt = learning.next();
    return TitleIndex.of(normaliser, groupEntries(index), step.value, learnt.value, data);
  }

  /**
   * The same index, built in slices of a few milliseconds with the event loop let through between
   * them, for a build on a thread that serves (a build in one piece takes seconds on a busy
   * machine); the server builds `parts` in a worker thread instead.
   */
  static async buildInSlices(index: CodingIndex, data: TitleIndexData = {}): Promise<TitleIndex> {
    const normaliser = TitleIndex.normaliserOf(index);
    const steps = buildIndex(index, normaliser, data.aliases ?? [], seeWordRewrites(index.records));
    let step = steps.next();
    while (!step.done) {
      await new Promise((resolve) => setImmediate(resolve));
      step = steps.next();
    }
    const learning = TitleIndex.learnVariants(normaliser, step.value, index, data);
    let learnt = learning.next();
    while (!learnt.done) {
      await new Promise((resolve) => setImmediate(resolve));
      learnt = learning.next();
    }
    return TitleIndex.of(normaliser, groupEntries(index), step.value, learnt.value, data);
  }

  /**
   * What `build` makes, as plain data that crosses to another thread by structured clone: the
   * server builds it in a worker thread (queries/occupations/coding-index.ts) and revives it with
   * `fromParts`, which does no more than wrap it.
   */
  static parts(index: CodingIndex, data: TitleIndexData = {}): TitleIndexParts {
    const normaliser = TitleIndex.normaliserOf(index);
    const steps = buildIndex(index, normaliser, data.aliases ?? [], seeWordRewrites(index.records));
    let step = steps.next();
    while (!step.done) step = steps.next();
    const learning = TitleIndex.learnVariants(normaliser, step.value, index, data);
    let learnt = learning.next();
    while (!learnt.done) learnt = learning.next();
    return {
      abbreviations: index.abbreviations,
      built: step.value,
      variants: learnt.value,
      employment: data.employment,
      texts: data.texts,
      entries: groupEntries(index),
    };
  }

  /** The index `parts` describes, after a structured clone (the vocabulary comes back as a plain object). */
  static fromParts({ abbreviations, built, variants, employment, texts, entries }: TitleIndexParts): TitleIndex {
    return TitleIndex.of(
      new Normaliser(abbreviationExpansions(abbreviations)),
      entries,
      { ...built, vocabulary: Vocabulary.revived(built.vocabulary) },
      variants,
      { employment, texts },
    );
  }

  /** Abbreviations expanded (abbreviations.ts). */
  private static normaliserOf(index: CodingIndex): Normaliser {
    return new Normaliser(abbreviationExpansions(index.abbreviations));
  }

  /** Word variants (word-variants.ts) from `data.names` and the coding index's titles per unit group, as vocabulary ids. */
  private static *learnVariants(
    normaliser: Normaliser,
    built: IndexedTitles,
    index: CodingIndex,
    data: TitleIndexData,
  ): Generator<void, Map<string, number[]>> {
    const { vocabulary } = built;
    const isIndexWord = (word: string): boolean => {
      const id = vocabulary.idOf(word);
      return id !== undefined && id < built.indexWordCount;
    };
    const learnt = yield* learnWordVariants(
      [...(data.names ?? []), ...titlesPerUnitGroup(index)],
      normaliser,
      isIndexWord,
    );
    return new Map(
      [...learnt].map(([word, titleWords]) => [word, titleWords.map((titleWord) => vocabulary.idOf(titleWord)!)]),
    );
  }

  private static of(
    normaliser: Normaliser,
    entries: ReadonlyMap<string, readonly GroupEntry[]>,
    built: IndexedTitles,
    variants: ReadonlyMap<string, readonly number[]>,
    data: TitleIndexData,
  ): TitleIndex {
    const { records } = built;
    return new TitleIndex(
      normaliser,
      new TitlePrior(
        built.codes,
        data.employment ?? new Map(),
        records.firstRecord,
        records.recordTitles,
        records.recordFlags,
        records.firstWord,
        records.titleWords,
        built.titles.heads,
      ),
      built.rewrites,
      built.codes,
      built.titles,
      built.exactTitles,
      built.exactWithQualifier,
      built.aliasVotes,
      built.vocabulary,
      variants,
      built.inTitles,
      built.inQualifiers,
      built.weights,
      built.unknownWordWeight,
      data.texts ? { index: TaskTexts.build(data.texts, data.employment ?? new Map()), entries } : null,
    );
  }

  /** Distinct (normalised title, qualifier) pairs indexed. */
  get size(): number {
    return this.titles.count;
  }

  /**
   * Unit groups for a job title, best first. With `abstain` (the default), an answer whose first
   * match is fuzzy and under ABSTAIN_BELOW is empty: no candidate is credible (calibration.ts).
   */
  search(query: string, limit: number, options: { abstain?: boolean } = {}): TitleMatch[] {
    const wanted = Math.floor(limit);
    if (typeof query !== 'string' || !(wanted > 0)) return [];
    const analysed = this.normaliser.analyse(query);
    if (analysed.tokens.length === 0) return [];
    const matches: TitleMatch[] = [];
    this.scratch.reset();
    this.tiedTitles.clear();
    this.unexplainedWord = false;
    this.exactMatches(query, analysed, wanted, matches);
    // One more group than asked for: a fuzzy first answer's confidence depends on the runner-up.
    if (matches.length < wanted)
      this.fuzzyMatches(query, analysed.tokens, analysed.asTyped, analysed.head, wanted + 1, matches);
    matches.forEach((match, i) => {
      if (match.matchType === 'exact') return;
      const other = i === 0 ? (matches[1]?.similarity ?? 0) : matches[0]!.similarity;
      const confidence = calibratedConfidence(match.similarity, other);
      match.confidence = this.unexplainedWord ? Math.min(UNEXPLAINED_CONFIDENCE, confidence) : confidence;
    });
    // A title match under TEXTS_ANSWER_BELOW gives way to what the publishers' texts say; so does
    // one under PHRASE_TEXTS_BELOW for a query that reads as a phrase about the work.
    const first = matches[0];
    const textsBelow = this.readsAsPhrase(query, analysed) ? PHRASE_TEXTS_BELOW : TEXTS_ANSWER_BELOW;
    if (!first || (first.matchType === 'fuzzy' && first.confidence < textsBelow)) {
      const texts = this.textMatches(query, wanted);
      if (texts.length > 0) return texts;
    }
    if ((options.abstain ?? true) && first?.matchType === 'fuzzy' && first.confidence < ABSTAIN_BELOW) return [];
    return matches.slice(0, wanted);
  }

  /**
   * A query in the words of a phrase (task-texts.ts: "working in a shop", "cutting hair") whose
   * last word heads no title: "printing press operator" and "teacher in higher education" end
   * in what titles are heads of, so they stay titles.
   */
  private readsAsPhrase(query: string, analysed: AnalysedText): boolean {
    if (!readsAsPhrase(query)) return false;
    const head = this.vocabulary.idOf(analysed.tokens[analysed.head] ?? '');
    if (head === undefined) return true;
    this.titleHeads ??= new Set(this.titles.heads);
    return !this.titleHeads.has(head);
  }

  /** The words that head some title (built at the first phrase asked). */
  private titleHeads: Set<number> | null = null;

  /** The unit groups whose publishers' texts say what the query says, reported at their default entry. */
  private textMatches(query: string, wanted: number): TitleMatch[] {
    if (!this.texts) return [];
    const found = this.texts.index.search(query, wanted + 1);
    const asked = new Set(textStems(query));
    return found.slice(0, wanted).map(({ code, similarity, rank }, i) => {
      const entry = bestEntry(this.texts!.entries.get(code) ?? [], asked);
      const other = i === 0 ? (found[1]?.rank ?? 0) : found[0]!.rank;
      return {
        soc2020: code,
        matchedTitle: entry?.title ?? code,
        qualifier: entry?.qualifier ?? null,
        confidence: textConfidence(rank, other),
        similarity,
        matchType: 'fuzzy' as const,
        titleShare: null,
      };
    });
  }

  private exactMatches(query: string, analysed: AnalysedText, wanted: number, matches: TitleMatch[]): void {
    const { tokens, joinedTokens: joined } = analysed;
    const typed = spelling(query);
    const spelt = rewritten(tokens, this.rewrites);
    const keys = [tokens, joined, spelt].filter((variant) => variant !== null).map((variant) => titleKey(variant));
    // The prior reads the title as the index spells it ("adviser" records, not "advisor" ones).
    const groupWeight = this.groupWeigher(spelt ?? tokens, analysed.head, keys);
    const found: { hit: Hit; order: number; prior: number; closeness: number }[] = [];
    const collect = (titleIds: readonly number[] | undefined, viaQualifier: boolean): void => {
      for (const id of titleIds ?? []) {
        for (let h = this.titles.firstHit[id]!; h < this.titles.firstHit[id + 1]!; h++) {
          const hit = this.titles.hits[h]!;
          // The title as typed beats one that only normalises alike ("Joiner machinist" 8131
          // before "Joiner-machinist" 5316); then a title's own entries, qualified or not, come
          // before those its see-other-entry row points to ("Chargeman" before "see also
          // Foreman"); a title beats title + qualifier. Within each, what the title most often
          // the nearer spelling, then what the title most often means (title-prior.ts: all the
          // hits of "teacher" are spelt alike), then the index's own rank.
          const order =
            spellingDistance(typed, hit.spelling) * 4 + (hit.viaSeeReference ? 2 : 0) + (viaQualifier ? 1 : 0);
          const prior = groupWeight(hit.code);
          found.push({ hit, order, prior, closeness: sharedEnds(typed, hit.spelling) });
        }
      }
    };
    for (const key of new Set(keys)) collect(this.exactTitles.get(key), false);
    for (const key of new Set(keys)) collect(this.exactWithQualifier.get(key), true);
    found.sort(
      (a, b) => a.order - b.order || b.closeness - a.closeness || b.prior - a.prior || a.hit.rank - b.hit.rank,
    );
    // Each unit group once, at its best entry; shares are of all the groups the title reached.
    const best = found.filter(({ hit }) => this.scratch.take(hit.code));
    const total = best.reduce((sum, { prior }) => sum + prior, 0);
    for (const { hit, prior } of best.slice(0, Math.max(0, wanted - matches.length)))
      matches.push(this.match(hit, 1, 'exact', total > 0 ? prior / total : null));
  }

  /**
   * The prior weight (title-prior.ts) of each unit group for the title of `tokens` (as the index
   * spells it, head at `head`), with the votes of other sources' labels spelt like one of `keys`.
   */
  private groupWeigher(tokens: readonly string[], head: number, keys: readonly string[]): (code: number) => number {
    const words = [...new Set(tokens)].map((token) => this.vocabulary.idOf(token)).filter((id) => id !== undefined);
    const headId = this.vocabulary.idOf(tokens[head] ?? '') ?? -1;
    const groupWeights = new Map<number, number>();
    const votes = [...new Set(keys)].flatMap((key) => [...(this.aliasVotes.get(key) ?? [])]);
    // Where the index has an unqualified default for the title ("Store manager" 1242), the
    // labels' reading of the bare title weighs like it; where every entry is qualified ("Teacher
    // [...]"), the index leaves the bare title open and the labels only vote.
    const asDefault = votes.length > 0 && this.hasUnqualifiedDefault(keys);
    return (code: number): number => {
      let weight = groupWeights.get(code);
      if (weight === undefined) {
        const vote = votes.reduce((sum, [voted, share]) => (voted === code ? sum + share : sum), 0);
        weight = this.prior.groupWeight(code, words, headId, asDefault ? vote : 0) * (1 + ALIAS_VOTE_WEIGHT * vote);
        groupWeights.set(code, weight);
      }
      return weight;
    };
  }

  /** Whether a title of one of `keys` has an unqualified flagged entry: the index's default for the bare title. */
  private hasUnqualifiedDefault(keys: readonly string[]): boolean {
    for (const key of new Set(keys))
      for (const id of this.exactTitles.get(key) ?? [])
        for (let h = this.titles.firstHit[id]!; h < this.titles.firstHit[id + 1]!; h++) {
          const hit = this.titles.hits[h]!;
          if (hit.flagged && hit.qualifier === null && !hit.viaSeeReference) return true;
        }
    return false;
  }

  /**
   * A fuzzy tie between unit groups whose best titles score alike ("counselor" reaches every
   * "Counsellor [...]" entry at the same score) goes to what the title most often means: its
   * group's prior weight, as an exact match of that title would order them.
   */
  private readonly hitPrior = (hit: Hit): number => {
    let weigher = this.tiedTitles.get(hit.title);
    if (!weigher) {
      const analysed = this.normaliser.analyse(hit.title);
      weigher = this.groupWeigher(analysed.tokens, analysed.head, [titleKey(analysed.tokens)]);
      this.tiedTitles.set(hit.title, weigher);
    }
    return weigher(hit.code);
  };

  /** Per query: whether a query word is in no title, nor near one (`queryWords`). */
  private unexplainedWord = false;

  /** Per query: the prior of each tied title (`hitPrior`), several groups' ties often sharing one title. */
  private readonly tiedTitles = new Map<string, (code: number) => number>();

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

    this.offerReachedTitles(queryWeight);
    for (const { hit, score } of s.bestPerCode(
      wanted - matches.length,
      spelling(query),
      this.titles.hits,
      this.hitPrior,
    )) {
      matches.push(this.match(hit, similarityOf(score), 'fuzzy', null));
    }
  }

  /** Scores every title the query reached and offers its hits to their unit groups. */
  private offerReachedTitles(queryWeight: number): void {
    const s = this.scratch;
    const { titleWeights, qualifierWeights, firstHit, hitCodes, hitRanks, hitFactors, hitSupports, heads } =
      this.titles;
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
      // Two typos in a word that is two known words together ("farmhand") are a worse reading than the two words.
      const split = candidates.every((c) => c.similarity < TWO_TYPOS_BELOW) ? this.splitCompound(token) : null;
      if (split && candidates.length > 0) {
        words.push(...split.map((part, p) => exactly(part, i === head && p === split.length - 1)));
        continue;
      }
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
      else {
        words.push({ candidates: [], weight: this.unknownWordWeight, head: i === head });
        this.unexplainedWord = true;
      }
    }
    return words;
  }

  /** Candidates of the normalised word, and of the word as typed when that differs ("proceys"). */
  private candidates(token: string, typed: string): WordCandidate[] {
    const candidates = this.vocabulary.candidates(token);
    // A learnt variant ("tech" for "technician", "counselor" for "counsellor") is nearly the word.
    for (const id of this.variants.get(token) ?? []) {
      const known = candidates.find((candidate) => candidate.id === id);
      if (!known) candidates.push({ id, similarity: VARIANT_SIMILARITY });
      else if (known.similarity < VARIANT_SIMILARITY) known.similarity = VARIANT_SIMILARITY;
    }
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

  private match(
    hit: Hit,
    similarity: number,
    matchType: TitleMatch['matchType'],
    titleShare: number | null,
  ): TitleMatch {
    return {
      soc2020: this.codes[hit.code]!,
      matchedTitle: hit.title,
      qualifier: hit.qualifier,
      confidence: similarity,
      similarity,
      matchType,
      titleShare,
    };
  }
}
