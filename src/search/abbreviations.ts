import type { Abbreviation } from '../domain/soc.js';
import { fold, Normaliser, type AbbreviationExpansions } from './normalise.js';

/**
 * Misspellings in the published Abbreviations sheet (version 12). Left as published, "HR" would
 * expand to "Hunam Resources" and stop matching "Human resources manager".
 */
const SHEET_ERRATA: ReadonlyMap<string, string> = new Map([
  ['Hunam Resources', 'Human Resources'],
  ['Hight Level Teaching Assistant', 'Higher Level Teaching Assistant'],
  ['Additonal Learning Needs Coordinator', 'Additional Learning Needs Coordinator'],
  ['Chief Executive Office', 'Chief Executive Officer'],
]);

/**
 * Abbreviations that are also everyday words in the index ("Care aid", "Re-roller",
 * "SEND teacher" vs "send"): expanding them would change ordinary titles.
 */
const ORDINARY_WORDS = new Set(['aid', 'am', 'met', 're', 'send']);

/** Meanings that are not expansions but notes on civil-service grades or word-forming prefixes. */
const NOT_AN_EXPANSION = /^(grades?\b|\(in combination\))|\bgrades? (as )?used\b/i;

/**
 * Which rows of the Abbreviations sheet become expansions: plain one-meaning abbreviations.
 * Skipped: grade notes, meanings with alternatives ("Teaching/Teachers assistant"),
 * abbreviations with several meanings (PC: personal computer or police constable) and one- letter ones.
 */
export function abbreviationExpansions(abbreviations: readonly Abbreviation[]): AbbreviationExpansions {
  const meanings = new Map<string, Set<string>>();
  for (const { abbreviation, meaning: published } of abbreviations) {
    const meaning = (SHEET_ERRATA.get(published.trim()) ?? published)
      .replace(/\([^)]*\)/g, ' ')
      .replace(/\.\s*$/, '')
      .trim();
    if (NOT_AN_EXPANSION.test(meaning) || meaning.includes('/') || meaning === '') continue;
    for (const key of abbreviationKeys(abbreviation)) {
      const seen = meanings.get(key) ?? new Set<string>();
      seen.add(Normaliser.meaningTokens(meaning).join(' '));
      meanings.set(key, seen);
    }
  }
  const expansions = new Map<string, readonly string[]>();
  for (const [key, seen] of meanings) {
    if (seen.size !== 1) continue;
    const [tokens = ''] = seen;
    if (tokens === '' || tokens === key) continue;
    expansions.set(key, tokens.split(' '));
  }
  return expansions;
}

/** "Dept/dept" -> ["dept"]; "r and d" -> ["r and d", "r&d"]; grade lists like "A1/2/3" -> []. */
function abbreviationKeys(abbreviation: string): string[] {
  const variants = fold(abbreviation)
    .split('/')
    .map((variant) => variant.replace(/\.$/, '').trim());
  if (variants.length > 1 && !variants.every((variant) => /^[a-z&]+$/.test(variant))) return [];
  const keys = new Set<string>();
  for (const variant of variants) {
    if (!/^[a-z0-9&]+( [a-z0-9&]+)*$/.test(variant) || variant.length < 2 || ORDINARY_WORDS.has(variant)) continue;
    keys.add(variant);
    if (variant.includes(' and ')) keys.add(variant.replace(/ and /g, '&'));
  }
  return [...keys];
}
