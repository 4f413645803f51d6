/**
 * Normalisation shared by the titles we index and the queries we search: both go through the
 * same steps, so a query and a title that differ only in case, punctuation, possessives, plurals,
 * abbreviations or word order end up with the same key.
 */

/** Words that carry no meaning for matching ("head of department" is "department head"). */
const STOP_WORDS = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/** Plurals no suffix rule gets right. */
const IRREGULAR_PLURALS: ReadonlyMap<string, string> = new Map([
  ['children', 'child'],
  ['women', 'woman'],
  ['men', 'man'],
  ['feet', 'foot'],
  ['teeth', 'tooth'],
  ['geese', 'goose'],
  ['mice', 'mouse'],
  ['wives', 'wife'],
  ['knives', 'knife'],
]);

/** Lower case, accents removed ("Café" -> "cafe"), typographic quotes made plain. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'");
}

/**
 * How close a query is to a title as written, to order titles that normalise alike
 * ("Joiner machinist" and "Joiner-machinist" are different unit groups): 0 when the text is the
 * same but for case, accents and spacing, 1 when the words are the same but for punctuation,
 * 2 otherwise. Takes the output of `spelling` for both.
 */
export function spellingDistance(query: string, title: string): 0 | 1 | 2 {
  // Both arrive as `spelling` output, computed once per query and once per title.
  const a = query;
  const b = title;
  if (a === b) return 0;
  return wordsOnly(a) === wordsOnly(b) ? 1 : 2;
}

/**
 * How much two spellings share at their start and end: a cheap closeness for breaking ties
 * ("services managers" shares more with "services manager" than with "service manager").
 */
export function sharedEnds(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  let start = 0;
  while (start < shorter && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let end = 0;
  while (end < shorter - start && a.charCodeAt(a.length - 1 - end) === b.charCodeAt(b.length - 1 - end)) end++;
  return start + end;
}

/** Folded and with runs of spaces made one: the spelling as written. */
export function spelling(text: string): string {
  return fold(text).replace(/\s+/g, ' ').trim();
}

function wordsOnly(text: string): string {
  return text
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** "doctor's" -> "doctor", "doctors'" -> "doctors"; other apostrophes are dropped ("o'neill" -> "oneill"). */
export function stripPossessive(word: string): string {
  return word.replace(/'s$/, '').replace(/'/g, '');
}

/**
 * Plural to singular by suffix rules. It only needs to be consistent (titles and queries are
 * treated alike), not linguistically perfect: "series" -> "sery" is harmless.
 */
export function singularise(word: string): string {
  const singular = bySuffix(word);
  // "children's" arrives as "children", "childrens" as "childrens": both are "child".
  return IRREGULAR_PLURALS.get(singular) ?? IRREGULAR_PLURALS.get(word) ?? compoundOfIrregular(word) ?? singular;
}

/** A compound ending in a long irregular plural ("midwives", "grandchildren", "penknives") follows it. */
function compoundOfIrregular(word: string): string | undefined {
  for (const [plural, single] of IRREGULAR_PLURALS)
    if (plural.length >= 5 && word.length > plural.length && word.endsWith(plural))
      return word.slice(0, -plural.length) + single;
  return undefined;
}

function bySuffix(word: string): string {
  if (word.length < 4 || !/^[a-z]+$/.test(word) || IRREGULAR_PLURALS.has(word)) return word;
  if (word.endsWith('men')) return `${word.slice(0, -3)}man`; // firemen, foremen, chairmen
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|zz)es$/.test(word)) return word.slice(0, -2);
  if (/(?:ss|us|is)$/.test(word)) return word; // glass, bus, analysis are not plurals
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** Abbreviation (lower case, words separated by one space) -> the normalised words of its meaning. */
export type AbbreviationExpansions = ReadonlyMap<string, readonly string[]>;

export interface AnalysedText {
  /** Normalised words in their original order, hyphenated words split ("nurse-practitioner" -> nurse, practitioner). */
  tokens: string[];
  /**
   * Each token as typed, before it was made singular: a misspelt word may look plural
   * ("proceys" would become "procey"), so typo matching tries both.
   */
  asTyped: string[];
  /** The same with hyphenated words joined ("co-ordinator" -> coordinator); null when the text has no hyphen. */
  joinedTokens: string[] | null;
  /** Index in `tokens` of the head word: the last word before the first preposition ("manager" in "manager of a shop"), else the last word. */
  head: number;
}

/** Words that end an English job title's head phrase: "head of department", "manager in retail". */
const PREPOSITIONS = new Set(['at', 'by', 'for', 'in', 'of', 'on', 'to', 'with']);

const WORD_GROUP = /[a-z0-9&']+(?:-+[a-z0-9&']+)*/g;
const LONGEST_PHRASE = 3;

/** Order-free key of a token list: "Nurse, community" and "community nurse" share it. */
export function titleKey(tokens: readonly string[]): string {
  return [...new Set(tokens)].sort().join(' ');
}

export class Normaliser {
  constructor(private readonly expansions: AbbreviationExpansions = new Map()) {}

  analyse(text: string): AnalysedText {
    const groups = fold(text).match(WORD_GROUP) ?? [];
    const split: string[] = [];
    const joined: string[] = [];
    let hyphenated = false;
    for (const group of groups) {
      const parts = group
        .split(/-+/)
        .map(stripPossessive)
        .filter((part) => part !== '');
      if (parts.length > 1) hyphenated = true;
      split.push(...parts);
      if (parts.length > 0) joined.push(parts.join(''));
    }
    const words = this.finish(split);
    return {
      tokens: words.map((word) => word.token),
      asTyped: words.map((word) => word.typed),
      joinedTokens: hyphenated ? this.finish(joined).map((word) => word.token) : null,
      head: headOf(words),
    };
  }

  /** Words of an abbreviation's meaning: the same steps without expanding abbreviations again. */
  static meaningTokens(text: string): string[] {
    return new Normaliser().analyse(text).tokens;
  }

  private finish(words: string[]): FinishedWord[] {
    const expanded: FinishedWord[] = [];
    for (let i = 0; i < words.length;) {
      const [length, meaning] = this.expansionAt(words, i);
      // Meanings arrive already normalised; everything else is made singular here.
      if (meaning) expanded.push(...meaning.map((token) => ({ token, typed: token })));
      else expanded.push(...splitAmpersands(words[i] ?? '').map((typed) => ({ token: singularise(typed), typed })));
      i += length;
    }
    const firstPreposition = expanded.findIndex((word, i) => i > 0 && PREPOSITIONS.has(word.token));
    if (firstPreposition > 0) for (let i = firstPreposition; i < expanded.length; i++) expanded[i]!.afterHead = true;
    const meaningful = expanded.filter((word) => !STOP_WORDS.has(word.token));
    // A title made only of stop words (the civil-service grade "A") must still have a key.
    return meaningful.length > 0 ? meaningful : expanded;
  }

  /** The longest abbreviation starting at `start` ("r and d" before "r"); a plural abbreviation counts ("HCAs"). */
  private expansionAt(words: string[], start: number): [number, readonly string[] | undefined] {
    if (this.expansions.size > 0) {
      for (let length = Math.min(LONGEST_PHRASE, words.length - start); length >= 1; length--) {
        const phrase = words.slice(start, start + length).join(' ');
        const meaning =
          this.expansions.get(phrase) ?? (phrase.endsWith('s') ? this.expansions.get(phrase.slice(0, -1)) : undefined);
        if (meaning) return [length, meaning];
      }
    }
    return [1, undefined];
  }
}

interface FinishedWord {
  token: string;
  typed: string;
  /** After the first preposition: not the head phrase. */
  afterHead?: boolean;
}

function headOf(words: readonly FinishedWord[]): number {
  for (let i = words.length - 1; i >= 0; i--) if (!words[i]!.afterHead) return i;
  return words.length - 1;
}

/** "a&e" -> a, and, e; a lone "&" -> and. */
function splitAmpersands(word: string): string[] {
  if (!word.includes('&')) return [word];
  const parts: string[] = [];
  for (const piece of word.split('&')) {
    if (parts.length > 0) parts.push('and');
    if (piece !== '') parts.push(piece);
  }
  return parts;
}
