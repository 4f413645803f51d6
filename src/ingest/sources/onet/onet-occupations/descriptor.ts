import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';
import { onetFileSource } from '../publisher.js';
import { insertOnetOccupations } from '../../../../store/work-profile.js';
import { OCCUPATION_DATA_FILE, parseOnetOccupations } from './parse.js';

export const onetOccupationsSource = onetFileSource({
  key: 'onet-occupations',
  name: 'O*NET Database: occupations (O*NET-SOC 2019)',
  file: OCCUPATION_DATA_FILE,
  label: 'O*NET Occupation Data',
  parse: parseOnetOccupations,
  labelOf: (occupations) =>
    `O*NET Occupation Data, ${occupations.length.toLocaleString('en-GB')} O*NET-SOC 2019 occupations`,
  check: (occupations) => [
    ...atLeast('at least 900 occupations (this release has 1,016)', occupations.length, 900),
    ...eachKeyOnce(
      'each O*NET-SOC code once',
      occupations.map((o) => o.code),
    ),
  ],
  stage: insertOnetOccupations,
});
