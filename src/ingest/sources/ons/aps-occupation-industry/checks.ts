import type { Check } from '../../../../domain/editions.js';
import type { ApsRelease } from '../../../../domain/employment.js';
import type { EditionSummary } from '../../../../domain/editions.js';
import { medianOf, summary } from '../../../checks/plausibility.js';

/** Each year has a row for every unit group and a published Total row in every section. */
export function checkApsRelease(release: ApsRelease): Check[] {
  const checks: Check[] = [];
  for (const { year } of release.years) {
    const groups = new Set(release.cells.filter((c) => c.year === year && c.soc2020 !== null).map((c) => c.soc2020));
    if (groups.size !== 412)
      checks.push({
        rule: `${year}: a row for each of the 412 unit groups`,
        status: 'fail',
        observed: `${groups.size} unit groups`,
      });
    const total = release.cells.filter((c) => c.year === year && c.soc2020 === null);
    if (total.some((c) => c.marker !== 'published'))
      checks.push({
        rule: `${year}: the Total row is published in every section`,
        status: 'fail',
        observed: 'a Total cell is withheld or empty',
      });
  }
  if (release.years.length === 0) checks.push({ rule: 'at least one year', status: 'fail', observed: 'none' });
  return checks;
}

/** Compared with the previous release: cells, unit groups of the latest year, and the typical published cell and Total. */
export function summariseApsRelease(release: ApsRelease): EditionSummary {
  const latest = release.years.at(-1)?.year;
  const cells = release.cells.filter((c) => c.year === latest);
  return summary(
    {
      cells: release.cells.length,
      'unit groups in the latest year': new Set(cells.filter((c) => c.soc2020 !== null).map((c) => c.soc2020)).size,
    },
    {
      'median published cell of the latest year': medianOf(
        cells.filter((c) => c.soc2020 !== null).map((c) => c.people),
      ),
      'median Total cell of the latest year': medianOf(cells.filter((c) => c.soc2020 === null).map((c) => c.people)),
    },
  );
}
