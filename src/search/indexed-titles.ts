import type { CodingIndex } from '../domain/soc.js';
import type { TitleAlias } from './aliases.js';
import { type Normaliser, spelling, titleKey } from './normalise.js';
import {
  ALIAS_CONFIDENCE,
  ALIAS_SHARE_EXPONENT,
  ALIAS_SUPPORT_WEIGHT,
  SUPPORT_WEIGHT,
  inverseDocumentFrequency,
} from './scoring.js';
import { entryRank, searchableEntries } from './searchable-entries.js';
import { Vocabulary } from './vocabulary.js';

/** A unit group reachable through a title: what a match reports. */
export interface Hit {
  code: number;
  title: string;
  qualifier: string | null;
  /** The entry's own title as written (see `spelling`), to order exact matches. */
  spelling: string;
  rank: number;
  /** The entry is its title's default (column D); false for an alias. */
  flagged: boolean;
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
export interface Titles {
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

/** Which titles each unit group's own coded records have (see-row targets and aliases left out), for the exact-match prior (title-prior.ts). */
export interface RecordTitles {
  /** Records of code c are recordTitles[firstRecord[c]] to recordTitles[firstRecord[c + 1] - 1]. */
  firstRecord: Int32Array;
  recordTitles: Int32Array;
  /** Per record: 1 when it is its title's default (flagged in column D) under a qualifier, 2 when the title's unqualified default, else 0. */
  recordFlags: Uint8Array;
  /** Title words of title t are titleWords[firstWord[t]] to titleWords[firstWord[t + 1] - 1]. */
  firstWord: Int32Array;
  titleWords: Int32Array;
}

export interface IndexedTitles {
  codes: string[];
  rewrites: ReadonlyMap<string, string>;
  records: RecordTitles;
  titles: Titles;
  exactTitles: Map<string, number[]>;
  exactWithQualifier: Map<string, number[]>;
  /**
   * Aliases whose words are a coding-index title: per title key, per unit group (code id), the
   * mean share with which they lead there (aliases.ts). What other sources call by the title
   * votes among the groups that share it (title-index.ts).
   */
  aliasVotes: Map<string, Map<number, number>>;
  vocabulary: Vocabulary;
  /** Vocabulary ids below this are words of the coding index (titles or qualifiers); later ones only aliases have. */
  indexWordCount: number;
  inTitles: Int32Array[];
  inQualifiers: Int32Array[];
  weights: Float64Array;
  unknownWordWeight: number;
}

/** Titles analysed between two pauses of a build in slices (a few milliseconds' work). */
const TITLES_PER_SLICE = 1000;

/** Builds the index, pausing (yield) every TITLES_PER_SLICE titles and between its later passes. */
export function* buildIndex(
  index: CodingIndex,
  normaliser: Normaliser,
  aliases: readonly TitleAlias[],
  rewrites: ReadonlyMap<string, string> = new Map(),
): Generator<void, IndexedTitles> {
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
  /** Per code id: the title id of each of its own coded records, and whether it is flagged. */
  const codeRecords: number[][] = [];
  const codeFlags: number[][] = [];
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
      codeRecords.push([]);
      codeFlags.push([]);
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
    // "Customer service advisor" is also the key of "customer service adviser" (one-word see rows).
    const rewrittenTokens = rewritten(analysed.tokens, rewrites);
    if (rewrittenTokens) addKey(exactTitles, titleKey(rewrittenTokens), id);
    if (qualifierTokens.length > 0) addKey(exactWithQualifier, titleKey([...analysed.tokens, ...qualifierTokens]), id);

    const code = codeId(entry.soc2020);
    if (!entry.viaSeeReference) {
      codeRecords[code]!.push(id);
      codeFlags[code]!.push(recordFlag(entry));
    }
    const hits = titles[id]!.hits;
    const hit: Hit = {
      code,
      title: entry.displayTitle,
      qualifier: entry.displayQualifier,
      spelling: spelling(entry.searchTitle),
      rank: entry.rank,
      flagged: entry.flagged,
      factor: 1,
      support: SUPPORT_WEIGHT,
      viaSeeReference: entry.viaSeeReference,
    };
    // One hit per unit group and spelling: the spelling decides which hit an exact query prefers;
    // the title's own entry before one a see-other-entry row points to.
    addEntryHit(hits, hit);
  }

  // Aliases: titles of their own (never merged with a coding-index title, never exact keys); one
  // the coding index already holds adds nothing. A match is worth less the smaller the group's share.
  firstAlias = titles.length;
  const indexWordCount = vocabulary.size;
  const aliasIds = new Map<string, number>();
  const votes = new Map<string, { labels: number; shares: Map<number, number> }>();
  for (const alias of aliases) {
    if (++analysedCount % TITLES_PER_SLICE === 0) yield;
    const analysed = normaliser.analyse(alias.title);
    const tokens = analysed.tokens;
    const key = titleKey(tokens);
    if (tokens.length === 0) continue;
    if (exactTitles.has(key)) {
      if (!isAcronym(alias.title)) addAliasVote(votes, key, alias, codeId);
      continue;
    }
    let id = aliasIds.get(key);
    if (id === undefined) {
      id = titles.length;
      aliasIds.set(key, id);
      titles.push({ hits: [] });
      titleWords.push(wordIds(tokens));
      qualifierWords.push([]);
      titleHeads.push(vocabulary.add(tokens[analysed.head]!));
    }
    addAliasHits(titles[id]!.hits, alias, codeId);
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
    rewrites,
    records: recordTitles(codeRecords, codeFlags, titleWords),
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
    aliasVotes: new Map(
      [...votes].map(([key, { labels, shares }]) => [
        key,
        new Map([...shares].map(([code, share]) => [code, share / labels])),
      ]),
    ),
    vocabulary,
    indexWordCount,
    inTitles: inTitles.map((ids) => Int32Array.from(ids)),
    inQualifiers: inQualifiers.map((ids) => Int32Array.from(ids)),
    weights,
    unknownWordWeight: sortedWeights[Math.floor(sortedWeights.length * 0.25)] ?? 1,
  };
}

/** The tokens with one-word see rows applied ("advisor" -> "adviser"); null when none applies. */
export function rewritten(tokens: readonly string[], rewrites: ReadonlyMap<string, string>): string[] | null {
  if (!tokens.some((token) => rewrites.has(token))) return null;
  return tokens.map((token) => rewrites.get(token) ?? token);
}

function recordTitles(
  codeRecords: readonly number[][],
  codeFlags: readonly number[][],
  titleWords: readonly number[][],
): RecordTitles {
  const offsets = (lists: readonly number[][]): Int32Array => {
    const first = new Int32Array(lists.length + 1);
    lists.forEach((list, i) => (first[i + 1] = first[i]! + list.length));
    return first;
  };
  return {
    firstRecord: offsets(codeRecords),
    recordTitles: Int32Array.from(codeRecords.flat()),
    recordFlags: Uint8Array.from(codeFlags.flat()),
    firstWord: offsets(titleWords),
    titleWords: Int32Array.from(titleWords.flat()),
  };
}

/** One hit per unit group and spelling; the title's own entry before one a see-other-entry row points to, then the better ranked. */
function addEntryHit(hits: Hit[], hit: Hit): void {
  const same = hits.findIndex((existing) => existing.code === hit.code && existing.spelling === hit.spelling);
  if (same < 0) hits.push(hit);
  else if (hit.viaSeeReference !== hits[same]!.viaSeeReference ? !hit.viaSeeReference : hit.rank < hits[same]!.rank)
    hits[same] = hit;
}

/** RecordTitles.recordFlags of an entry: 2 for the title's unqualified default, 1 for a default under a qualifier, else 0. */
function recordFlag(entry: { flagged: boolean; searchQualifier: string | null }): number {
  if (!entry.flagged) return 0;
  return entry.searchQualifier === null ? 2 : 1;
}

/**
 * A label that is one word in capitals ("TA", "HCA"): an abbreviation its occupation's other
 * labels spell out in that occupation's context (ESCO's university "TA"), so it does not say
 * what the abbreviation means elsewhere and does not vote.
 */
function isAcronym(title: string): boolean {
  return /^[A-Z][A-Z0-9&]{0,5}$/.test(title.trim());
}

/** An alias spelt like a coding-index title: one more label voting for its unit groups by their shares. */
function addAliasVote(
  votes: Map<string, { labels: number; shares: Map<number, number> }>,
  key: string,
  alias: TitleAlias,
  codeId: (soc2020: string) => number,
): void {
  const vote = votes.get(key) ?? { labels: 0, shares: new Map<number, number>() };
  votes.set(key, vote);
  vote.labels++;
  for (const group of alias.groups) {
    const code = codeId(group.soc2020);
    vote.shares.set(code, (vote.shares.get(code) ?? 0) + group.share);
  }
}

/** The alias's unit groups as hits of its title, one per group, the likeliest kept. */
function addAliasHits(hits: Hit[], alias: TitleAlias, codeId: (soc2020: string) => number): void {
  for (const group of alias.groups) {
    const code = codeId(group.soc2020);
    const factor = (ALIAS_CONFIDENCE * group.share ** ALIAS_SHARE_EXPONENT) ** 5;
    const hit: Hit = {
      code,
      title: group.record.naturalTitle,
      qualifier: group.record.qualifier,
      spelling: spelling(alias.title),
      rank: entryRank(group.record),
      flagged: false,
      factor,
      support: factor * ALIAS_SUPPORT_WEIGHT,
      viaSeeReference: false,
    };
    const same = hits.findIndex((existing) => existing.code === code);
    if (same < 0) hits.push(hit);
    else if (factor > hits[same]!.factor) hits[same] = hit;
  }
}
