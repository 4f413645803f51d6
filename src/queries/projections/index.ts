import type { AreaSummary } from '../../domain/areas.js';
import { Problem } from '../../domain/problems.js';
import {
  QUALIFICATION_LEVELS,
  nearestThousandJobs,
  projectionArea,
  projectionDirection,
  type ProjectionAreaSlug,
  type ProjectionFigures,
  type ProjectionGroupRow,
  type ProjectionQualificationRow,
} from '../../domain/projections.js';
import type { SocGroup } from '../../domain/soc.js';
import type { ProjectionOutlook, ProjectionResponse } from '../../schemas/projections.js';
import { projectionGroup, projectionWorkbook, type ProjectionWorkbook } from '../../store/projections.js';
import type { Db } from '../../store/schema.js';
import type { CurrentEditions, Served } from '../current-editions.js';
import type { Occupations } from '../occupations/index.js';
import type { SocCrosswalkQuery } from '../occupations/soc-crosswalk.js';
import { percentText, round } from '../../domain/numbers.js';
import type { SourceKey } from '../../domain/sources.js';

/** Each area's workbook of the 2020-2035 round (SOC 2020): England's, the UK's, each nation's and English region's. */
export const LMSP_AREAS: Record<ProjectionAreaSlug, SourceKey> = {
  uk: 'lmsp-uk',
  england: 'lmsp-england',
  wales: 'lmsp-wales',
  scotland: 'lmsp-scotland',
  'northern-ireland': 'lmsp-northern-ireland',
  'north-east': 'lmsp-north-east',
  'north-west': 'lmsp-north-west',
  'yorkshire-and-the-humber': 'lmsp-yorkshire-and-the-humber',
  'east-midlands': 'lmsp-east-midlands',
  'west-midlands': 'lmsp-west-midlands',
  'east-of-england': 'lmsp-east-of-england',
  london: 'lmsp-london',
  'south-east': 'lmsp-south-east',
  'south-west': 'lmsp-south-west',
};
const LMSP_UK = LMSP_AREAS.uk;
/** The previous round's UK workbook (SOC 2010): served for the UK only while the 2020-2035 round's is not. */
const WORKING_FUTURES_UK = 'working-futures-uk';

/** What DfE and the producers say the projections are (DfE's page for the 2020-2035 round; IER's for Working Futures). */
const NOT_PREDICTIONS =
  "The projections are not precise predictions but the most likely trajectory of labour market change, given past trends and the producers' assumptions.";

/** A release's figures for one sub-major group, with what the workbook says about itself. */
interface GroupFigures {
  served: Served;
  workbook: ProjectionWorkbook;
  group: ProjectionGroupRow;
  qualifications: ProjectionQualificationRow[];
}

/**
 * Employment projections of an occupation. They are published for sub-major groups only, so an
 * occupation gets its group's figures from the area's workbook of the 2020-2035 round (SOC 2020).
 * Only where that round's UK workbook has no release is the UK answered from the previous round
 * (SOC 2010, carried over through ONS's relationship table), saying so. One area's figures are
 * never shown as another's, and nothing is rescaled.
 */
export class Projections {
  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly occupations: Occupations,
    private readonly crosswalk: SocCrosswalkQuery,
  ) {}

  async outlook(soc: string, slug: ProjectionAreaSlug): Promise<ProjectionResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const area = projectionArea(slug);
    if (slug === 'uk' && !(await this.current.latest(LMSP_UK))) return this.olderRoundUk(unit, area);
    return this.latestRound(unit, area, LMSP_AREAS[slug]);
  }

  private async latestRound(unit: SocGroup, area: AreaSummary, source: SourceKey): Promise<ProjectionResponse> {
    const figures = await this.groupFigures(source, unit.code.slice(0, 2), `Projections for ${area.name}`);
    const { unitGroups } = await this.occupations.structure();
    const sharing = unitGroups.filter((u) => u.code.startsWith(figures.group.code)).length;
    const { group, workbook } = figures;
    return projectionResponse(unit, area, figures, sharing, [
      `Projections of SOC 2020 sub-major group ${group.code} (${group.title}) for ${workbook.areaName}, from ${workbook.baseYear} to ${workbook.targetYear}: they are published for sub-major groups only, so ${unit.code} and the ${sharing - 1} other unit group${sharing === 2 ? '' : 's'} in it are shown the same figures.`,
      ROUNDED,
    ]);
  }

  private async olderRoundUk(unit: SocGroup, area: AreaSummary): Promise<ProjectionResponse> {
    const what = 'Projections for the United Kingdom';
    const latestRound = this.current.catalog.profile(LMSP_UK);
    const { suppliers, unitGroupsMostlyFrom } = await this.crosswalk.subMajorSuppliersOf(unit.code, what);
    const largest = suppliers[0];
    if (!largest) {
      throw new Problem(
        'figure-not-found',
        `The SOC 2010 to SOC 2020 relationship table relates no SOC 2010 group to ${unit.code}, so Working Futures' SOC 2010 figures cannot be carried onto it.`,
      );
    }
    const figures = await this.groupFigures(WORKING_FUTURES_UK, largest.subMajorGroup, what);
    const { group, workbook } = figures;
    const sharing = unitGroupsMostlyFrom.get(group.code) ?? 1;
    return projectionResponse(unit, area, figures, sharing, [
      `The previous round's ${workbook.areaName} projections, ${workbook.baseYear} to ${workbook.targetYear} (made before the Covid-19 pandemic), of SOC 2010 sub-major group ${group.code} (${group.title}), which held ${percentText(largest.share, 1)} of the workers of ${unit.code}: no ${area.name} workbook of the 2020-2035 round ("${latestRound.name}") is available, and ${sharing} unit group${sharing === 1 ? ' is' : 's are'} shown these figures.`,
      ROUNDED,
    ]);
  }

  private async groupFigures(sourceKey: SourceKey, code: string, what: string): Promise<GroupFigures> {
    const served = await this.current.serving(sourceKey, what);
    const [workbook, found] = await Promise.all([
      projectionWorkbook(this.db, served.edition.id),
      projectionGroup(this.db, served.edition.id, code),
    ]);
    if (!workbook || !found)
      throw new Problem(
        'figure-not-found',
        `The release "${served.edition.label}" has no figures for sub-major group ${code}.`,
      );
    return { served, workbook, ...found };
  }
}

const ROUNDED = 'Each figure is rounded on its own to the nearest 1,000 jobs, so they may not add up exactly.';

/** Where the docs explain the projections' groups and rounds in full. */
const METHOD = '/docs/methods/projections.md#which-figures-are-shown';

function projectionResponse(
  unit: SocGroup,
  area: AreaSummary,
  figures: GroupFigures,
  unitGroups: number,
  derivation: string[],
): ProjectionResponse {
  const { served, workbook, group, qualifications } = figures;
  const threshold = workbook.publishThreshold / 1_000;
  const groupPresentable = presentable(group, threshold);
  return {
    soc2020: unit.code,
    title: unit.title,
    group: { code: group.code, title: group.title, classification: workbook.classification, unitGroups },
    area,
    outlook: outlookOf(group, workbook, groupPresentable),
    series: group.series.map(({ year, employment }) => ({
      year,
      employment: employment >= threshold ? nearestThousandJobs(employment) : null,
      projected: year > workbook.baseYear,
      presentable: employment >= threshold,
    })),
    byQualification: QUALIFICATION_LEVELS.flatMap((level) => {
      const cell = qualifications.find((q) => q.qualification === level);
      if (!cell) return [];
      const shown = presentable(cell, threshold);
      return [
        {
          qualification: level,
          rqf: level === 'none' ? null : Number(level.slice(3)),
          label: cell.label,
          ...jobsOf(cell, shown),
          sharePercent:
            shown && groupPresentable && group.totalRequirement > 0
              ? round((cell.totalRequirement / group.totalRequirement) * 100, 1)
              : null,
          presentable: shown,
        },
      ];
    }),
    derivation: derivation.join(' '),
    method: METHOD,
    accuracy:
      `${workbook.reporting} ${NOT_PREDICTIONS} ` +
      `The producers advise publishing only estimates based on at least ${workbook.publishThreshold.toLocaleString('en-GB')} individuals, so a group or qualification cell with fewer jobs in the base or target year (or a year of the series with fewer) is null with presentable false.`,
    coverage: {
      population: 'people in employment',
      includesSelfEmployed: true,
      referencePeriod: `${workbook.baseYear} (base) to ${workbook.targetYear} (target)`,
      note:
        `Counted as jobs, not people: jobs in ${workbook.areaName} by occupation (${workbook.classification}), employees and the self-employed alike; a person with two jobs counts twice, so the totals exceed the number of people in employment. ` +
        `Years up to ${workbook.baseYear} are the producers' estimates from official data; later years are projected. Replacement demand is the jobs that open as people leave the occupation (retiring, or moving to other work or out of the area).`,
    },
    citation: `${served.source.attribution} ${workbook.copyright}.`,
    provenance: served.provenance,
  };
}

function outlookOf(group: ProjectionFigures, workbook: ProjectionWorkbook, shown: boolean): ProjectionOutlook {
  return {
    baseYear: workbook.baseYear,
    targetYear: workbook.targetYear,
    ...jobsOf(group, shown),
    netChangePercent:
      shown && group.employmentBase > 0 ? round((group.netChange / group.employmentBase) * 100, 1) : null,
    direction: projectionDirection(group.netChange * 1_000),
    presentable: shown,
  };
}

/** The workbooks' rule: publish only what rests on at least the threshold's jobs, in both years. */
function presentable(figures: ProjectionFigures, thresholdThousands: number): boolean {
  return figures.employmentBase >= thresholdThousands && figures.employmentTarget >= thresholdThousands;
}

function jobsOf(f: ProjectionFigures, shown: boolean) {
  const jobs = (thousands: number) => (shown ? nearestThousandJobs(thousands) : null);
  return {
    employmentBase: jobs(f.employmentBase),
    employmentTarget: jobs(f.employmentTarget),
    netChange: jobs(f.netChange),
    replacementDemand: jobs(f.replacementDemand),
    totalRequirement: jobs(f.totalRequirement),
  };
}
