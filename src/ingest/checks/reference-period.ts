import type { Check } from '../../domain/editions.js';

/** A place in a release's files that states the period its figures are for, and what it says. */
export interface StatedPeriod {
  /** Where, for the reason shown: `workbook "... Table 14.7a ... 2023.xls"`. */
  where: string;
  period: string;
}

/**
 * The reference period the files themselves state must be the one the release claims (its file
 * name, its address, the publisher's listing): an older release saved under a newer name fails
 * here. A release whose files state no period at all fails too, since nothing then backs the claim.
 */
export function statedPeriodMatches(
  claimed: string,
  stated: readonly StatedPeriod[],
  what = 'reference year',
): Check[] {
  const rule = `the ${what} stated inside the files is the release's (${claimed})`;
  if (stated.length === 0) return [{ rule, status: 'fail', observed: `the files state no ${what}` }];
  const wrong = stated.filter((s) => s.period !== claimed);
  if (wrong.length === 0) return [];
  const periods = [...new Set(wrong.map((s) => s.period))].join(', ');
  return [
    {
      rule,
      status: 'fail',
      observed: `${periods} in ${wrong.length} of ${stated.length} places, e.g. ${wrong[0]!.where}`,
    },
  ];
}
