import type { Check } from '../../../../domain/editions.js';
import type { NcsContentExport } from '../../../../domain/how-to-become.js';
import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';

/** The November 2020 export has 829 profiles and 532 standards; far fewer means files went missing. */
const MIN_PROFILES = 800;
const MIN_STANDARDS = 500;

export function checkContentExport(release: NcsContentExport): Check[] {
  const checks: Check[] = [
    ...atLeast(`at least ${MIN_PROFILES} job profiles`, release.profiles.length, MIN_PROFILES),
    ...atLeast(`at least ${MIN_STANDARDS} apprenticeship standards`, release.standards.length, MIN_STANDARDS),
    ...eachKeyOnce(
      'each job-profile slug once',
      release.profiles.map((p) => p.slug),
    ),
    ...eachKeyOnce(
      'each standard reference once',
      release.standards.map((s) => s.code),
    ),
  ];
  const known = new Set(release.standards.map((s) => s.code));
  const unknown = release.profiles.flatMap((p) => p.standards.filter((code) => !known.has(code)));
  if (unknown.length > 0)
    checks.push({
      rule: 'every standard a profile links to is in the export',
      status: 'fail',
      observed: unknown.slice(0, 10).join(', '),
    });
  const withoutSoc = release.profiles.filter((p) => p.soc2010 === null);
  if (withoutSoc.length > 0)
    checks.push({
      rule: 'every profile has a SOC 2010 code',
      status: 'warn',
      observed: withoutSoc
        .slice(0, 10)
        .map((p) => p.slug)
        .join(', '),
    });
  return checks;
}
