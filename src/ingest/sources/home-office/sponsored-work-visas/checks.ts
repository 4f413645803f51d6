import type { Check, EditionSummary } from '../../../../domain/editions.js';
import { compareQuarters, quartersFrom } from '../../../../domain/periods.js';
import { QUARTERS_IN_YEAR, VISA_SERIES_START, WITHHELD } from '../../../../domain/visas.js';
import { summary } from '../../../checks/plausibility.js';
import type { ParsedVisas } from './parse.js';

/**
 * What must hold for a visas workbook to publish: both sheets cover the same run of quarters with
 * none missing, it reaches the quarters the responses list (from 2024 Q4), and some quarter of
 * those lists unit groups (a file of minor groups only would answer every occupation with zeros).
 */
export function checkVisaRelease({ release, sheets }: ParsedVisas): Check[] {
  const checks: Check[] = [];
  const fail = (rule: string, observed: string) => checks.push({ rule, status: 'fail', observed });
  const [applications, grants] = sheets;
  if (applications!.quarters.join() !== grants!.quarters.join())
    fail(
      'the applications and grants sheets cover the same quarters',
      `${applications!.sheet}: ${span(applications!.quarters)}; ${grants!.sheet}: ${span(grants!.quarters)}`,
    );
  const quarters = release.quarters.map((q) => q.quarter);
  const expected = quartersFrom(quarters[0]!, quarters.at(-1)!);
  const missing = expected.filter((q) => !quarters.includes(q));
  if (missing.length > 0)
    fail('every quarter from the first to the latest is published', `missing: ${missing.join(', ')}`);
  if (compareQuarters(quarters.at(-1)!, VISA_SERIES_START) < 0)
    fail(
      `the release reaches ${VISA_SERIES_START}, the first quarter the responses list`,
      `latest: ${quarters.at(-1)}`,
    );
  else if (!release.figures.some((f) => f.soc2020 !== WITHHELD && compareQuarters(f.quarter, VISA_SERIES_START) >= 0))
    fail(
      `some quarter from ${VISA_SERIES_START} lists unit groups`,
      'every row since then has the unit group withheld',
    );
  return checks;
}

function span(quarters: readonly string[]): string {
  return quarters.length === 0 ? 'none' : `${quarters[0]} to ${quarters.at(-1)} (${quarters.length})`;
}

/** Compared with the previous release: the unit groups granted a visa in the latest four quarters, and their grants. */
export function summariseVisaRelease({ release }: ParsedVisas): EditionSummary {
  const latest = release.quarters.slice(-QUARTERS_IN_YEAR).map((q) => q.quarter);
  const granted = release.figures.filter((f) => f.soc2020 !== WITHHELD && latest.includes(f.quarter) && f.grants > 0);
  return summary(
    { 'unit groups granted a visa in the latest four quarters': new Set(granted.map((f) => f.soc2020)).size },
    { 'grants to unit groups in the latest four quarters': granted.reduce((sum, f) => sum + f.grants, 0) || null },
  );
}
