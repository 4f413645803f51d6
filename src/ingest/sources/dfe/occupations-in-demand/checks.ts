import { DEMAND_LEVELS, type DemandRelease } from '../../../../domain/demand.js';
import type { Check, EditionSummary } from '../../../../domain/editions.js';
import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';
import { summary } from '../../../checks/plausibility.js';

/** Unit groups assessed: 368 in the 2025 release (of 412; the rest are excluded); fewer than 300 means rows went missing. */
const MIN_ASSESSED = 300;

export function checkOccupationsInDemand(release: DemandRelease): Check[] {
  const latest = release.assessments.filter((a) => a.year === release.year);
  const checks: Check[] = [
    ...atLeast(`at least ${MIN_ASSESSED} unit groups assessed in ${release.year}`, latest.length, MIN_ASSESSED),
    ...eachKeyOnce(
      'each year and unit group once',
      release.assessments.map((a) => `${a.year} ${a.soc2020}`),
    ),
  ];
  const absent = DEMAND_LEVELS.filter((level) => !latest.some((a) => a.level === level));
  if (absent.length > 0)
    checks.push({
      rule: `the ${release.year} assessment places unit groups at each of the three levels`,
      status: 'warn',
      observed: `none at ${absent.join(', ')}`,
    });
  return checks;
}

/**
 * Compared with the previous release: the unit groups assessed. Neither the number in high demand
 * (demand moves) nor the demand index (an average of standardised indicators near zero, not
 * comparable across years) is a sign of a broken file.
 */
export function summariseOccupationsInDemand(release: DemandRelease): EditionSummary {
  return summary({
    'unit groups assessed in the latest year': release.assessments.filter((a) => a.year === release.year).length,
  });
}
