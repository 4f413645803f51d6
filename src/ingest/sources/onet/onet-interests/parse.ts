import type { Check } from '../../../../domain/editions.js';
import { type OnetRating, RIASEC } from '../../../../domain/work-profile.js';
import { checkOnetRatings, parseOnetRatings, type RatingFileLayout } from '../rating-file.js';

/**
 * Interests.txt: the six RIASEC scores on scale OI (occupational interests, 1 to 7); the IH
 * high-point rows are not kept. O*NET 30.3 renamed the file `Career Interest Types.txt`, same
 * element ids and scale (third-party code reading both releases).
 */
export const INTERESTS_LAYOUT: RatingFileLayout = {
  file: 'Interests.txt',
  what: 'O*NET Interests',
  scale: 'OI',
  range: [1, 7],
  renamed: { since: [30, 3], file: 'Career Interest Types.txt' },
};

export function parseOnetInterests(bytes: Uint8Array): OnetRating[] {
  return parseOnetRatings(bytes, INTERESTS_LAYOUT);
}

/** The shared rating checks, and: only the six RIASEC elements, under O*NET's names, all six for every occupation. */
export function checkOnetInterests(ratings: OnetRating[]): Check[] {
  const checks = checkOnetRatings(ratings, INTERESTS_LAYOUT);
  const known = new Map<string, string>(RIASEC.map((r) => [r.elementId, r.type]));
  const strange = ratings.filter((r) => known.get(r.elementId) !== r.elementName);
  if (strange.length > 0) {
    checks.push({
      rule: 'OI ratings are the six RIASEC elements 1.B.1.a-f under their O*NET names',
      status: 'fail',
      observed: strange
        .slice(0, 5)
        .map((r) => `${r.elementId} ${r.elementName}`)
        .join('; '),
    });
  }
  const perOccupation = new Map<string, number>();
  for (const r of ratings) perOccupation.set(r.code, (perOccupation.get(r.code) ?? 0) + 1);
  const incomplete = [...perOccupation].filter(([, n]) => n !== RIASEC.length).map(([code]) => code);
  if (incomplete.length > 0)
    checks.push({
      rule: 'all six interests for every occupation rated',
      status: 'fail',
      observed: incomplete.slice(0, 10).join(', '),
    });
  return checks;
}
