import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';
import { escoCsvSource, lastChanged } from '../publisher.js';
import { insertEscoOccupations } from '../../../../store/skills.js';
import { OCCUPATIONS_FILE, parseEscoOccupations } from './parse.js';

export const escoOccupationsSource = escoCsvSource(
  {
    key: 'esco-occupations',
    name: 'ESCO classification: occupations (English)',
    file: OCCUPATIONS_FILE,
    label: 'ESCO occupations (English)',
    parse: parseEscoOccupations,
    labelOf: (occupations) =>
      `ESCO occupations (English), ${occupations.length.toLocaleString('en-GB')} occupations${lastChanged(occupations)}`,
    check: (occupations) => [
      ...atLeast('at least 2,500 occupations (v1.1.1 has 3,007)', occupations.length, 2500),
      ...eachKeyOnce(
        'each occupation URI once',
        occupations.map((o) => o.conceptId),
      ),
    ],
    stage: insertEscoOccupations,
  },
  ['occupations_en.csv'],
  'en',
);
