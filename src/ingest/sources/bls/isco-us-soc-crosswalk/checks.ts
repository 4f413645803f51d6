import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';
import type { Check } from '../../../../domain/editions.js';
import type { IscoUsSocCrosswalk } from './parse.js';

/** Enough pairs, each once; a warning for pairs naming a broader ISCO-08 group than a unit group (never matched). */
export function checkIscoUsSocCrosswalk(crosswalk: IscoUsSocCrosswalk): Check[] {
  const notUnitGroups = crosswalk.links.filter((l) => !/^\d{4}$/.test(l.isco08));
  return [
    ...atLeast('at least 1,000 pairs (this release has 1,125)', crosswalk.links.length, 1000),
    ...eachKeyOnce(
      'each ISCO-08 / 2010 SOC pair once',
      crosswalk.links.map((l) => `${l.isco08} ${l.usSoc2010}`),
    ),
    ...(notUnitGroups.length > 0
      ? [
          {
            rule: 'every ISCO-08 code is a four-digit unit group',
            status: 'warn' as const,
            observed: `${notUnitGroups.length} pairs name a broader group, never matched: ${notUnitGroups.map((l) => `${l.isco08} ${l.usSoc2010}`).join(', ')}`,
          },
        ]
      : []),
  ];
}
