import { unreleasedSource } from '../../../unreleased-source.js';
import { ONS_PROFILE } from '../publisher.js';

/**
 * APS employment by occupation with confidence intervals and the female, part-time and
 * self-employed breakdowns, by nation (Nomis). No release of it is reachable from here, so it is
 * registered to say so: the figures that need it (employment outside the UK total, its breakdowns
 * and intervals) answer 404 naming it.
 */
export const apsOccupationSource = unreleasedSource(ONS_PROFILE, {
  key: 'aps-occupation',
  name: 'Annual Population Survey: employment by occupation (SOC 2020), with confidence intervals and breakdowns, by nation',
  publisher: 'Office for National Statistics (Nomis)',
  url: 'https://www.nomisweb.co.uk/datasets/apsnew',
  cadence: 'quarterly (rolling 12 months)',
  tier: 'api',
});
