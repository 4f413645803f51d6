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
  ['people', 'person'],
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

/** The title as written, only folded and with punctuation reduced to single spaces: tells apart titles that normalise alike. */
export function surfaceForm(text: string): string {
  return fold(text).replace(/'/g, '').replace(/[^a-z0-9]+/g, ' ').trim();
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
  const irregular = IRREGULAR_PLURALS.get(word);
  if (irregular !== undefined) return irregular;
  if (word.length < 4 || !/^[a-z]+$/.test(word)) return word;
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
  /** The same with hyphenated words joined ("co-ordinator" -> coordinator); null when the text has no hyphen. */
  joinedTokens: string[] | null;
}

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
      const parts = group.split(/-+/).map(stripPossessive).filter((part) => part !== '');
      if (parts.length > 1) hyphenated = true;
      split.push(...parts);
      if (parts.length > 0) joined.push(parts.join(''));
    }
    return { tokens: this.finish(split), joinedTokens: hyphenated ? this.finish(joined) : null };
  }

  /** Words of an abbreviation's meaning: the same steps without expanding abbreviations again. */
  static meaningTokens(text: string): string[] {
    return new Normaliser().analyse(text).tokens;
  }

  private finish(words: string[]): string[] {
    const expanded: string[] = [];
    for (let i = 0; i < words.length; ) {
      const [length, meaning] = this.expansionAt(words, i);
      // Meanings arrive already normalised; everything else is made singular here.
      if (meaning) expanded.push(...meaning);
      else expanded.push(...splitAmpersands(words[i] ?? '').map(singularise));
      i += length;
    }
    const meaningful = expanded.filter((word) => !STOP_WORDS.has(word));
    // A title made only of stop words (the civil-service grade "A") must still have a key.
    return meaningful.length > 0 ? meaningful : expanded;
  }

  /** The longest abbreviation starting at `start` ("r and d" before "r"). */
  private expansionAt(words: string[], start: number): [number, readonly string[] | undefined] {
    if (this.expansions.size > 0) {
      for (let length = Math.min(LONGEST_PHRASE, words.length - start); length >= 1; length--) {
        const meaning = this.expansions.get(words.slice(start, start + length).join(' '));
        if (meaning) return [length, meaning];
      }
    }
    return [1, undefined];
  }
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
