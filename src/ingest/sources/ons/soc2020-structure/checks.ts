import type { Check } from '../../../../domain/editions.js';
import type { SocGroup } from '../../../../domain/soc.js';

/** SOC 2020 as published: 9 major, 26 sub-major, 104 minor and 412 unit groups. */
const EXPECTED_GROUPS = { major: 9, sub_major: 26, minor: 104, unit: 412 } as const;

export function checkSocStructure(groups: SocGroup[]): Check[] {
  const checks: Check[] = [];
  for (const [level, expected] of Object.entries(EXPECTED_GROUPS)) {
    const found = groups.filter((g) => g.level === level).length;
    if (found !== expected) {
      checks.push({ rule: `${level.replace('_', '-')} groups: ${expected}`, status: 'fail', observed: `${found}` });
    }
  }
  const codes = new Set<string>();
  const duplicates = groups.filter((g) => (codes.has(g.code) ? true : (codes.add(g.code), false)));
  if (duplicates.length > 0) {
    checks.push({
      rule: 'each group code once',
      status: 'fail',
      observed: `repeated: ${duplicates
        .map((g) => g.code)
        .slice(0, 10)
        .join(', ')}`,
    });
  }
  const orphans = groups.filter((g) => g.parentCode !== null && !codes.has(g.parentCode));
  if (orphans.length > 0) {
    checks.push({
      rule: 'every group sits inside its parent group',
      status: 'fail',
      observed: `without a parent: ${orphans
        .map((g) => g.code)
        .slice(0, 10)
        .join(', ')}`,
    });
  }
  return checks;
}
