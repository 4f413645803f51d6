import { SEX_PATTERN_SHEETS } from '../ashe-layout.js';
import type { Check } from '../../../../domain/editions.js';
import { PAY_MEASURES, PERCENTILES, type PayRow } from '../../../../domain/pay.js';

/** SOC 2020 has 412 unit groups, and ONS lists every one on every sheet (withheld or not). */
const UNIT_GROUPS = 412;

export function checkAsheTable14(rows: PayRow[]): Check[] {
  const checks: Check[] = [];
  const counts = new Map<string, number>();
  for (const r of rows)
    counts.set(`${r.measure}/${r.sex}/${r.pattern}`, (counts.get(`${r.measure}/${r.sex}/${r.pattern}`) ?? 0) + 1);
  const short = PAY_MEASURES.flatMap((m) => SEX_PATTERN_SHEETS.map((s) => `${m}/${s.sex}/${s.pattern}`)).filter(
    (k) => counts.get(k) !== UNIT_GROUPS,
  );
  if (short.length > 0) {
    checks.push({
      rule: `every measure, sex and work pattern lists the ${UNIT_GROUPS} unit groups`,
      status: 'fail',
      observed: short
        .slice(0, 5)
        .map((k) => `${k}: ${counts.get(k) ?? 0}`)
        .join('; '),
    });
  }
  const published = rows.filter(
    (r) => r.measure === 'annual_pay_gross' && r.sex === 'all' && r.pattern === 'all' && r.median !== null,
  ).length;
  if (published === 0)
    checks.push({
      rule: 'gross annual pay has a median for some unit group',
      status: 'fail',
      observed: 'none published',
    });

  const negative = rows.filter((r) =>
    [r.jobsThousands, r.median, r.mean, ...PERCENTILES.map((p) => r[p])].some((v) => v !== null && v < 0),
  );
  if (negative.length > 0)
    checks.push({
      rule: 'no negative pay, hours or job counts',
      status: 'fail',
      observed: `${negative.length} rows, e.g. ${negative[0]!.soc} ${negative[0]!.measure}`,
    });

  const disordered = rows.filter((r) => {
    const ordered = [r.p10, r.p20, r.p25, r.p30, r.p40, r.median, r.p60, r.p70, r.p75, r.p80, r.p90].filter(
      (v): v is number => v !== null,
    );
    return ordered.some((v, i) => i > 0 && v < ordered[i - 1]!);
  });
  if (disordered.length > 0) {
    checks.push({
      rule: 'published percentiles rise from p10 to p90',
      status: 'warn',
      observed: `${disordered.length} rows, e.g. ${disordered[0]!.soc} ${disordered[0]!.measure} ${disordered[0]!.sex}/${disordered[0]!.pattern}`,
    });
  }
  return checks;
}
