import type { Check, EditionSummary } from '../../../../domain/editions.js';
import type { CensusAgeRelease } from '../../../../domain/employment.js';
import { medianOf, summary } from '../../../checks/plausibility.js';

/** The number of SOC 2020 unit groups: a release with fewer still publishes, with a warning naming how many. */
const UNIT_GROUPS = 412;

/** Each unit group, sex and band once; every unit group has its all-persons row (the one /workforce serves). */
export function checkCensusAgeRelease(release: CensusAgeRelease): Check[] {
  const checks: Check[] = [];
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const c of release.cells) {
    const key = `${c.soc2020} ${c.sex} ${c.band ?? 'total'}`;
    if (seen.has(key)) repeated.push(key);
    seen.add(key);
  }
  if (repeated.length > 0)
    checks.push({
      rule: 'each unit group, sex and band once',
      status: 'fail',
      observed: repeated.slice(0, 5).join(', '),
    });
  const groups = new Set(release.cells.map((c) => c.soc2020));
  const withAll = new Set(release.cells.filter((c) => c.sex === 'all').map((c) => c.soc2020));
  const lacking = [...groups].filter((g) => !withAll.has(g));
  if (lacking.length > 0)
    checks.push({
      rule: 'an all-persons row for every unit group',
      status: 'fail',
      observed: lacking.slice(0, 5).join(', '),
    });
  if (groups.size === 0) checks.push({ rule: 'at least one unit group', status: 'fail', observed: 'none' });
  else if (groups.size < UNIT_GROUPS)
    checks.push({
      rule: `a row for each of the ${UNIT_GROUPS} unit groups`,
      status: 'warn',
      observed: `${groups.size} unit groups`,
    });
  return checks;
}

/** Compared with the previous release: unit groups, withheld cells, and the typical all-persons band. */
export function summariseCensusAgeRelease(release: CensusAgeRelease): EditionSummary {
  const all = release.cells.filter((c) => c.sex === 'all' && c.band !== null);
  return summary(
    {
      'unit groups': new Set(release.cells.map((c) => c.soc2020)).size,
      'withheld cells': release.cells.filter((c) => c.marker === 'withheld').length,
    },
    { 'median all-persons band': medianOf(all.map((c) => c.people)) },
  );
}
