import { onetRatingSource } from '../rating-file.js';
import { ABILITIES_LAYOUT, checkOnetAbilities } from './parse.js';

/** Registered so that /v1/meta/sources shows it; the mirror has no Abilities.txt, so it has no edition until one is added. */
export const onetAbilitiesSource = {
  ...onetRatingSource({
    key: 'onet-abilities',
    name: 'O*NET Database: Abilities',
    layout: ABILITIES_LAYOUT,
    check: checkOnetAbilities,
  }),
  inMirror: false,
};
