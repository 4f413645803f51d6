import { cvBand, type QualityBand } from '../ingest/formats/ons-conventions.js';
import type { PayMeasure, PaySex, WorkPattern } from '../ingest/sources/ashe-layout.js';
import { asheTable14Source } from '../ingest/sources/ashe-table14/descriptor.js';
import { asheTable15Source } from '../ingest/sources/ashe-table15/descriptor.js';
import type { AnySourceDescriptor } from '../ingest/source.js';
import { Problem, invalidParameter, sourceUnavailable } from '../http/problem.js';
import type { PayQuery, PayResponse, PaySeriesQuery, PaySeriesResponse, RegionalPayQuery, RegionalPayResponse } from '../schemas/pay.js';
import { findAsheRelease, findPayRows, type AsheReleaseFacts, type PayKey, type PayRow } from '../store/ashe-pay.js';
import { findEdition, listEditions, type Edition } from '../store/editions.js';
import type { Db } from '../store/schema.js';
import type { CurrentEditions } from './current-editions.js';
import type { Occupations } from './occupations.js';
import { provenanceOf } from './provenance.js';
import { PAY_REGIONS, UNITED_KINGDOM, payArea } from './uk-areas.js';

/** The unit of every figure of a measure (ASHE Tables 14.1 to 14.11). */
const UNITS: Record<PayMeasure, string> = {
  weekly_pay_gross: 'GBP per week',
  weekly_pay_excl_overtime: 'GBP per week',
  basic_pay_incl_other: 'GBP per week',
  overtime_pay: 'GBP per week',
  hourly_pay_gross: 'GBP per hour',
  hourly_pay_excl_overtime: 'GBP per hour',
  annual_pay_gross: 'GBP per year',
  annual_pay_incentive: 'GBP per year',
  hours_paid_total: 'hours per week',
  hours_paid_basic: 'hours per week',
  hours_paid_overtime: 'hours per week',
};

const isAnnual = (measure: PayMeasure) => measure === 'annual_pay_gross' || measure === 'annual_pay_incentive';

/** ASHE describes employee jobs in April of the year; annual pay is for the tax year ending 5 April of it. */
function referencePeriod(measure: PayMeasure, year: number): string {
  return isAnnual(measure) ? `Tax year 6 April ${year - 1} to 5 April ${year}` : `April ${year} (ASHE survey reference date)`;
}

/** Who the figures count, from the footnotes of ONS's tables (footnote a differs between annual and period measures). */
function coverage(measure: PayMeasure, period: string, provisional: boolean | null) {
  const who = isAnnual(measure)
    ? 'Employee jobs on adult rates where the employee has been in the same job for more than a year'
    : 'Employee jobs on adult rates whose pay for the survey pay period was not affected by absence';
  const notes = [
    `${who}; self-employed people are not counted.`,
    'Number of jobs is indicative only, not an accurate count of employee jobs.',
    'Figures ONS withheld (coefficient of variation over 20% or disclosive) are null; quality is the ONS band of the median\'s coefficient of variation.',
  ];
  if (provisional === true) notes.push('Provisional figures: ONS revises them with the following year\'s release.');
  return { population: 'employee jobs', includesSelfEmployed: false, referencePeriod: period, note: notes.join(' ') };
}

/**
 * Band of the median: from its CV in the `b` workbook; a withheld median is `unreliable`. ONS
 * publishes some medians with no CV (`.`, where the job count is withheld); as ONS suppresses every
 * estimate whose CV is over 20%, such a median is given the lowest band a published figure can have.
 */
export function medianQuality(row: Pick<PayRow, 'median' | 'medianCv'> | undefined): QualityBand {
  if (!row || row.median === null) return 'unreliable';
  return row.medianCv === null ? 'acceptable' : cvBand(row.medianCv);
}

function presentable(row: Pick<PayRow, 'median' | 'medianCv'> | undefined): boolean {
  return row !== undefined && row.median !== null && medianQuality(row) !== 'unreliable';
}

export class PayFigures {
  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly occupations: Occupations,
  ) {}

  async pay(soc: string, query: PayQuery): Promise<PayResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const source = query.area === 'uk' ? asheTable14Source : asheTable15Source;
    const editions = await this.servedEditions(source, query.area === 'uk' ? 'Pay figures' : 'Regional pay figures');
    const edition = query.edition !== undefined ? await this.pinnedEdition(source, query.edition) : this.editionOfYear(editions, query.year);
    const release = await this.releaseOf(edition);
    const key = payKey(soc, query);
    const [row] = await findPayRows(this.db, [edition.id], key, [query.area]);
    if (!row) throw new Problem('figure-not-found', `${edition.label} has no ${query.measure} figures for ${soc} (${query.sex}, ${query.pattern}) in ${payArea(query.area).name}.`);
    const period = referencePeriod(query.measure, release.year);
    return {
      soc2020: soc,
      title: unit.title,
      area: payArea(query.area),
      year: release.year,
      referencePeriod: period,
      provisional: release.provisional,
      measure: query.measure,
      unit: UNITS[query.measure],
      sex: query.sex,
      workPattern: query.pattern,
      mean: row.mean,
      distribution: {
        p10: row.p10,
        p20: row.p20,
        p25: row.p25,
        p30: row.p30,
        p40: row.p40,
        median: row.median,
        p60: row.p60,
        p70: row.p70,
        p75: row.p75,
        p80: row.p80,
        p90: row.p90,
      },
      employeeJobsThousands: row.jobsThousands,
      percentChange: row.medianChange,
      quality: medianQuality(row),
      presentable: presentable(row),
      coverage: coverage(query.measure, period, release.provisional),
      provenance: provenanceOf(source, edition),
    };
  }

  async series(soc: string, query: PaySeriesQuery): Promise<PaySeriesResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const source = query.area === 'uk' ? asheTable14Source : asheTable15Source;
    const editions = await this.servedEditions(source, query.area === 'uk' ? 'Pay figures' : 'Regional pay figures');
    const rows = await findPayRows(this.db, editions.map((e) => e.id), payKey(soc, query), [query.area]);
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
      });
    }
    points.sort((a, b) => a.year - b.year);
    const span = points.length > 0 ? `${points[0]!.year} to ${points[points.length - 1]!.year}` : 'none';
    const period = isAnnual(query.measure) ? `Tax years ending 5 April, ${span}` : `April of each year, ${span} (ASHE survey reference date)`;
    return {
      soc2020: soc,
      title: unit.title,
      area: payArea(query.area),
      measure: query.measure,
      unit: UNITS[query.measure],
      sex: query.sex,
      workPattern: query.pattern,
      coverage: coverage(query.measure, period, points.some((p) => p.provisional)),
      points,
    };
  }

  async regions(soc: string, query: RegionalPayQuery): Promise<RegionalPayResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const editions = await this.servedEditions(asheTable15Source, 'Regional pay figures');
    const edition = this.editionOfYear(editions, query.year);
    const release = await this.releaseOf(edition);
    const key = payKey(soc, query);
    const rows = await findPayRows(this.db, [edition.id], key, PAY_REGIONS.map((r) => r.slug));
    if (rows.length === 0) throw new Problem('figure-not-found', `${edition.label} has no ${query.measure} figures for ${soc} (${query.sex}, ${query.pattern}) in any region.`);
    const ukEdition = (await this.current.ofSource(asheTable14Source.key)).find((e) => e.seriesKey === edition.seriesKey);
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
        relativeToUkPercent: shown && ukShown ? Math.round((row!.median! / ukRow.median! - 1) * 1000) / 10 : null,
      };
    }).sort((a, b) => (b.median ?? -Infinity) - (a.median ?? -Infinity) || a.area.name.localeCompare(b.area.name, 'en-GB'));
    const period = referencePeriod(query.measure, release.year);
    return {
      soc2020: soc,
      title: unit.title,
      year: release.year,
      referencePeriod: period,
      provisional: release.provisional,
      measure: query.measure,
      unit: UNITS[query.measure],
      sex: query.sex,
      workPattern: query.pattern,
      uk: ukEdition ? { median: ukRow?.median ?? null, quality: medianQuality(ukRow) } : null,
      regions,
      coverage: coverage(query.measure, `${period}; regions by workplace`, release.provisional),
      provenance: provenanceOf(asheTable15Source, edition),
    };
  }

  /** The source's published editions, one per reference year, newest first; a 404 naming the source when there are none. */
  private async servedEditions(source: AnySourceDescriptor, what: string): Promise<Edition[]> {
    const editions = await this.current.ofSource(source.key);
    if (editions.length === 0) throw sourceUnavailable(source.key, source.name, what);
    return editions;
  }

  private editionOfYear(editions: Edition[], year: number | undefined): Edition {
    if (year === undefined) return editions[0]!;
    const edition = editions.find((e) => e.seriesKey === String(year));
    if (!edition) {
      const years = editions.map((e) => e.seriesKey ?? '').sort();
      throw invalidParameter('year', `${year} is not a published year`, years);
    }
    return edition;
  }

  /** An exact release by id: published or superseded (quarantined releases have no figures). */
  private async pinnedEdition(source: AnySourceDescriptor, id: string): Promise<Edition> {
    const edition = await findEdition(this.db, id);
    if (edition && edition.sourceKey === source.key && (edition.status === 'published' || edition.status === 'superseded')) return edition;
    const servable = (await listEditions(this.db, source.key)).filter((e) => e.status === 'published' || e.status === 'superseded');
    const reason = !edition
      ? `there is no edition ${id}`
      : edition.sourceKey !== source.key
        ? `edition ${id} is a release of \`${edition.sourceKey}\`, not of \`${source.key}\``
        : `edition ${id} was ${edition.status} and has no figures`;
    throw invalidParameter('edition', `${reason}; /v1/meta/editions?source=${source.key} lists the releases`, servable.length > 0 ? servable.map((e) => e.id) : undefined);
  }

  private async releaseOf(edition: Edition): Promise<AsheReleaseFacts> {
    const release = await findAsheRelease(this.db, edition.id);
    if (!release) throw new Error(`edition ${edition.id} has no ASHE release facts`);
    return release;
  }
}

function payKey(soc: string, query: { measure: PayMeasure; sex: PaySex; pattern: WorkPattern }): PayKey {
  return { soc, measure: query.measure, sex: query.sex, pattern: query.pattern };
}
