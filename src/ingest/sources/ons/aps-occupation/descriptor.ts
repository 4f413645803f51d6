import { onsSource } from '../publisher.js';

/**
 * APS employment by occupation with confidence intervals and the female, part-time and
 * self-employed breakdowns, by nation (Nomis). No release of it is reachable from here, so it is
 * registered to say so: /v1/meta/sources lists it with no current edition, and the figures that
 * need it (employment outside the UK total, its breakdowns and intervals) answer 404 naming it.
 * Its parser will be written against a real release; none has been seen to write it from.
 */
export const apsOccupationSource = onsSource<never>({
  key: 'aps-occupation',
  name: 'Annual Population Survey: employment by occupation (SOC 2020), with confidence intervals and breakdowns, by nation',
  publisher: 'Office for National Statistics (Nomis)',
  url: 'https://www.nomisweb.co.uk/datasets/apsnew',
  cadence: 'quarterly (rolling 12 months)',
  tier: 'api',

  async detect() {
    return [];
  },
  async parse() {
    throw new Error('no release of this source has been available to build its parser against');
  },
  check() {
    return [];
  },
  async stage() {
    return 0;
  },
});
