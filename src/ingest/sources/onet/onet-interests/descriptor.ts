import { insertOnetScores } from '../../../../store/onet.js';
import type { SourceDescriptor } from '../../../source.js';
import { ONET_ATTRIBUTION, ONET_CADENCE, ONET_DATABASE_PAGE, ONET_LICENCE, ONET_PUBLISHER, detectOnetFile, ratingDates } from '../publisher.js';
import { INTERESTS_FILE, checkOnetInterests, parseOnetInterests } from './parse.js';
import type { OnetRating } from '../../../../domain/work-profile.js';

export const onetInterestsSource: SourceDescriptor<OnetRating[]> = {
  key: 'onet-interests',
  name: 'O*NET Database: Interests (RIASEC)',
  publisher: ONET_PUBLISHER,
  licence: ONET_LICENCE,
  url: ONET_DATABASE_PAGE,
  cadence: ONET_CADENCE,
  tier: 'detectonly',
  attribution: ONET_ATTRIBUTION,

  detect: (upstream) => detectOnetFile(upstream, INTERESTS_FILE, 'O*NET Interests'),

  async parse(file) {
    return parseOnetInterests(file.bytes);
  },

  labelOf(ratings) {
    return `O*NET Interests, ${new Set(ratings.map((r) => r.code)).size} occupations, ratings ${ratingDates(ratings)}`;
  },

  check: (ratings) => checkOnetInterests(ratings),

  stage(trx, editionId, ratings) {
    return insertOnetScores(trx, editionId, ratings);
  },
};
