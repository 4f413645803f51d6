import { insertOnetOccupations } from '../../../../store/onet.js';
import type { SourceDescriptor } from '../../../source.js';
import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';
import { ONET_ATTRIBUTION, ONET_CADENCE, ONET_DATABASE_PAGE, ONET_LICENCE, ONET_PUBLISHER, detectOnetFile } from '../publisher.js';
import { OCCUPATION_DATA_FILE, parseOnetOccupations } from './parse.js';
import type { OnetOccupation } from '../../../../domain/work-profile.js';

export const onetOccupationsSource: SourceDescriptor<OnetOccupation[]> = {
  key: 'onet-occupations',
  name: 'O*NET Database: occupations (O*NET-SOC 2019)',
  publisher: ONET_PUBLISHER,
  licence: ONET_LICENCE,
  url: ONET_DATABASE_PAGE,
  cadence: ONET_CADENCE,
  tier: 'detectonly',
  attribution: ONET_ATTRIBUTION,

  detect: (upstream) => detectOnetFile(upstream, OCCUPATION_DATA_FILE, 'O*NET Occupation Data'),

  async parse(file) {
    return parseOnetOccupations(file.bytes);
  },

  labelOf(occupations) {
    return `O*NET Occupation Data, ${occupations.length.toLocaleString('en-GB')} O*NET-SOC 2019 occupations`;
  },

  check(occupations) {
    return [...atLeast('at least 900 occupations (this release has 1,016)', occupations.length, 900), ...eachKeyOnce('each O*NET-SOC code once', occupations.map((o) => o.code))];
  },

  stage(trx, editionId, occupations) {
    return insertOnetOccupations(trx, editionId, occupations);
  },
};
