import {
  DEMAND_DEFINITIONS,
  DEMAND_INDICATORS,
  HIGH_DEMAND_LEVELS,
  type DemandAssessment,
  type DemandLevel,
  type DemandRelease,
} from '../../domain/demand.js';
import { Problem } from '../../domain/problems.js';
import type { DemandListResponse, DemandResponse, DemandYear } from '../../schemas/demand.js';
import type { Provenance } from '../provenance.js';
import type { TitleOf } from '../visas/responses.js';

function demandYear(assessment: DemandAssessment): DemandYear {
  const order = (name: string) => DEMAND_INDICATORS.indexOf(name as (typeof DEMAND_INDICATORS)[number]);
  return {
    year: assessment.year,
    level: assessment.level,
    demandIndex: assessment.demandIndex,
    indicators: [...assessment.indicators].sort((a, b) => order(a.indicator) - order(b.indicator)),
    uncertainty: assessment.uncertainty,
    imputation: assessment.imputation,
    capping: assessment.capping,
    onImmigrationSalaryList: assessment.onImmigrationSalaryList,
  };
}

/** DemandResponse: the occupation's assessment in the release's year, and the year before where the release re-assesses it on the same method. */
export function demandResponse(
  release: DemandRelease,
  soc: string,
  title: string,
  provenance: Provenance,
): DemandResponse {
  const of = (year: number) => release.assessments.find((a) => a.soc2020 === soc && a.year === year);
  const latest = of(release.year);
  if (!latest) {
    throw new Problem(
      'figure-not-found',
      `The ${release.year} assessment of occupations in demand does not assess ${soc} (${title}); it leaves out some occupations, such as those "not elsewhere classified" and those with too many indicators missing.`,
    );
  }
  const previous = of(release.year - 1);
  return {
    soc2020: soc,
    title,
    latest: demandYear(latest),
    previous: previous ? demandYear(previous) : null,
    definitions: DEMAND_DEFINITIONS,
    coverage: {
      population: 'people in employment',
      includesSelfEmployed: true,
      referencePeriod: `the ${release.year} assessment`,
      note:
        `Each indicator uses the latest data available when the ${release.year} assessment was made. It measures current demand for an occupation, not whether there is a shortage of workers. Display the uncertainty, imputation and capping notes where present.` +
        (previous
          ? ` \`previous\` is ${release.year - 1} as this release re-assesses it on the ${release.year} method (its ${release.year - 1} revised tables), not as the ${release.year - 1} release assessed it.`
          : ''),
    },
    provenance,
  };
}

/** DemandListResponse: the release year's occupations at the levels asked for (critical and elevated by default), highest demandIndex first. */
export function demandListResponse(
  release: DemandRelease,
  titleOf: TitleOf,
  level: DemandLevel | undefined,
  provenance: Provenance,
): DemandListResponse {
  const levels = level ? [level] : HIGH_DEMAND_LEVELS;
  const occupations = release.assessments
    .filter((a) => a.year === release.year && levels.includes(a.level))
    .sort((a, b) => (b.demandIndex ?? -Infinity) - (a.demandIndex ?? -Infinity) || a.soc2020.localeCompare(b.soc2020))
    .map((a) => ({
      soc2020: a.soc2020,
      title: titleOf(a.soc2020),
      level: a.level,
      demandIndex: a.demandIndex,
      indicatorsInDemand: a.indicators.filter((i) => i.signal !== 'none').length,
      workers: a.workers,
    }));
  return { year: release.year, occupations, definitions: DEMAND_DEFINITIONS, provenance };
}
