import { randomBytes } from 'node:crypto';
import { PAY_REGIONS, UNITED_KINGDOM, type LocalArea } from '../../src/domain/areas.js';
import type { DemandAssessment, DemandIndicator, DemandRelease } from '../../src/domain/demand.js';
import type {
  JobAdvertMonth,
  JobAdvertRelease,
  LocalAdvertQuarter,
  LocalAdvertRelease,
} from '../../src/domain/job-adverts.js';
import { monthsFrom, quartersFrom } from '../../src/domain/periods.js';
import type { VisaBreakdownFigures, VisaRelease } from '../../src/domain/visas.js';
import { publishEdition, recordDetectedEdition } from '../../src/store/editions.js';
import type { Db, DbOrTx } from '../../src/store/schema.js';

/**
 * Releases made up for the tests of the sources no real release of which exists yet (visas,
 * occupations in demand, online job adverts): the figures are invented, small and worked out by
 * hand in the tests that use them. Never served outside a test.
 */

export const notices = [{ heading: 'Constructed', text: 'A notice made up for the test.' }];
export const LONDON = PAY_REGIONS.find((r) => r.slug === 'london')!;

const breakdown = (
  quarter: string,
  kind: VisaBreakdownFigures['kind'],
  name: string,
  grants: number,
): VisaBreakdownFigures => ({ soc2020: '2134', quarter, kind, name, grants });

/** Figures made up for the test: five quarters, the latest provisional, four occupations. */
export const VISA_RELEASE: VisaRelease = {
  quarters: [
    { quarter: '2024 Q3', provisional: false, modelled: true },
    { quarter: '2024 Q4', provisional: false, modelled: false },
    { quarter: '2025 Q1', provisional: false, modelled: false },
    { quarter: '2025 Q2', provisional: false, modelled: false },
    { quarter: '2025 Q3', provisional: true, modelled: false },
  ],
  figures: [
    { soc2020: '2134', quarter: '2024 Q3', applications: 50, grants: 40 },
    { soc2020: '2134', quarter: '2024 Q4', applications: 100, grants: 90 },
    { soc2020: '2134', quarter: '2025 Q2', applications: 60, grants: 50 },
    { soc2020: '2134', quarter: '2025 Q3', applications: 30, grants: 20 },
    { soc2020: '2231', quarter: '2024 Q4', applications: 200, grants: 160 },
    { soc2020: '6135', quarter: '2025 Q3', applications: 400, grants: 300 },
    { soc2020: '1111', quarter: '2025 Q1', applications: 5, grants: 0 },
  ],
  breakdowns: [
    breakdown('2024 Q3', 'route', 'Skilled Worker', 40),
    breakdown('2024 Q4', 'route', 'Skilled Worker', 80),
    breakdown('2025 Q2', 'route', 'Skilled Worker', 50),
    breakdown('2025 Q3', 'route', 'Skilled Worker', 10),
    breakdown('2024 Q4', 'route', 'Global Business Mobility', 10),
    breakdown('2025 Q3', 'route', 'Global Business Mobility', 10),
    ...Array.from({ length: 12 }, (_, i) =>
      breakdown('2025 Q2', 'nationality', `N${String(i + 1).padStart(2, '0')}`, 12 - i),
    ),
    ...[50, 40, 30, 20, 10, 10].map((grants, i) => breakdown('2025 Q2', 'industry', `I${i + 1}`, grants)),
  ],
};

const indicators = (...signals: DemandIndicator['signal'][]): DemandIndicator[] =>
  (['hours_worked', 'wage_premium', 'wage_growth', 'online_job_adverts', 'visa_grants'] as const).map(
    (indicator, i) => ({ indicator, signal: signals[i] ?? 'none', measures: `measures ${indicator}` }),
  );

const assessment = (
  soc2020: string,
  year: number,
  level: DemandAssessment['level'],
  demandIndex: number | null,
  signals: DemandIndicator['signal'][] = [],
): DemandAssessment => ({
  soc2020,
  year,
  level,
  demandIndex,
  indicators: indicators(...signals),
  uncertainty: null,
  imputation: 'imputed wage growth',
  capping: null,
  onImmigrationSalaryList: null,
  workers: 1000,
});

/** An assessment made up for the test (indicators listed in reverse, hours worked first). */
export const DEMAND_RELEASE: DemandRelease = {
  year: 2025,
  assessments: [
    assessment('2134', 2025, 'critical', 1.8, ['elevated', 'none', 'none', 'elevated', 'critical']),
    assessment('2134', 2024, 'elevated', 0.9),
    assessment('6135', 2025, 'elevated', 0.7, ['elevated']),
    assessment('2231', 2025, 'elevated', null),
    assessment('9111', 2025, 'not_in_high_demand', -0.5),
  ],
};

/** Monthly figures made up for the test: 2023 and 2024, UK and London. */
export function monthlyAdvertRelease(): JobAdvertRelease {
  const months = monthsFrom('2023-01', '2024-12');
  const rows: JobAdvertMonth[] = [];
  for (const month of months) {
    const in2024 = month.startsWith('2024');
    // 2134: 100 a month in 2023, 110 in 2024; March 2024 and May 2023 suppressed
    rows.push({
      areaCode: UNITED_KINGDOM.code,
      soc2020: '2134',
      month,
      adverts: month === '2024-03' || month === '2023-05' ? null : in2024 ? 110 : 100,
    });
    // 2231: 200 a month in 2024 only; 6135: every 2024 month suppressed, 50 a month in 2023
    if (in2024) rows.push({ areaCode: UNITED_KINGDOM.code, soc2020: '2231', month, adverts: 200 });
    rows.push({ areaCode: UNITED_KINGDOM.code, soc2020: '6135', month, adverts: in2024 ? null : 50 });
    if (in2024) rows.push({ areaCode: LONDON.code, soc2020: '2134', month, adverts: 10 });
  }
  return { months, rows, notices };
}

export const LEEDS: LocalArea = { code: 'E08000035', slug: 'leeds', name: 'Leeds', region: 'Yorkshire and The Humber' };
export const YORK: LocalArea = { code: 'E06000014', slug: 'york', name: 'York', region: 'Yorkshire and The Humber' };
export const BATH: LocalArea = {
  code: 'E06000022',
  slug: 'bath-and-north-east-somerset',
  name: 'Bath and North East Somerset',
  region: 'South West',
};

/** Quarterly figures made up for the test: 2022 Q1 to 2024 Q4, with the UK's. */
export function localAdvertRelease(): LocalAdvertRelease {
  const quarters = quartersFrom('2022 Q1', '2024 Q4');
  const rows: LocalAdvertQuarter[] = [];
  const put = (
    area: LocalArea | typeof UNITED_KINGDOM,
    soc2020: string | null,
    figures: Record<string, number | null>,
  ) => {
    for (const [quarter, adverts] of Object.entries(figures))
      rows.push({ areaCode: area.code, soc2020, quarter, adverts });
  };
  const year = (y: number, ...values: Array<number | null>) =>
    Object.fromEntries(values.map((v, i) => [`${y} Q${i + 1}`, v]));
  put(LEEDS, null, { ...year(2023, 900, 900, 900, 900), ...year(2024, 1000, 1000, 1000, 1000) });
  put(LEEDS, '2134', { ...year(2023, 40, 40, null, 50), ...year(2024, 50, null, 60, 70) });
  put(LEEDS, '2231', year(2024, 100, 100, 100, 100));
  put(YORK, null, year(2024, 500, 500, 500, 500));
  put(YORK, '2134', year(2024, 10, 10, 10, 10));
  put(YORK, '2231', year(2024, null, null, null, null));
  put(UNITED_KINGDOM, null, year(2024, 100_000, 100_000, 100_000, 100_000));
  put(UNITED_KINGDOM, '2134', year(2024, 2000, 2000, 2000, 2000));
  return { quarters, rows, notices };
}

/** Publishes a constructed release of the source, its rows staged by `stage`, as the pipeline would publish a real one. */
export async function publishConstructed(
  db: Db,
  sourceKey: string,
  stage: (db: DbOrTx, editionId: string) => Promise<number>,
): Promise<void> {
  const edition = await recordDetectedEdition(db, {
    sourceKey,
    label: 'constructed in the test',
    seriesKey: null,
    sourceUri: 'test://constructed',
    sha256: randomBytes(32).toString('hex'),
  });
  await publishEdition(db, edition, [], (trx) => stage(trx, edition.id));
}
