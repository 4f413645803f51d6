import type { Check } from '../../../../domain/editions.js';
import { CROSSWALK_SAMPLES, type SocCrosswalk } from '../../../../domain/soc.js';
import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';

/**
 * What a SOC 2010 group's shares in one sample may sum to. This copy leaves out destinations that
 * hold only a sliver of a group (the lowest sum is 0.948); below 0.9 rows have gone missing, and
 * over 1 the shares are not shares.
 */
const SHARE_SUM = { min: 0.9, max: 1.001 };

export function checkSocCrosswalk(crosswalk: SocCrosswalk, unitGroups = 412): Check[] {
  const checks: Check[] = [
    ...atLeast('at least 360 SOC 2010 unit groups (this release has 369)', crosswalk.bases.length, 360),
    ...eachKeyOnce(
      'each SOC 2010 unit group once',
      crosswalk.bases.map((b) => b.soc2010),
    ),
    ...eachKeyOnce(
      'each SOC 2010 / SOC 2020 pair once',
      crosswalk.links.map((l) => `${l.soc2010}>${l.soc2020}`),
    ),
  ];
  const reached = new Set(crosswalk.links.map((l) => l.soc2020)).size;
  if (reached !== unitGroups)
    checks.push({
      rule: `every one of the ${unitGroups} SOC 2020 unit groups is reached`,
      status: 'fail',
      observed: String(reached),
    });
  const off: string[] = [];
  for (const base of crosswalk.bases) {
    for (const sample of CROSSWALK_SAMPLES) {
      if (!base.records[sample]) continue;
      const sum = crosswalk.links
        .filter((l) => l.soc2010 === base.soc2010)
        .reduce((total, l) => total + (l.shares[sample] ?? 0), 0);
      if (sum < SHARE_SUM.min || sum > SHARE_SUM.max) off.push(`${base.soc2010} ${sample} ${sum.toFixed(3)}`);
    }
  }
  if (off.length > 0)
    checks.push({
      rule: `a SOC 2010 group's shares in each sample with records sum to between ${SHARE_SUM.min} and 1`,
      status: 'fail',
      observed: off.slice(0, 10).join(', '),
    });
  return checks;
}
