import type { GeographyArea } from '../../../../domain/areas.js';
import type { Check } from '../../../../domain/editions.js';

/**
 * The districts (361 in April 2023; a reorganisation changes the count, so 300 to 450), the 9
 * regions, 3 nations and the UK, and every district inside a listed region or nation.
 */
export function checkGeography(areas: GeographyArea[]): Check[] {
  const checks: Check[] = [];
  const count = (kind: string) => areas.filter((a) => a.kind === kind).length;
  if (count('district') < 300 || count('district') > 450)
    checks.push({
      rule: '300 to 450 local authority districts (361 in April 2023)',
      status: 'fail',
      observed: String(count('district')),
    });
  if (count('region') !== 9 || count('nation') !== 3 || count('uk') !== 1)
    checks.push({
      rule: '9 regions, 3 nations and the UK',
      status: 'fail',
      observed: `${count('region')} regions, ${count('nation')} nations, ${count('uk')} UK`,
    });
  const known = new Set(areas.filter((a) => a.kind !== 'district').map((a) => a.code));
  const orphans = areas.filter((a) => a.kind === 'district' && !known.has(a.regionCode!));
  if (orphans.length > 0)
    checks.push({
      rule: 'every district is in a listed region or nation',
      status: 'fail',
      observed: orphans
        .slice(0, 5)
        .map((a) => a.code)
        .join(', '),
    });
  return checks;
}
