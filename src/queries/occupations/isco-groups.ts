import type { CodingIndexRecord } from '../../domain/soc.js';

/** An ISCO-08 unit group a SOC 2020 unit group maps to, with how many of its coding-index records do. */
export interface IscoShare {
  isco08: string;
  records: number;
  /** records / all records of the unit group that carry an ISCO-08 unit group code. */
  share: number;
}

/**
 * The ISCO-08 unit groups of a SOC 2020 unit group, from the `ISCO-08 code based on SOC2020`
 * column of its coding-index records, most records first (ties: lower code first, as the
 * profile's `isco08` chooses). The first is the occupation's main ISCO-08 group.
 */
export function iscoSharesOf(records: CodingIndexRecord[]): IscoShare[] {
  const counts = new Map<string, number>();
  for (const r of records)
    if (r.isco08 !== null && /^\d{4}$/.test(r.isco08)) counts.set(r.isco08, (counts.get(r.isco08) ?? 0) + 1);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return [...counts]
    .map(([isco08, n]) => ({ isco08, records: n, share: n / total }))
    .sort((a, b) => b.records - a.records || a.isco08.localeCompare(b.isco08));
}

/** "2512 (69 titles), 2513 (28), ...": the shares as a derivation names them. */
export function describeIscoShares(shares: IscoShare[], max = 6): string {
  const listed = shares
    .slice(0, max)
    .map((s, i) => `${s.isco08} (${s.records}${i === 0 ? (s.records === 1 ? ' title' : ' titles') : ''})`);
  const rest = shares.length - listed.length;
  return `${listed.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}`;
}
