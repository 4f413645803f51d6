import type { Check } from '../../../../domain/editions.js';
import type { PayRow } from '../../../../domain/pay.js';

/** Figures for some unit group, and none negative. */
export function checkAsheTable15(rows: PayRow[]): Check[] {
  const checks: Check[] = [];
  if (rows.length === 0)
    checks.push({ rule: 'the release has figures for some unit group', status: 'fail', observed: 'none' });
  const negative = rows.filter((r) => [r.median, r.mean, r.jobsThousands].some((v) => v !== null && v < 0));
  if (negative.length > 0)
    checks.push({ rule: 'no negative pay, hours or job counts', status: 'fail', observed: `${negative.length} rows` });
  return checks;
}
