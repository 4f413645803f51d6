import type { Check } from '../../../../domain/editions.js';
import type { OnetRating } from '../../../../domain/work-profile.js';
import { checkOnetRatings, parseOnetRatings, type RatingFileLayout } from '../rating-file.js';

/**
 * Abilities.txt as O*NET documents it: the Interests.txt columns plus N, Standard Error, CI bounds,
 * Recommend Suppress and Not Relevant; 52 abilities (elements 1.A.*) rated for importance (scale IM,
 * 1 to 5) and level (LV, 0 to 7). Only importance is kept.
 */
export const ABILITIES_LAYOUT: RatingFileLayout = {
  file: 'Abilities.txt',
  what: 'O*NET Abilities',
  scale: 'IM',
  range: [1, 5],
};

export function parseOnetAbilities(bytes: Uint8Array): OnetRating[] {
  return parseOnetRatings(bytes, ABILITIES_LAYOUT);
}

export function checkOnetAbilities(ratings: OnetRating[]): Check[] {
  const checks = checkOnetRatings(ratings, ABILITIES_LAYOUT);
  const notAbilities = ratings.filter((r) => !r.elementId.startsWith('1.A.'));
  if (notAbilities.length > 0)
    checks.push({
      rule: 'every element is an ability (1.A.*)',
      status: 'fail',
      observed: notAbilities
        .slice(0, 5)
        .map((r) => `${r.elementId} ${r.elementName}`)
        .join('; '),
    });
  return checks;
}
