import { fold, singularise, stripPossessive } from './normalise.js';

/**
 * The key under which two job titles count as the same title for an exact match: case, accents,
 * punctuation, possessives and plurals set aside, words kept in their order and none dropped or
 * expanded ("Barristers' clerks" and "barrister's clerk" share it; "clerk, barrister's" does not).
 * Stricter than search's exact match on purpose: a job profile is placed on an occupation only
 * where the coding index lists its title, never by similarity.
 */
export function exactTitleKey(title: string): string {
  return (fold(title).match(/[a-z0-9&']+/g) ?? [])
    .map((word) => singularise(stripPossessive(word)))
    .filter((word) => word !== '')
    .join(' ');
}
