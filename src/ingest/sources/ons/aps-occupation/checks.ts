import type { Check, EditionSummary } from '../../../../domain/editions.js';
import type { ApsOccupationRelease } from '../../../../domain/employment.js';
import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';
import { medianOf, summary } from '../../../checks/plausibility.js';

const UK = 'K02000001';
/** A real Jan-Dec period has had at least 398 unit groups with a UK count (the 2022 relay). */
const MIN_UNIT_GROUPS = 380;
/** People in employment in the UK, aged 16+: about 33 million; outside these bounds the file is not that count. */
const UK_TOTAL_BOUNDS = [25_000_000, 40_000_000] as const;

function ukCounts(release: ApsOccupationRelease): number[] {
  return release.counts
    .filter((c) => c.area === UK && c.sex === 'all' && c.pattern === 'all' && c.employment === 'all')
    .flatMap((c) => (c.people === null ? [] : [c.people]));
}

/** Each count once, enough unit groups with a UK count, a UK total of the right size; a relay is said to be one. */
export function checkApsOccupation(release: ApsOccupationRelease): Check[] {
  const counts = ukCounts(release);
  const total = counts.reduce((sum, n) => sum + n, 0);
  const checks: Check[] = [
    ...eachKeyOnce(
      'each unit group, area and breakdown once',
      release.counts.map((c) => [c.area, c.soc2020, c.sex, c.pattern, c.employment].join('|')),
    ),
    ...atLeast(`at least ${MIN_UNIT_GROUPS} unit groups with a UK count`, counts.length, MIN_UNIT_GROUPS),
  ];
  if (total < UK_TOTAL_BOUNDS[0] || total > UK_TOTAL_BOUNDS[1])
    checks.push({
      rule: 'the UK counts sum to 25 to 40 million people in employment',
      status: 'fail',
      observed: `${total}`,
    });
  if (release.origin === 'relayed')
    checks.push({
      rule: 'the release is a publisher download',
      status: 'warn',
      observed: `Nomis NM_218_1 counts relayed by ${release.relayedBy}; no intervals, breakdowns or nations`,
    });
  if (release.skippedAreas.length > 0)
    checks.push({
      rule: 'every area is the UK or a nation',
      status: 'warn',
      observed: `not read: ${release.skippedAreas.join(', ')}`,
    });
  return checks;
}

/** Compared with the previous release of the series: unit groups with a UK count, and their sum and median. */
export function summariseApsOccupation(release: ApsOccupationRelease): EditionSummary {
  const counts = ukCounts(release);
  return summary(
    { 'unit groups with a UK count': counts.length },
    { 'sum of UK counts': counts.reduce((sum, n) => sum + n, 0), 'median UK count': medianOf(counts) },
  );
}
