import { insertOnetScores } from '../../../../store/onet.js';
import type { SourceDescriptor } from '../../../source.js';
import { ONET_ATTRIBUTION, ONET_CADENCE, ONET_DATABASE_PAGE, ONET_LICENCE, ONET_PUBLISHER, detectOnetFile, ratingDates } from '../publisher.js';
import { ABILITIES_FILE, checkOnetAbilities, parseOnetAbilities } from './parse.js';
import type { OnetRating } from '../../../../domain/work-profile.js';

/** Registered so that /v1/meta/sources shows it; the mirror has no Abilities.txt, so it has no edition until one is added. */
export const onetAbilitiesSource: SourceDescriptor<OnetRating[]> = {
  key: 'onet-abilities',
  name: 'O*NET Database: Abilities',
  publisher: ONET_PUBLISHER,
  licence: ONET_LICENCE,
  url: ONET_DATABASE_PAGE,
  cadence: ONET_CADENCE,
  tier: 'detectonly',
  attribution: ONET_ATTRIBUTION,

  detect: (upstream) => detectOnetFile(upstream, ABILITIES_FILE, 'O*NET Abilities'),

  async parse(file) {
    return parseOnetAbilities(file.bytes);
  },

  labelOf(ratings) {
    return `O*NET Abilities, ${new Set(ratings.map((r) => r.code)).size} occupations, ratings ${ratingDates(ratings)}`;
  },

  check: (ratings) => checkOnetAbilities(ratings),

  stage(trx, editionId, ratings) {
    return insertOnetScores(trx, editionId, ratings);
  },
};
