import type { Check, EditionSummary } from '../../../../domain/editions.js';
import { medianOf, summary } from '../../../checks/plausibility.js';
import { ESS_EMPLOYER_THRESHOLD, type EssRelease, type EssVacancyRow } from '../../../../domain/vacancies.js';
import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';

/** How far (percentage points) a published percentage may sit from the one its counts give: rounding only. */
const PERCENT_TOLERANCE = 0.01;

/** Unit groups listed in the latest survey year: 362 in the 2011-2022 file; fewer than 300 means rows went missing. */
const MIN_UNIT_GROUPS = 300;

export function checkEssVacancies(release: EssRelease): Check[] {
  const latest = release.years.at(-1);
  const listed = release.rows.filter((r) => r.year === latest && r.kind === 'unit group').length;
  const checks: Check[] = [
    ...atLeast(
      `at least ${MIN_UNIT_GROUPS} SOC 2010 unit groups listed in the latest survey year`,
      listed,
      MIN_UNIT_GROUPS,
    ),
    ...eachKeyOnce(
      'each survey year and row once',
      release.rows.map((r) => `${r.year} ${r.soc2010 ?? r.kind}`),
    ),
  ];
  const totals = release.years.filter((year) =>
    release.rows.some((r) => r.year === year && r.kind === 'total' && r.vacancies !== null),
  );
  if (totals.length !== release.years.length) {
    checks.push({
      rule: 'every survey year has a Total row with figures',
      status: 'fail',
      observed: `years without: ${release.years.filter((y) => !totals.includes(y)).join(', ')}`,
    });
  }
  fail(
    checks,
    'hard-to-fill vacancies are at most all vacancies, and skill-shortage vacancies at most the hard-to-fill ones',
    release.rows.filter((r) => !nested(r)),
  );
  fail(
    checks,
    'the published percentages are the hard-to-fill and skill-shortage counts over the vacancies',
    release.rows.filter((r) => !percentagesAgree(r)),
  );
  const belowThreshold = release.rows.filter(
    (r) => r.vacancies !== null && r.soc2010 !== null && (r.employersReporting ?? 0) < ESS_EMPLOYER_THRESHOLD,
  );
  if (belowThreshold.length > 0) {
    checks.push({
      rule: `a group's figures are published only when at least ${ESS_EMPLOYER_THRESHOLD} employers reported a vacancy in it (the README's reading of the markers)`,
      status: 'warn',
      observed: describe(belowThreshold),
    });
  }
  return checks;
}

function fail(checks: Check[], rule: string, offending: EssVacancyRow[]): void {
  if (offending.length > 0) checks.push({ rule, status: 'fail', observed: describe(offending) });
}

function nested(r: EssVacancyRow): boolean {
  if (r.vacancies === null || r.hardToFill === null || r.skillShortage === null) return true;
  return r.hardToFill <= r.vacancies + 1e-6 && r.skillShortage <= r.hardToFill + 1e-6;
}

function percentagesAgree(r: EssVacancyRow): boolean {
  if (r.vacancies === null || r.vacancies === 0) return true;
  const agrees = (count: number | null, percent: number | null) =>
    count === null || percent === null || Math.abs((count / r.vacancies!) * 100 - percent) <= PERCENT_TOLERANCE;
  return agrees(r.hardToFill, r.hardToFillPercent) && agrees(r.skillShortage, r.skillShortagePercent);
}

function describe(rows: EssVacancyRow[]): string {
  const named = rows.slice(0, 10).map((r) => `${r.year} ${r.soc2010 ?? r.kind}`);
  return named.join(', ') + (rows.length > 10 ? ` and ${rows.length - 10} more` : '');
}

/** Compared with the previous release: rows, unit groups of the latest survey, and the typical unit group's vacancies in it. */
export function summariseEssVacancies(release: EssRelease): EditionSummary {
  const latest = Math.max(...release.years);
  const groups = release.rows.filter((r) => r.year === latest && r.kind === 'unit group');
  return summary(
    { rows: release.rows.length, 'unit groups in the latest survey': groups.length },
    { 'median vacancies of a unit group in the latest survey': medianOf(groups.map((r) => r.vacancies)) },
  );
}
