import { onetRatingSource } from '../rating-file.js';
import { INTERESTS_LAYOUT, checkOnetInterests } from './parse.js';

export const onetInterestsSource = onetRatingSource({
  key: 'onet-interests',
  name: 'O*NET Database: Interests (RIASEC)',
  layout: INTERESTS_LAYOUT,
  check: checkOnetInterests,
});
