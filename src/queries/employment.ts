import { UNITED_KINGDOM } from '../domain/areas.js';
import type { EmploymentCell } from '../domain/employment.js';
import { Problem } from '../domain/problems.js';
import type { EmploymentResponse, WorkforceResponse, WorkforceShare } from '../schemas/employment.js';
import { apsTablesFor, type ApsTables } from '../store/employment.js';
import type { Db } from '../store/schema.js';
import type { CurrentEditions } from './current-editions.js';
import type { Occupations } from './occupations.js';

/** The APS occupation x industry release served, and the fuller APS release (breakdowns, other areas) of which none exists. */
const APS_BY_INDUSTRY = 'aps-occupation-industry';
const APS_OCCUPATION = 'aps-occupation';

const TOP_INDUSTRIES = 10;

/** An occupation's employment in one year, from what the table publishes and nothing else. */
interface YearFigures {
  year: number;
  period: string;
  /** The sum of the published cells: the count when nothing is withheld, a lower bound otherwise. */
  publishedSum: number;
  withheldCells: number;
  /** Known only when every industry cell was published (a `-` cell publishes "none"). */
  count: number | null;
  smallSampleCells: number;
  allEmployment: number;
}

function yearFigures(tables: ApsTables, soc: string): YearFigures[] {
  return tables.years.map(({ year, period }) => {
    const cells = tables.cells.filter((c) => c.year === year && c.soc2020 === soc);
    const published = cells.filter((c) => c.marker === 'published');
    const publishedSum = published.reduce((sum, c) => sum + (c.people ?? 0), 0);
    const withheldCells = cells.filter((c) => c.marker === 'withheld').length;
    const total = tables.cells.filter((c) => c.year === year && c.soc2020 === null);
    return {
      year,
      period,
      publishedSum,
      withheldCells,
      count:
        withheldCells === 0 && cells.length === tables.industries.length && published.length > 0 ? publishedSum : null,
      smallSampleCells: published.filter((c) => c.smallSample).length,
      allEmployment: total.reduce((sum, c) => sum + (c.people ?? 0), 0),
    };
  });
}

/** ONS: shaded cells rest on a small sample ("use with caution"); `*` cells are withheld. */
function countQuality(figures: YearFigures): 'reasonable' | 'acceptable' | 'unreliable' {
  if (figures.count === null) return 'unreliable';
  return figures.smallSampleCells > 0 ? 'acceptable' : 'reasonable';
}

function cellQuality(cell: EmploymentCell): WorkforceShare['quality'] {
  if (cell.marker !== 'published') return 'unreliable';
  return cell.smallSample ? 'acceptable' : 'reasonable';
}

const COVERAGE_BASE = { population: 'people in employment', includesSelfEmployed: true } as const;

export class Employment {
  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly occupations: Occupations,
  ) {}

  async employment(soc: string, area: string): Promise<EmploymentResponse> {
    const unit = await this.occupations.unitGroup(soc);
    if (area !== 'uk') {
      throw this.current.unavailable(APS_OCCUPATION, `Employment figures for ${area}`);
    }
    const { edition, provenance } = await this.current.serving(APS_BY_INDUSTRY, 'Employment figures');
    const figures = yearFigures(await apsTablesFor(this.db, edition.id, soc), soc);
    const latest = figures.at(-1) ?? null;
    const notes: string[] = [];
    if (latest && latest.count === null) {
      notes.push(
        latest.publishedSum > 0
          ? `In ${latest.period} ${latest.withheldCells} of the occupation's industry figures were too small to publish, so its total is not known; the published figures sum to at least ${latest.publishedSum.toLocaleString('en-GB')} people, which is not the total.`
          : `In ${latest.period} none of the occupation's industry figures could be published, so its total is not known.`,
      );
    }
    notes.push(
      'Confidence intervals are not published in this release.',
      `The female, part-time and self-employed breakdowns are not in this release; they need "${this.current.catalog.profile(APS_OCCUPATION).name}", of which no release is available.`,
    );
    return {
      soc2020: soc,
      title: unit.title,
      area: UNITED_KINGDOM,
      period: latest?.period ?? null,
      employment: latest && {
        count: latest.count,
        confidenceInterval: null,
        quality: countQuality(latest),
        presentable: latest.count !== null,
        shareOfAllEmploymentPercent:
          latest.count === null || latest.allEmployment === 0
            ? null
            : round((latest.count / latest.allEmployment) * 100, 2),
      },
      breakdown: null,
      series: figures.map((f) => ({
        year: f.year,
        period: f.period,
        count: f.count,
        confidenceInterval: null,
        quality: countQuality(f),
      })),
      notes,
      coverage: {
        ...COVERAGE_BASE,
        referencePeriod: latest?.period ?? '',
        note: "Annual Population Survey estimates of people in employment (employees and self-employed) in the UK. A count is given only for a year in which every industry figure of the occupation was published; shares are of all people in employment in the table's Total row. Not seasonally adjusted.",
      },
      provenance,
    };
  }

  async workforce(soc: string): Promise<WorkforceResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const { edition, provenance } = await this.current.serving(APS_BY_INDUSTRY, 'Workforce figures');
    const tables = await apsTablesFor(this.db, edition.id, soc);
    const latestYear = tables.years.at(-1);
    const cells = tables.cells.filter((c) => c.year === latestYear?.year && c.soc2020 === soc);
    const published = cells.filter((c) => c.marker === 'published' && c.people !== null);
    const people = published.reduce((sum, c) => sum + c.people!, 0);
    if (!latestYear || published.length === 0) {
      throw new Problem(
        'figure-not-found',
        `No industry figure for ${soc} could be published in ${latestYear?.period ?? 'the latest year'}: every sample was too small.`,
      );
    }
    const names = new Map(tables.industries.map((i) => [i.section, i.name]));
    const industries = published
      .sort((a, b) => b.people! - a.people! || a.section.localeCompare(b.section))
      .slice(0, TOP_INDUSTRIES)
      .map((c) => ({
        code: c.section,
        name: names.get(c.section) ?? c.section,
        people: c.people,
        percent: round((c.people! / people) * 100, 1),
        quality: cellQuality(c),
        presentable: true,
      }));
    const withheld = cells.filter((c) => c.marker === 'withheld').length;
    return {
      soc2020: soc,
      title: unit.title,
      people,
      agedUnder25Percent: null,
      aged55AndOverPercent: null,
      degreePercent: null,
      ageBands: [],
      qualifications: [],
      industries,
      coverage: {
        ...COVERAGE_BASE,
        referencePeriod: latestYear.period,
        note:
          `People in employment summed over the industry figures published for ${latestYear.period}` +
          (withheld > 0
            ? `; ${withheld} industry figure${withheld === 1 ? ' was' : 's were'} too small to publish and ${withheld === 1 ? 'is' : 'are'} left out, so \`people\` is a lower bound and the percentages are shares of what was published`
            : '') +
          '. Industries are SIC 2007 sections; shaded (small-sample) figures have quality `acceptable`. Age bands and qualifications are not in this release, so they are empty and their percentages null.',
      },
      provenance,
    };
  }
}

function round(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}
