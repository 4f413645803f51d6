import { typoDistance } from './edit-distance.js';
import type { Normaliser } from './normalise.js';

/**
 * Words people use for a title word, learnt from names given to one occupation: an ESCO
 * occupation's labels, an NCS profile's title and alternative titles, a unit group's coding-index
 * titles. Two names of one occupation that differ in exactly one word make that word pair a
 * candidate ("nail technician" / "nail tech", "counsellor" / "counselor"); a pair is kept when it is
 *
 * - a clipped form: the shorter word is a shared stem of at least CLIP_STEM letters plus at most
 *   CLIP_TAIL more ("tech", "physio", "brickie") and the longer one runs on at least CLIP_RUN
 *   letters past the stem ("technician", "physiotherapy", "bricklayer"): plurals, "-er" and "-ing"
 *   forms are not clippings;
 * - a spelling variant: at most SPELLING_TYPOS edits apart, both at least SPELLING_LENGTH letters,
 *   and the variant is not itself a coding-index title word ("counselor", "theater", "labor"):
 *   "import" and "export" are both title words, so never variants of each other.
 *
 * The learnt word then stands for the title word in a query (title-index.ts), as a candidate at
 * VARIANT_SIMILARITY; nothing is hand-listed.
 */
const CLIP_STEM = 3;
const CLIP_TAIL = 2;
const CLIP_RUN = 3;
const SPELLING_TYPOS = 2;
const SPELLING_LENGTH = 4;

/** Names of occupations analysed between two pauses of a build in slices. */
const GROUPS_PER_SLICE = 200;

/**
 * The title words a query word may stand for, learnt from `names` (each list: the names of one
 * occupation); pauses (yield) every GROUPS_PER_SLICE lists, for a build in slices.
 */
export function* learnWordVariants(
  names: Iterable<readonly string[]>,
  normaliser: Normaliser,
  isTitleWord: (word: string) => boolean,
): Generator<void, Map<string, string[]>> {
  let groups = 0;
  const variants = new Map<string, Set<string>>();
  const add = (word: string, titleWord: string): void => {
    if (variants.get(word)?.has(titleWord)) return;
    if (!isTitleWord(titleWord) || !isVariant(word, titleWord, isTitleWord)) return;
    const known = variants.get(word) ?? new Set<string>();
    known.add(titleWord);
    variants.set(word, known);
  };
  for (const group of names) {
    if (++groups % GROUPS_PER_SLICE === 0) yield;
    if (group.length < 2) continue;
    // Names one word apart share a bucket: the same length and the same words elsewhere.
    const buckets = new Map<string, string[]>();
    for (const name of new Set(group)) {
      const tokens = normaliser.analyse(name).tokens;
      for (let k = 0; k < tokens.length; k++) {
        const key = `${k}|${tokens.slice(0, k).join(' ')}|${tokens.slice(k + 1).join(' ')}`;
        const words = buckets.get(key) ?? [];
        if (!words.includes(tokens[k]!)) words.push(tokens[k]!);
        buckets.set(key, words);
      }
    }
    for (const words of buckets.values()) pairWords(words, isTitleWord, add);
  }
  // Variants chain: "physio" is a clipped "physiotherapy" (the coding index's "Physio assistant",
  // "Physiotherapy assistant"), which is a clipped "physiotherapist" (ESCO's "physiotherapy
  // assistant", "physiotherapist assistant"), so "physio" stands for "physiotherapist" too when
  // the pair passes the same test.
  for (let grown = true; grown;) {
    grown = false;
    for (const [word, titleWords] of variants) {
      const before = titleWords.size;
      for (const titleWord of [...titleWords]) for (const further of variants.get(titleWord) ?? []) add(word, further);
      grown ||= titleWords.size > before;
    }
  }
  return new Map([...variants].map(([word, titleWords]) => [word, [...titleWords].sort()]));
}

function isVariant(word: string, titleWord: string, isTitleWord: (word: string) => boolean): boolean {
  if (word === titleWord) return false;
  let stem = 0;
  while (stem < word.length && word[stem] === titleWord[stem]) stem++;
  if (stem >= CLIP_STEM && word.length <= stem + CLIP_TAIL && titleWord.length >= stem + CLIP_RUN) return true;
  return (
    !isTitleWord(word) &&
    Math.min(word.length, titleWord.length) >= SPELLING_LENGTH &&
    typoDistance(word, titleWord, SPELLING_TYPOS) <= SPELLING_TYPOS
  );
}

/**
 * Offers each pair of a bucket's words. A clipped form shares its first CLIP_STEM letters with
 * the word; a spelling variant (never a title word itself) at least its first letter. Pairing only
 * those keeps a unit group's hundreds of one-word titles from being paired with each other.
 */
function pairWords(
  words: readonly string[],
  isTitleWord: (word: string) => boolean,
  add: (word: string, titleWord: string) => void,
): void {
  if (words.length < 2) return;
  const byStem = groupBy(words, (word) => word.slice(0, CLIP_STEM));
  const byLetter = groupBy(words, (word) => word[0] ?? '');
  for (const word of words) {
    const pool = isTitleWord(word) ? byStem.get(word.slice(0, CLIP_STEM)) : byLetter.get(word[0] ?? '');
    for (const other of pool ?? []) if (other !== word) add(word, other);
  }
}

function groupBy(words: readonly string[], keyOf: (word: string) => string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const word of words) {
    const key = keyOf(word);
    const group = groups.get(key);
    if (group) group.push(word);
    else groups.set(key, [word]);
  }
  return groups;
}
