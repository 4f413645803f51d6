import { NATION_AREAS, UNITED_KINGDOM, type AreaSummary } from '../../domain/areas.js';
import type { ApsOccupationCount, EmploymentCell } from '../../domain/employment.js';
import { round } from '../../domain/numbers.js';
import { Problem, releaseLacks } from '../../domain/problems.js';
import { apsIntervalBand, isPresentable, type Quality } from '../../domain/quality.js';
import type { FoundReleaseRecord } from '../../domain/sources.js';
import type { Edition } from '../../domain/editions.js';
import type { EmploymentResponse, WorkforceResponse, WorkforceShare } from '../../schemas/employment.js';
import {
  apsCountPages,
  apsLargestCounts,
  apsOccupationCountsFor,
  apsOccupationPeriods,
  apsOccupationTotals,
  apsTablesFor,
  type ApsTables,
} from '../../store/employment.js';
import { findPayRows } from '../../store/pay.js';
import type { Db } from '../../store/schema.js';
import { findSocDescription } from '../../store/soc-descriptions.js';
import type { CurrentEditions, Served } from '../current-editions.js';
import type { Occupations } from '../occupations/index.js';
import { censusAges } from './census-ages.js';

/** The APS count by unit group (Nomis NM_218_1, or a relay of it), and the APS occupation x industry table. */
const APS_OCCUPATION = 'aps-occupation';
const APS_BY_INDUSTRY = 'aps-occupation-industry';
/** ONS user-requested table 3501 (age and qualification by unit group): found at ONS, not read. */
const APS_BY_AGE = 'aps-occupation-age';
type EmploymentSource = typeof APS_OCCUPATION | typeof APS_BY_INDUSTRY;

const TOP_INDUSTRIES = 10;
const ASHE_TABLE_14 = 'ashe-table14';
const SOC_DESCRIPTIONS = 'soc2020-descriptions';
/** ASHE's count of all employee jobs is given with weekly pay (annual pay counts only jobs held a whole year). */
const ASHE_JOBS_MEASURE = 'weekly_pay_gross';
/** A self-employed share from which pay (employees only) leaves out a large part of an occupation. */
const LARGE_SELF_EMPLOYED_PERCENT = 25;
/** Without the breakdown: ASHE's employee jobs under this share of the APS count says the same. */
const SMALL_ASHE_COVERAGE = 0.6;
const ARMED_FORCES = /\barmed forces\b/i;
const MILITARY = /\bmilitary\b/i;

/** An occupation's employment in one year from the industry table, from what it publishes and nothing else. */
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

/** ONS: shaded cells rest on a small sample ("use with caution"); a total with `*` parts is not known. */
function yearQuality(figures: YearFigures): Quality {
  if (figures.count !== null) return figures.smallSampleCells > 0 ? 'acceptable' : 'reasonable';
  return figures.publishedSum > 0 ? 'incomplete' : 'withheld';
}

function cellQuality(cell: EmploymentCell): WorkforceShare['quality'] {
  if (cell.marker !== 'published') return 'unreliable';
  return cell.smallSample ? 'acceptable' : 'reasonable';
}

/** Nomis: a count with its 95% interval gets the band of its CV; a relayed count, published without one, is unassessed. */
function apsQuality(count: ApsOccupationCount | undefined): Quality {
  if (!count || count.status === 'not-published') return 'not-published';
  if (count.status === 'withheld' || count.people === null) return 'withheld';
  return count.confidence === null ? 'unassessed' : apsIntervalBand(count.people, count.confidence);
}

/** One year of an occupation's employment, from one source. */
interface EmploymentPoint {
  year: number;
  period: string;
  count: number | null;
  confidenceInterval: number | null;
  quality: Quality;
  source: EmploymentSource;
  served: Served;
  /** Everyone in employment in the release's year and area: the base of the share. */
  allEmployment: number | null;
  /** APS only: every count of the unit group in the release (its breakdowns). */
  counts: ApsOccupationCount[];
  /** Industry table only: the sum of the published cells, when some are withheld. */
  publishedSum: number | null;
}

/** One count of an APS edition in a bulk file: the fields of /employment's headline, with its breakdown. */
interface EmploymentRecord {
  soc2020: string;
  title: string;
  area: AreaSummary;
  year: number;
  period: string;
  sex: string;
  workPattern: string;
  employmentType: string;
  count: number | null;
  confidenceInterval: number | null;
  quality: Quality;
  presentable: boolean;
}

const isAll = (c: ApsOccupationCount) => c.sex === 'all' && c.pattern === 'all' && c.employment === 'all';

/** Per year, the point with a count from the APS source, else the industry table's, else whichever says why not. */
function preferred(a: EmploymentPoint, b: EmploymentPoint): EmploymentPoint {
  const rank = (p: EmploymentPoint) =>
    p.count !== null ? (p.source === APS_OCCUPATION ? 4 : 3) : p.source === APS_BY_INDUSTRY ? 2 : 1;
  return rank(a) >= rank(b) ? a : b;
}

/** The largest occupations of the latest APS period, for the explorer. */
interface LargestOccupations {
  period: string | null;
  occupations: { soc2020: string; title: string; count: number }[];
  provenance: Served['provenance'];
}

const COVERAGE_BASE = { population: 'people in employment', includesSelfEmployed: true } as const;

const spoken = (period: string) => period.replace('-', ' to ');

export class Employment {
  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly occupations: Occupations,
  ) {}

  /** Every year's point, oldest first: the APS count by unit group where it has one, the industry table's otherwise. */
  private async points(soc: string, area: AreaSummary): Promise<EmploymentPoint[]> {
    const editions = (await this.current.ofSource(APS_OCCUPATION)).map((e) => this.current.served(e));
    const ids = editions.map((s) => s.edition.id);
    const [periods, counts, totals] = await Promise.all([
      apsOccupationPeriods(this.db, ids),
      apsOccupationCountsFor(this.db, ids, soc, area.code),
      apsOccupationTotals(this.db, ids, area.code),
    ]);
    const points: EmploymentPoint[] = periods.flatMap((p) => {
      if (!totals.has(p.editionId)) return [];
      const mine = counts.filter((c) => c.editionId === p.editionId);
      const all = mine.find(isAll);
      return [
        {
          year: p.year,
          period: p.period,
          count: all?.status === 'published' ? all.people : null,
          confidenceInterval: all?.status === 'published' ? all.confidence : null,
          quality: apsQuality(all),
          source: APS_OCCUPATION,
          served: editions.find((s) => s.edition.id === p.editionId)!,
          allEmployment: totals.get(p.editionId) ?? null,
          counts: mine,
          publishedSum: null,
        },
      ];
    });
    const industry = area === UNITED_KINGDOM ? await this.current.latest(APS_BY_INDUSTRY) : null;
    if (industry) {
      const served = this.current.served(industry);
      for (const f of yearFigures(await apsTablesFor(this.db, industry.id, soc), soc))
        points.push({
          year: f.year,
          period: f.period,
          count: f.count,
          confidenceInterval: null,
          quality: yearQuality(f),
          source: APS_BY_INDUSTRY,
          served,
          allEmployment: f.allEmployment,
          counts: [],
          publishedSum: f.count === null && f.publishedSum > 0 ? f.publishedSum : null,
        });
    }
    const byYear = new Map<number, EmploymentPoint>();
    for (const p of points) byYear.set(p.year, byYear.has(p.year) ? preferred(byYear.get(p.year)!, p) : p);
    return [...byYear.values()].sort((a, b) => a.year - b.year);
  }

  /** The headline: the latest APS period (a nation: only it), else the industry table's latest year. */
  private async headline(
    soc: string,
    area: AreaSummary,
  ): Promise<{ series: EmploymentPoint[]; points: EmploymentPoint[]; latest: EmploymentPoint }> {
    const points = await this.points(soc, area);
    const latest = points.filter((p) => p.source === APS_OCCUPATION).at(-1) ?? points.at(-1);
    // One estimate per series: the headline's source only, so a change of method never charts as a change of employment.
    if (latest) return { series: points.filter((p) => p.source === latest.source), points, latest };
    const served = await this.current.ofSource(APS_OCCUPATION);
    const what = `Employment figures for ${area.slug}`;
    if (served.length > 0)
      throw releaseLacks(
        this.current.catalog.profile(APS_OCCUPATION),
        served.map((e) => e.label),
        what,
      );
    throw this.current.unavailable(APS_OCCUPATION, what);
  }

  /**
   * Every count of an APS edition (Nomis NM_218_1) for the UK and its nations, each breakdown a
   * record with the fields /employment gives its headline count, for the edition's bulk file.
   */
  async *bulkRecords(edition: Edition): AsyncGenerator<EmploymentRecord[]> {
    const [period] = await apsOccupationPeriods(this.db, [edition.id]);
    if (!period) return;
    const { groups } = await this.occupations.structure();
    const areas = new Map([UNITED_KINGDOM, ...NATION_AREAS].map((a) => [a.code, a]));
    for await (const page of apsCountPages(this.db, edition.id))
      yield page
        .filter((c) => groups.get(c.soc2020)?.level === 'unit' && areas.has(c.area))
        .map((c) => {
          const count = c.status === 'published' ? c.people : null;
          const quality = apsQuality(c);
          return {
            soc2020: c.soc2020,
            title: groups.get(c.soc2020)!.title,
            area: areas.get(c.area)!,
            year: period.year,
            period: period.period,
            sex: c.sex,
            workPattern: c.pattern,
            employmentType: c.employment,
            count,
            confidenceInterval: c.status === 'published' ? c.confidence : null,
            quality,
            presentable: isPresentable(quality, count),
          };
        });
  }

  /**
   * The unit groups employing most people in the UK in the latest APS period, each count
   * presentable (a figure too unreliable to show is never ranked): the explorer's front page.
   */
  async largest(limit: number): Promise<LargestOccupations> {
    const { edition, provenance } = await this.current.serving(APS_OCCUPATION, 'Employment figures');
    const [[period], { groups }, counts] = await Promise.all([
      apsOccupationPeriods(this.db, [edition.id]),
      this.occupations.structure(),
      // Read beyond the limit: rows of groups above unit level and unpresentable counts are dropped.
      apsLargestCounts(this.db, edition.id, UNITED_KINGDOM.code, limit * 3),
    ]);
    const occupations = counts
      .filter((c) => groups.get(c.soc2020)?.level === 'unit' && isPresentable(apsQuality(c), c.people))
      .slice(0, limit)
      .map((c) => ({ soc2020: c.soc2020, title: groups.get(c.soc2020)!.title, count: c.people! }));
    return { period: period?.period ?? null, occupations, provenance };
  }

  async employment(soc: string, areaSlug: string): Promise<EmploymentResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const area = areaSlug === 'uk' ? UNITED_KINGDOM : NATION_AREAS.find((a) => a.slug === areaSlug)!;
    const { series, points, latest } = await this.headline(soc, area);
    const breakdown = area === UNITED_KINGDOM ? breakdownOf(latest) : null;
    return {
      soc2020: soc,
      title: unit.title,
      area,
      period: latest.period,
      employment: {
        count: latest.count,
        confidenceInterval: latest.confidenceInterval,
        quality: latest.quality,
        presentable: isPresentable(latest.quality, latest.count),
        shareOfAllEmploymentPercent:
          latest.count === null || !latest.allEmployment ? null : round((latest.count / latest.allEmployment) * 100, 2),
        source: latest.source,
      },
      breakdown,
      series: series.map((p) => ({
        year: p.year,
        period: p.period,
        count: p.count,
        confidenceInterval: p.confidenceInterval,
        quality: p.quality,
        presentable: isPresentable(p.quality, p.count),
        source: p.source,
        edition: p.served.edition.label,
      })),
      notes: [
        ...this.notes(soc, latest, series, points, hasBreakdown(breakdown) || area !== UNITED_KINGDOM),
        ...(await this.coverageCaveats(soc, latest, breakdown)),
      ],
      coverage: {
        ...COVERAGE_BASE,
        referencePeriod: latest.period,
        note:
          latest.source === APS_OCCUPATION
            ? `Annual Population Survey estimates of people in employment aged 16+ (employees and self-employed) in ${area.name}, by SOC 2020 unit group (Nomis NM_218_1). The share is of the sum of the release's published unit-group counts. \`series\` holds the NM_218_1 releases' years only: the APS occupation x industry table is a different estimate, and its years are left out (see \`notes\`). Not seasonally adjusted.`
            : "Annual Population Survey estimates of people in employment (employees and self-employed) in the UK, from the occupation x industry table. A count is given only for a year in which every industry figure of the occupation was published; shares are of all people in employment in the table's Total row. Not seasonally adjusted.",
      },
      provenance: latest.served.provenance,
    };
  }

  private notes(
    soc: string,
    latest: EmploymentPoint,
    series: EmploymentPoint[],
    points: EmploymentPoint[],
    hasBreakdown: boolean,
  ): string[] {
    const notes: string[] = [];
    const origin = latest.source === APS_OCCUPATION ? latest.served.edition.label : null;
    if (origin !== null) {
      const relayed = latest.confidenceInterval === null && / relayed by /.test(origin);
      notes.push(
        `Annual Population Survey estimate for ${spoken(latest.period)}, subject to sampling error. ` +
          (relayed
            ? "The release read is a third party's relay of Nomis NM_218_1 counts, not a Nomis download; it has no confidence interval, so quality is `unassessed`."
            : latest.confidenceInterval === null
              ? 'Nomis NM_218_1 gives no confidence interval for this count, so quality is `unassessed`.'
              : '`confidenceInterval` is the half-width of its 95% interval, from Nomis NM_218_1.'),
      );
    }
    if (latest.count === null) {
      const last = series.filter((p) => p.count !== null).at(-1);
      notes.push(
        latest.publishedSum !== null
          ? `In ${latest.period} some of the occupation's industry figures were too small to publish, so its total is not known; the published figures sum to at least ${latest.publishedSum.toLocaleString('en-GB')} people, which is not the total.`
          : `No count for ${soc} in ${latest.period} (quality \`${latest.quality}\`)${last ? `; \`series\` has the latest published one (${last.year})` : ''}.`,
      );
    }
    const left = points.filter((p) => p.source !== latest.source && !series.some((s) => s.year === p.year));
    if (left.length > 0)
      notes.push(
        `\`series\` holds one estimate only (${latest.source === APS_OCCUPATION ? 'the Nomis NM_218_1 counts' : "the occupation x industry table's totals"}); years ${left.map((p) => p.year).join(', ')} of the other APS table are a different estimate and are left out, so that a change of method never shows as a change in employment.`,
      );
    if (!hasBreakdown)
      notes.push(
        `The female, part-time and self-employed breakdowns are in Nomis NM_218_1 ("${this.current.catalog.profile(APS_OCCUPATION).name}") but not in the release served.`,
      );
    return notes;
  }

  /**
   * Caveats a reader needs, derived from the data, never written per code: a large self-employed
   * share (Nomis), or else ASHE's employee jobs covering little of the APS count, means pay figures
   * describe only part of the occupation; an occupation ONS describes as military work in the armed
   * forces is one the APS, a survey of households, largely misses (people in communal establishments).
   */
  private async coverageCaveats(
    soc: string,
    latest: EmploymentPoint,
    breakdown: EmploymentResponse['breakdown'],
  ): Promise<string[]> {
    const notes: string[] = [];
    const self = breakdown?.selfEmployed;
    if (self && self.presentable && self.percent >= LARGE_SELF_EMPLOYED_PERCENT)
      notes.push(
        `${self.percent}% of the people in this occupation are self-employed (APS, ${spoken(latest.period)}): pay figures (ASHE) count employee jobs only, so they describe only part of the occupation.`,
      );
    else if (!self && latest.count !== null) {
      const ashe = await this.current.latest(ASHE_TABLE_14);
      const [row] = ashe
        ? await findPayRows(this.db, [ashe.id], { soc, measure: ASHE_JOBS_MEASURE, sex: 'all', pattern: 'all' }, ['uk'])
        : [];
      const jobs = row?.jobsThousands == null ? null : row.jobsThousands * 1000;
      if (ashe && jobs !== null && jobs < latest.count * SMALL_ASHE_COVERAGE)
        notes.push(
          `ASHE (${ashe.label}), which counts employee jobs only, holds about ${jobs.toLocaleString('en-GB')} employee jobs in this occupation against ${latest.count.toLocaleString('en-GB')} people in employment in the APS (${spoken(latest.period)}): pay figures may describe only part of the occupation (the self-employed are not in ASHE, and the two surveys code occupations separately).`,
        );
    }
    const descriptions = await this.current.latest(SOC_DESCRIPTIONS);
    const description = descriptions ? await findSocDescription(this.db, descriptions.id, soc) : null;
    if (description && ARMED_FORCES.test(description.description) && MILITARY.test(description.description))
      notes.push(
        'ONS describes this occupation as military work in the armed forces. The Annual Population Survey samples private households and does not cover most people living in communal establishments such as barracks and military bases, so it undercounts the armed forces: treat this count as a floor, not the size of the forces.',
      );
    return notes;
  }

  async workforce(soc: string): Promise<WorkforceResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const { edition, provenance } = await this.current.serving(APS_BY_INDUSTRY, 'Workforce figures');
    const tables = await apsTablesFor(this.db, edition.id, soc);
    const latestYear = tables.years.at(-1);
    const cells = tables.cells.filter((c) => c.year === latestYear?.year && c.soc2020 === soc);
    const published = cells.filter((c) => c.marker === 'published' && c.people !== null);
    const ages = await censusAges(this.db, this.current, soc);
    // The Census age bands are answered even where every industry sample was too small.
    if (!latestYear || (published.length === 0 && ages.ageBands.length === 0)) {
      throw new Problem(
        'figure-not-found',
        `No industry figure for ${soc} could be published in ${latestYear?.period ?? 'the latest year'}: every sample was too small.`,
      );
    }
    const { series, latest } = await this.headline(soc, UNITED_KINGDOM);
    const people = latest.count !== null ? latest : series.filter((p) => p.count !== null).at(-1);
    if (!people)
      throw new Problem('figure-not-found', `No employment count for ${soc} is published in any release served.`);
    const publishedSum = published.reduce((sum, c) => sum + c.people!, 0);
    const sameYear = series.find((p) => p.year === latestYear.year && p.count !== null);
    // With no industry published there is no percent to base: `people` stands in, and the note says so.
    const base =
      sameYear || published.length === 0
        ? { people: (sameYear ?? people).count!, basis: 'occupation employment' as const }
        : { people: publishedSum, basis: 'published industry cells' as const };
    const names = new Map(tables.industries.map((i) => [i.section, i.name]));
    const industries = published
      .sort((a, b) => b.people! - a.people! || a.section.localeCompare(b.section))
      .slice(0, TOP_INDUSTRIES)
      .map((c) => ({
        code: c.section,
        name: names.get(c.section) ?? c.section,
        people: c.people,
        percent: round((c.people! / base.people) * 100, 1),
        quality: cellQuality(c),
        presentable: true,
      }));
    const withheld = cells.filter((c) => c.marker === 'withheld').length;
    const ageRelease = await this.current.foundRelease(APS_BY_AGE);
    return {
      soc2020: soc,
      title: unit.title,
      people: people.count!,
      peoplePeriod: people.period,
      peopleProvenance: people.served.provenance,
      agedUnder25Percent: ages.agedUnder25Percent,
      aged55AndOverPercent: ages.aged55AndOverPercent,
      degreePercent: null,
      ageBands: ages.ageBands,
      ageBandsPeople: ages.base,
      ageBandsPeriod: ages.period,
      ageBandsProvenance: ages.provenance,
      qualifications: [],
      industries,
      industriesPeriod: latestYear.period,
      industryPercentBase: base,
      derivation:
        `\`people\` is the Annual Population Survey's count for the UK (${people.period}); industries are the APS occupation x industry table's (UK, ${latestYear.period}). ` +
        ages.derivation,
      coverage: {
        ...COVERAGE_BASE,
        referencePeriod: latestYear.period,
        note:
          `\`people\` is the occupation's employment as /employment answers it (${people.period}${people === latest ? '' : ', the latest period with a published count'}). ` +
          (published.length === 0
            ? `No industry figure of the occupation could be published for ${latestYear.period} (every sample too small), so \`industries\` is empty and \`industryPercentBase\` is \`people\`. `
            : `Industries are the SIC 2007 sections published for ${latestYear.period}` +
              (withheld > 0 ? ` (${withheld} too small to publish, left out)` : '') +
              `; each percent is a share of ${base.basis === 'occupation employment' ? `the occupation's employment in ${latestYear.period}` : `the ${publishedSum.toLocaleString('en-GB')} people in its published industry figures of that year, since its total that year is not known`}. Shaded (small-sample) figures have quality \`acceptable\`. `) +
          `${ages.coverage} ${qualificationsNote(ageRelease)}`,
      },
      provenance,
    };
  }
}

/**
 * Why qualifications are empty: no release giving them by unit group is read. Census 2021's
 * occupation release has no such table (docs/sources.md); ONS's user-requested table 3501 has them (UK), but its workbook's
 * layout has not been seen; when the service has found it at ONS, it is named.
 */
function qualificationsNote(found: FoundReleaseRecord | null): string {
  const none =
    "Qualifications are in no release the service reads (Census 2021's occupation release has no qualification table, and no other release giving them by 4-digit unit group was found), so they are empty and `degreePercent` null";
  return found
    ? `${none}: ONS's ${found.label} (${found.url}) has them by unit group, but its layout has not been seen, so it is found, not read.`
    : `${none}.`;
}

const hasBreakdown = (b: EmploymentResponse['breakdown']) =>
  b !== null && (b.female !== null || b.partTime !== null || b.selfEmployed !== null);

/** Female, part-time and self-employed, where the release has them (Nomis); each null otherwise (the relay). */
function breakdownOf(point: EmploymentPoint): EmploymentResponse['breakdown'] {
  const all = point.counts.find(isAll);
  const part = (sex: string, pattern: string, employment: string) => {
    const c = point.counts.find((x) => x.sex === sex && x.pattern === pattern && x.employment === employment);
    if (!c || c.people === null || !all?.people) return null;
    const quality = apsQuality(c);
    return {
      count: c.people,
      percent: round((c.people / all.people) * 100, 1),
      quality,
      presentable: isPresentable(quality, c.people),
    };
  };
  return {
    female: part('female', 'all', 'all'),
    partTime: part('all', 'parttime', 'all'),
    selfEmployed: part('all', 'all', 'self-employed'),
  };
}
