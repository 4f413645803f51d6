import { PAY_AREA_SLUGS, PAY_REGIONS, payArea, UNITED_KINGDOM, type PayAreaSlug } from '../../domain/areas.js';
import type { Edition } from '../../domain/editions.js';
import {
  isAnnualMeasure,
  PAY_DISTRIBUTION,
  PAY_UNITS,
  type AsheReleaseFacts,
  type PayRow,
  type PayMeasure,
  type PaySex,
  type WorkPattern,
} from '../../domain/pay.js';
import { invalidParameter, Problem, type ValidParameter } from '../../domain/problems.js';
import { cvBand, isPresentable, onsMarkerQuality, type Quality } from '../../domain/quality.js';
import type {
  PayQuery,
  PayResponse,
  PaySeriesQuery,
  PaySeriesResponse,
  RegionalPayQuery,
  RegionalPayResponse,
} from '../../schemas/pay.js';
import { findAsheRelease, findPayRows, payRowPages, type PayKey } from '../../store/pay.js';
import type { Db } from '../../store/schema.js';
import type { CurrentEditions, Served } from '../current-editions.js';
import type { Occupations } from '../occupations/index.js';
import { percent } from '../../domain/numbers.js';
import type { SourceKey } from '../../domain/sources.js';

/** ASHE Table 14 (UK) and Table 15 (regions): the sources of the pay endpoints. */
const TABLE_14 = 'ashe-table14';
const TABLE_15 = 'ashe-table15';

/** Table 14 has the UK's figures, Table 15 the regions'. */
function tableOf(area: unknown): SourceKey {
  return PAY_REGIONS.some((r) => r.slug === area) ? TABLE_15 : TABLE_14;
}

/** ASHE describes employee jobs in April of the year; annual pay is for the tax year ending 5 April of it. */
function referencePeriod(measure: PayMeasure, year: number): string {
  return isAnnualMeasure(measure)
    ? `Tax year 6 April ${year - 1} to 5 April ${year}`
    : `April ${year} (ASHE survey reference date)`;
}

/** Who the figures count, from the footnotes of ONS's tables (footnote a differs between annual and period measures). */
function coverage(measure: PayMeasure, period: string, provisional: boolean | null, source: SourceKey = TABLE_14) {
  const who = isAnnualMeasure(measure)
    ? 'Employee jobs on adult rates where the employee has been in the same job for more than a year'
    : 'Employee jobs on adult rates whose pay for the survey pay period was not affected by absence';
  const notes = [
    `${who}; self-employed people are not counted.`,
    'Number of jobs is indicative only, not an accurate count of employee jobs.',
    "Figures ONS withheld (coefficient of variation over 20% or disclosive) are null; quality is the ONS band of the median's coefficient of variation, `unassessed` where ONS gives the median no coefficient of variation (`.`), `not-published` where the cell is blank.",
  ];
  if (source === TABLE_15)
    notes.push(
      'Regions by workplace, from ASHE Table 15: English regions, Wales and Scotland; Northern Ireland is absent (Table 15 has no Northern Ireland rows).',
    );
  if (provisional === true) notes.push("Provisional figures: ONS revises them with the following year's release.");
  return {
    population: 'employee jobs' as const,
    includesSelfEmployed: false,
    referencePeriod: period,
    note: notes.join(' '),
  };
}

type MedianFacts = Pick<PayRow, 'median' | 'medianCv' | 'medianMarker'>;

/**
 * Band of the median: from its CV in the `b` workbook. ONS publishes some medians with no CV (`.`
 * in the CV's place): such a median is published with no measure of its precision, `unassessed`,
 * never given a band it was not. A missing median says why from the marker in its place: `x`
 * unreliable, `..` withheld (disclosive), `:` not covered, blank (`''`: no figure and no reason
 * given, as Table 15's real cells show) and no row for the year `not-published`; a row read
 * before markers were kept (no marker) `withheld`.
 */
function medianQuality(row: MedianFacts | undefined): Quality {
  if (!row) return 'not-published';
  if (row.median !== null) return row.medianCv === null ? 'unassessed' : cvBand(row.medianCv);
  return onsMarkerQuality(row.medianMarker ?? '..');
}

function presentable(row: MedianFacts | undefined): boolean {
  return isPresentable(medianQuality(row), row?.median ?? null);
}

const isPayArea = (area: string): area is PayAreaSlug => (PAY_AREA_SLUGS as readonly string[]).includes(area);

type PayFigures = Omit<PayResponse, 'percentChangeBasis' | 'coverage' | 'provenance'>;

/** The figures of one ASHE row as /pay gives them, for its response and its edition's bulk file. */
function payFigures(title: string, release: AsheReleaseFacts, row: PayRow): PayFigures {
  const measure = row.measure as PayMeasure;
  return {
    soc2020: row.soc,
    title,
    area: payArea(isPayArea(row.area) ? row.area : 'uk'),
    year: release.year,
    referencePeriod: referencePeriod(measure, release.year),
    provisional: release.provisional,
    measure,
    unit: PAY_UNITS[measure],
    sex: row.sex as PaySex,
    workPattern: row.pattern as WorkPattern,
    mean: row.mean,
    distribution: Object.fromEntries(
      PAY_DISTRIBUTION.map((point) => [point, row[point]]),
    ) as PayResponse['distribution'],
    employeeJobsThousands: row.jobsThousands,
    percentChange: row.medianChange,
    quality: medianQuality(row),
    presentable: presentable(row),
  };
}

/** What ONS's change in the median compares: this release's median with the previous year's revised one. */
function percentChangeBasis(release: AsheReleaseFacts, change: number | null): PayResponse['percentChangeBasis'] {
  if (change === null) return null;
  const state = release.provisional ? 'provisional' : 'revised';
  return {
    from: { year: release.year - 1, provisional: false },
    to: { year: release.year, provisional: release.provisional },
    description: `ONS's change in the median: ${release.year}'s ${state} median against ${release.year - 1}'s revised median (published with ${release.year}'s release, not served here). /pay/series serves ${release.year - 1}'s ${release.provisional ? 'provisional' : 'own'} median, so the change between its points can differ.`,
  };
}

export class Pay {
  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly occupations: Occupations,
  ) {}

  async pay(soc: string, query: PayQuery): Promise<PayResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const source = tableOf(query.area);
    const editions = await this.current.servingAll(
      source,
      query.area === 'uk' ? 'Pay figures' : 'Regional pay figures',
    );
    const { edition, provenance } =
      query.edition !== undefined
        ? await this.current.pinned(source, query.edition)
        : editionOfYear(editions, query.year);
    const release = await this.releaseOf(edition);
    const key = payKey(soc, query);
    const [row] = await findPayRows(this.db, [edition.id], key, [query.area]);
    if (!row)
      throw new Problem(
        'figure-not-found',
        `${edition.label} has no ${query.measure} figures for ${soc} (${query.sex}, ${query.pattern}) in ${payArea(query.area).name}.`,
      );
    const figures = payFigures(unit.title, release, row);
    return {
      ...figures,
      percentChangeBasis: percentChangeBasis(release, row.medianChange),
      coverage: coverage(query.measure, figures.referencePeriod, release.provisional, source),
      provenance,
    };
  }

  /** Every row of an ASHE edition as /pay answers it (less coverage and provenance), for its bulk file; unit groups only, as the endpoint serves. */
  async *bulkRecords(edition: Edition): AsyncGenerator<PayFigures[]> {
    const release = await this.releaseOf(edition);
    const { groups } = await this.occupations.structure();
    for await (const page of payRowPages(this.db, edition.id)) {
      const served = page.filter((row) => groups.get(row.soc)?.level === 'unit' && isPayArea(row.area));
      yield served.map((row) => payFigures(groups.get(row.soc)!.title, release, row));
    }
  }

  async series(soc: string, query: PaySeriesQuery): Promise<PaySeriesResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const source = tableOf(query.area);
    const editions = (
      await this.current.servingAll(source, query.area === 'uk' ? 'Pay figures' : 'Regional pay figures')
    ).map((s) => s.edition);
    const rows = await findPayRows(
      this.db,
      editions.map((e) => e.id),
      payKey(soc, query),
      [query.area],
    );
    const points = [];
    for (const edition of editions) {
      const release = await this.releaseOf(edition);
      const row = rows.find((r) => r.editionId === edition.id);
      points.push({
        year: release.year,
        referencePeriod: referencePeriod(query.measure, release.year),
        provisional: release.provisional,
        median: row?.median ?? null,
        mean: row?.mean ?? null,
        employeeJobsThousands: row?.jobsThousands ?? null,
        quality: medianQuality(row),
        presentable: presentable(row),
      });
    }
    points.sort((a, b) => a.year - b.year);
    const span = points.length > 0 ? `${points[0]!.year} to ${points[points.length - 1]!.year}` : 'none';
    const period = isAnnualMeasure(query.measure)
      ? `Tax years ending 5 April, ${span}`
      : `April of each year, ${span} (ASHE survey reference date)`;
    return {
      soc2020: soc,
      title: unit.title,
      area: payArea(query.area),
      measure: query.measure,
      unit: PAY_UNITS[query.measure],
      sex: query.sex,
      workPattern: query.pattern,
      coverage: coverage(
        query.measure,
        period,
        points.some((p) => p.provisional),
        source,
      ),
      points,
    };
  }

  async regions(soc: string, query: RegionalPayQuery): Promise<RegionalPayResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const { edition, provenance } = editionOfYear(
      await this.current.servingAll(TABLE_15, 'Regional pay figures'),
      query.year,
    );
    const release = await this.releaseOf(edition);
    const key = payKey(soc, query);
    const rows = await findPayRows(
      this.db,
      [edition.id],
      key,
      PAY_REGIONS.map((r) => r.slug),
    );
    if (rows.length === 0)
      throw new Problem(
        'figure-not-found',
        `${edition.label} has no ${query.measure} figures for ${soc} (${query.sex}, ${query.pattern}) in any region.`,
      );
    const ukEdition = (await this.current.ofSource(TABLE_14)).find((e) => e.seriesKey === edition.seriesKey);
    const [ukRow] = ukEdition ? await findPayRows(this.db, [ukEdition.id], key, [UNITED_KINGDOM.slug]) : [];
    const ukShown = ukRow !== undefined && presentable(ukRow);
    const regions = PAY_REGIONS.map((area) => {
      const row = rows.find((r) => r.area === area.slug);
      const shown = presentable(row);
      return {
        area,
        median: row?.median ?? null,
        mean: row?.mean ?? null,
        quality: medianQuality(row),
        presentable: shown,
        relativeToUkPercent: shown && ukShown ? percent(row!.median! / ukRow.median! - 1, 1) : null,
      };
    }).sort(
      (a, b) => (b.median ?? -Infinity) - (a.median ?? -Infinity) || a.area.name.localeCompare(b.area.name, 'en-GB'),
    );
    const period = referencePeriod(query.measure, release.year);
    return {
      soc2020: soc,
      title: unit.title,
      year: release.year,
      referencePeriod: period,
      provisional: release.provisional,
      measure: query.measure,
      unit: PAY_UNITS[query.measure],
      sex: query.sex,
      workPattern: query.pattern,
      uk: ukEdition ? { median: ukRow?.median ?? null, quality: medianQuality(ukRow) } : null,
      regions,
      coverage: coverage(query.measure, `${period}; regions by workplace`, release.provisional, TABLE_15),
      provenance,
    };
  }

  /** What `year` and `edition` may be on the pay of an area (for the 400 of a malformed one): the years and releases of its table. */
  async payParameters(area: unknown): Promise<Record<'year' | 'edition', ValidParameter>> {
    const source = tableOf(area);
    return { year: await this.publishedYears(source), edition: await this.pinnableReleases(source) };
  }

  /** What `year` may be on regional pay: the years of Table 15. */
  async regionalPayParameters(): Promise<Record<'year', ValidParameter>> {
    return { year: await this.publishedYears(TABLE_15) };
  }

  private async publishedYears(source: SourceKey): Promise<ValidParameter> {
    const years = (await this.current.ofSource(source)).map((e) => e.seriesKey ?? '').sort();
    const must = `a reference year of a published release of \`${source}\``;
    return years.length > 0
      ? { must, validValues: years }
      : { must: `${must}, and none has been ingested yet (see /v1/meta/sources)` };
  }

  private async pinnableReleases(source: SourceKey): Promise<ValidParameter> {
    const ids = (await this.current.pinnable(source)).map((e) => e.id);
    const must = `a uuid listed by /v1/meta/editions?source=${source} (a published or superseded release)`;
    return ids.length > 0 ? { must, validValues: ids } : { must: `${must}, and none has been ingested yet` };
  }

  private async releaseOf(edition: Edition): Promise<AsheReleaseFacts> {
    const release = await findAsheRelease(this.db, edition.id);
    if (!release) throw new Error(`edition ${edition.id} has no ASHE release facts`);
    return release;
  }
}

/** The edition of a reference year, or the newest; a 400 listing the published years otherwise. */
function editionOfYear(editions: Served[], year: number | undefined): Served {
  if (year === undefined) return editions[0]!;
  const served = editions.find((e) => e.edition.seriesKey === String(year));
  if (!served)
    throw invalidParameter(
      'year',
      `${year} is not a published year`,
      editions.map((e) => e.edition.seriesKey ?? '').sort(),
    );
  return served;
}

function payKey(soc: string, query: { measure: PayMeasure; sex: PaySex; pattern: WorkPattern }): PayKey {
  return { soc, measure: query.measure, sex: query.sex, pattern: query.pattern };
}
