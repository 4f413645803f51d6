import type { AreaSummary, LocalArea } from '../../domain/areas.js';
import { UNITED_KINGDOM } from '../../domain/areas.js';
import {
  JOB_ADVERT_SERIES_START,
  LOCAL_QUARTERS_LISTED,
  MONTHS_IN_YEAR,
  QUARTERS_IN_ADVERT_YEAR,
  type JobAdvertRelease,
  type LocalAdvertRelease,
} from '../../domain/job-adverts.js';
import {
  changeOverPublishedPairs,
  rankDescending,
  rounded,
  summarisePeriods,
  type Published,
} from '../../domain/period-figures.js';
import { monthsFrom, periodsEndingWith, shiftMonth, shiftQuarter } from '../../domain/periods.js';
import { Problem } from '../../domain/problems.js';
import type {
  AreaAdvertsResponse,
  JobAdvertListResponse,
  JobAdvertResponse,
  LocalAdvertAreasResponse,
  LocalAdvertResponse,
  LocalAdvertYear,
} from '../../schemas/job-adverts.js';
import type { Provenance } from '../provenance.js';
import type { TitleOf } from '../visas/responses.js';

/** An occupation's (or, under ALL, every advert's) figure in each period: a period with no row was not published. */
type Series = Map<string, Published>;
type AreaSeries = Map<string, Series>;

/** The key all new adverts in an area (coded to an occupation or not) are kept under. */
const ALL = '*';

function valuesOf(series: Series | undefined, periods: readonly string[]): Published[] {
  return periods.map((p) => series?.get(p) ?? null);
}

const ADVERT_NOTE =
  'Counted as new online job adverts, not jobs: new online job adverts (ONS, from the online adverts Textkernel collects), coded to SOC 2020 unit groups. Online adverts are not every vacancy: some jobs are never advertised online, and one job may be advertised more than once. ' +
  'Suppressed figures are null and left out of every total; averages are over the published periods only.';

function coverage(from: string, to: string): JobAdvertResponse['coverage'] {
  return {
    population: 'employee jobs',
    includesSelfEmployed: false,
    referencePeriod: `${from} to ${to}`,
    note: ADVERT_NOTE,
  };
}

/* ---------- monthly, UK and regions ---------- */

interface MonthlyYear {
  soc2020: string;
  adverts: number;
  monthsSuppressed: number;
  averagePerMonth: number | null;
  changePercent: number | null;
}

/** Every occupation's latest twelve months in the area, ranked by average per published month. */
function monthlyYears(release: JobAdvertRelease, area: AreaSummary) {
  const last = release.months.at(-1);
  if (!last) throw new Problem('figure-not-found', 'The job advert release covers no month.');
  const latest = periodsEndingWith(last, MONTHS_IN_YEAR, shiftMonth);
  const before = latest.map((m) => shiftMonth(m, -MONTHS_IN_YEAR));
  const bySoc: AreaSeries = new Map();
  for (const row of release.rows) {
    if (row.areaCode !== area.code) continue;
    if (!bySoc.has(row.soc2020)) bySoc.set(row.soc2020, new Map());
    bySoc.get(row.soc2020)!.set(row.month, row.adverts);
  }
  const years: MonthlyYear[] = [...bySoc].map(([soc2020, series]) => {
    const summary = summarisePeriods(valuesOf(series, latest));
    return {
      soc2020,
      adverts: summary.total,
      monthsSuppressed: summary.suppressed,
      averagePerMonth: rounded(summary.average),
      changePercent: rounded(changeOverPublishedPairs(valuesOf(series, latest), valuesOf(series, before))),
    };
  });
  const ranked = rankDescending(
    years,
    (y) => y.averagePerMonth,
    (a, b) => a.soc2020.localeCompare(b.soc2020),
  );
  return { from: latest[0]!, to: last, bySoc, ranked };
}

/** JobAdvertResponse: the occupation's latest twelve months in the area, its rank there, and every month since January 2017. */
export function jobAdvertResponse(
  release: JobAdvertRelease,
  area: AreaSummary,
  soc: string,
  title: string,
  provenance: Provenance,
): JobAdvertResponse {
  const { from, to, bySoc, ranked } = monthlyYears(release, area);
  const own = ranked.find((r) => r.item.soc2020 === soc);
  if (!own)
    throw new Problem(
      'figure-not-found',
      `The job advert release "${provenance.edition}" has no figures for ${soc} (${title}) in ${area.name}.`,
    );
  const { item, rank } = own;
  return {
    soc2020: soc,
    title,
    area,
    latestYear: {
      from,
      to,
      adverts: item.adverts,
      monthsSuppressed: item.monthsSuppressed,
      averagePerMonth: item.averagePerMonth,
      changePercent: item.changePercent,
      rank,
      occupationsRanked: ranked.length,
    },
    months: monthsFrom(JOB_ADVERT_SERIES_START, to).map((month) => ({
      month,
      adverts: bySoc.get(soc)?.get(month) ?? null,
    })),
    notices: release.notices,
    coverage: coverage(from, to),
    provenance,
  };
}

/** JobAdvertListResponse: the occupations of the area ranked by average adverts per month, the first `limit`. */
export function jobAdvertListResponse(
  release: JobAdvertRelease,
  area: AreaSummary,
  titleOf: TitleOf,
  limit: number,
  provenance: Provenance,
): JobAdvertListResponse {
  const { from, to, ranked } = monthlyYears(release, area);
  return {
    area,
    from,
    to,
    occupations: ranked.slice(0, limit).map(({ item, rank }) => ({
      rank,
      soc2020: item.soc2020,
      title: titleOf(item.soc2020),
      adverts: item.adverts,
      averagePerMonth: item.averagePerMonth,
      changePercent: item.changePercent,
    })),
    notices: release.notices,
    coverage: coverage(from, to),
    provenance,
  };
}

/* ---------- quarterly, local areas ---------- */

/** The local release indexed by area, then occupation (ALL for every advert in the area), then quarter. */
export class LocalAdvertIndex {
  private readonly byArea = new Map<string, AreaSeries>();
  readonly latest: string[];
  readonly before: string[];

  constructor(readonly release: LocalAdvertRelease) {
    const last = release.quarters.at(-1);
    if (!last) throw new Problem('figure-not-found', 'The local job advert release covers no quarter.');
    this.latest = periodsEndingWith(last, QUARTERS_IN_ADVERT_YEAR, shiftQuarter);
    this.before = this.latest.map((q) => shiftQuarter(q, -QUARTERS_IN_ADVERT_YEAR));
    for (const row of release.rows) {
      const area = this.byArea.get(row.areaCode) ?? new Map<string, Series>();
      const key = row.soc2020 ?? ALL;
      if (!area.has(key)) area.set(key, new Map());
      area.get(key)!.set(row.quarter, row.adverts);
      this.byArea.set(row.areaCode, area);
    }
  }

  hasArea(code: string): boolean {
    return this.byArea.has(code);
  }

  /** The occupations with figures in the area. */
  occupationsIn(code: string): string[] {
    return [...(this.byArea.get(code)?.keys() ?? [])].filter((k) => k !== ALL);
  }

  series(code: string, soc: string | null): Series | undefined {
    return this.byArea.get(code)?.get(soc ?? ALL);
  }

  /** LocalAdvertYear of an occupation (null: every advert) in an area over the latest four quarters. */
  year(code: string, soc: string | null): LocalAdvertYear {
    const own = valuesOf(this.series(code, soc), this.latest);
    const all = valuesOf(this.series(code, null), this.latest);
    const ukOwn = valuesOf(this.series(UNITED_KINGDOM.code, soc), this.latest);
    const ukAll = valuesOf(this.series(UNITED_KINGDOM.code, null), this.latest);
    const summary = summarisePeriods(own);
    const local = shareOver(own, all, (i) => own[i] !== null && all[i] !== null);
    const comparable = (i: number) => [own, all, ukOwn, ukAll].every((v) => v[i] !== null);
    const localShare = shareOver(own, all, comparable);
    const ukShare = shareOver(ukOwn, ukAll, comparable);
    return {
      from: this.latest[0]!,
      to: this.latest.at(-1)!,
      adverts: summary.total,
      quartersSuppressed: summary.suppressed,
      averagePerQuarter: rounded(summary.average),
      perThousand: rounded(local === null ? null : local * 1000),
      concentration: rounded(localShare === null || ukShare === null || ukShare === 0 ? null : localShare / ukShare, 2),
    };
  }

  /** The change against the four quarters before, over the quarters published in both. */
  changePercent(code: string, soc: string): number | null {
    const series = this.series(code, soc);
    return rounded(changeOverPublishedPairs(valuesOf(series, this.latest), valuesOf(series, this.before)));
  }

  /** The occupations of the area ranked by average adverts per published quarter. */
  rankedIn(code: string) {
    const years = this.occupationsIn(code).map((soc2020) => ({ soc2020, latestYear: this.year(code, soc2020) }));
    return rankDescending(
      years,
      (y) => y.latestYear.averagePerQuarter,
      (a, b) => a.soc2020.localeCompare(b.soc2020),
    );
  }
}

/** Σ part / Σ whole over the periods `included` picks; null when none is, or the whole is zero. */
function shareOver(part: Published[], whole: Published[], included: (i: number) => boolean): number | null {
  let [p, w] = [0, 0];
  part.forEach((_, i) => {
    if (!included(i)) return;
    p += part[i]!;
    w += whole[i]!;
  });
  return w === 0 ? null : p / w;
}

function localCoverage(index: LocalAdvertIndex): LocalAdvertResponse['coverage'] {
  return coverage(index.latest[0]!, index.latest.at(-1)!);
}

/** LocalAdvertAreasResponse: every local area with adverts for the occupation in the latest four quarters, most first. */
export function localAdvertAreasResponse(
  index: LocalAdvertIndex,
  localAreas: readonly LocalArea[],
  soc: string,
  title: string,
  provenance: Provenance,
): LocalAdvertAreasResponse {
  const withAdverts = localAreas
    .map((area) => ({ area, latestYear: index.year(area.code, soc) }))
    .filter((a) => a.latestYear.adverts > 0);
  const ranked = rankDescending(
    withAdverts,
    (a) => a.latestYear.averagePerQuarter,
    (a, b) => a.area.name.localeCompare(b.area.name, 'en-GB'),
  );
  return {
    soc2020: soc,
    title,
    areas: ranked.map(({ item, rank }) => ({ rank, area: item.area, latestYear: item.latestYear })),
    notices: index.release.notices,
    coverage: localCoverage(index),
    provenance,
  };
}

/** LocalAdvertResponse: the occupation in one area, its rank among the area's occupations, and the last twelve quarters. */
export function localAdvertResponse(
  index: LocalAdvertIndex,
  area: LocalArea,
  soc: string,
  title: string,
  provenance: Provenance,
): LocalAdvertResponse {
  const ranked = index.rankedIn(area.code);
  const own = ranked.find((r) => r.item.soc2020 === soc);
  if (!own)
    throw new Problem(
      'figure-not-found',
      `The local job advert release "${provenance.edition}" has no figures for ${soc} (${title}) in ${area.name}.`,
    );
  const listed = periodsEndingWith(index.latest.at(-1)!, LOCAL_QUARTERS_LISTED, shiftQuarter);
  return {
    soc2020: soc,
    title,
    area,
    latestYear: own.item.latestYear,
    changePercent: index.changePercent(area.code, soc),
    rank: own.rank,
    occupationsRanked: ranked.length,
    quarters: listed.map((quarter) => ({ quarter, adverts: index.series(area.code, soc)?.get(quarter) ?? null })),
    notices: index.release.notices,
    coverage: localCoverage(index),
    provenance,
  };
}

/** AreaAdvertsResponse: every advert in the area, and its occupations ranked by average adverts per quarter, the first `limit`. */
export function areaAdvertsResponse(
  index: LocalAdvertIndex,
  area: LocalArea,
  titleOf: TitleOf,
  limit: number,
  provenance: Provenance,
): AreaAdvertsResponse {
  if (!index.series(area.code, null))
    throw new Problem(
      'figure-not-found',
      `The local job advert release "${provenance.edition}" has no figures for ${area.name}.`,
    );
  return {
    area,
    allOccupations: index.year(area.code, null),
    occupations: index
      .rankedIn(area.code)
      .slice(0, limit)
      .map(({ item, rank }) => ({
        rank,
        soc2020: item.soc2020,
        title: titleOf(item.soc2020),
        latestYear: item.latestYear,
        changePercent: index.changePercent(area.code, item.soc2020),
      })),
    notices: index.release.notices,
    coverage: localCoverage(index),
    provenance,
  };
}
