/**
 * Examples for the OpenAPI document of the resources whose sources have no release yet, so that
 * clients can be built now. Every figure here is made up to show the shape of a response, and the
 * document marks each example as illustrative (`declareResponses`); none is ever served.
 */
import type { DemandListResponse, DemandResponse, DemandYear } from './demand.js';
import type {
  AreaAdvertsResponse,
  JobAdvertListResponse,
  JobAdvertResponse,
  LocalAdvertAreasResponse,
  LocalAdvertResponse,
  LocalAdvertYear,
} from './job-adverts.js';
import type { VisaListResponse, VisaResponse } from './visas.js';

const SOC = { soc2020: '2134', title: 'Programmers and software development professionals' } as const;
const EDITION = 'Illustrative example (not a release)';
const PUBLISHED = '2026-01-01T00:00:00.000Z';

const ons = (source: string) => ({
  source,
  publisher: 'Office for National Statistics',
  licence: 'Open Government Licence v3.0',
  edition: EDITION,
  published: PUBLISHED,
  url: 'https://www.ons.gov.uk/',
});

const visaProvenance = {
  source: 'Immigration system statistics: sponsored work visas by occupation',
  publisher: 'Home Office',
  licence: 'Open Government Licence v3.0',
  edition: EDITION,
  published: PUBLISHED,
  url: 'https://www.gov.uk/government/statistical-data-sets/immigration-system-statistics-data-tables',
};
const visaCoverage = {
  population: 'employee jobs' as const,
  includesSelfEmployed: false,
  referencePeriod: '2025 Q1 to 2025 Q4',
  note: 'Illustrative.',
};

export const VISA_ILLUSTRATION: VisaResponse = {
  ...SOC,
  latestYear: {
    from: '2025 Q1',
    to: '2025 Q4',
    applications: 1200,
    grants: 1000,
    rank: 7,
    occupationsRanked: 300,
    routes: [
      { name: 'Skilled Worker', grants: 900, percent: 90 },
      { name: 'Global Business Mobility', grants: 100, percent: 10 },
    ],
    nationalities: [{ name: 'Example nationality', grants: 400, percent: 40 }],
    industries: [{ name: 'Information and communication', grants: 700, percent: 70 }],
  },
  quarters: [
    { period: '2024 Q4', year: 2024, quarter: 4, applications: 300, grants: 250, provisional: false },
    { period: '2025 Q1', year: 2025, quarter: 1, applications: 0, grants: 0, provisional: true },
  ],
  coverage: visaCoverage,
  provenance: visaProvenance,
};

export const VISA_LIST_ILLUSTRATION: VisaListResponse = {
  from: '2025 Q1',
  to: '2025 Q4',
  occupations: [{ rank: 1, ...SOC, grants: 1000, applications: 1200 }],
  coverage: visaCoverage,
  provenance: visaProvenance,
};

const demandYear = (year: number, level: DemandYear['level']): DemandYear => ({
  year,
  level,
  demandIndex: 0.5,
  indicators: [
    {
      indicator: 'visa_grants',
      signal: 'elevated',
      measures: "Illustrative: what the indicator measures, in the publisher's words",
    },
    { indicator: 'online_job_adverts', signal: 'none', measures: 'Illustrative' },
  ],
  uncertainty: null,
  imputation: null,
  capping: null,
  onImmigrationSalaryList: false,
});
const demandProvenance = {
  source: 'Occupations in demand',
  publisher: 'Skills England (Department for Education)',
  licence: 'Open Government Licence v3.0',
  edition: EDITION,
  published: PUBLISHED,
  url: 'https://explore-education-statistics.service.gov.uk/find-statistics/occupations-in-demand',
};

export const DEMAND_ILLUSTRATION: DemandResponse = {
  ...SOC,
  latest: demandYear(2025, 'elevated'),
  previous: demandYear(2024, 'not_in_high_demand'),
  definitions: 'Illustrative: what the levels and the index mean.',
  coverage: {
    population: 'people in employment',
    includesSelfEmployed: true,
    referencePeriod: 'the 2025 assessment',
    note: 'Illustrative.',
  },
  provenance: demandProvenance,
};

export const DEMAND_LIST_ILLUSTRATION: DemandListResponse = {
  year: 2025,
  occupations: [{ ...SOC, level: 'elevated', demandIndex: 0.5, indicatorsInDemand: 2, workers: 250000 }],
  definitions: 'Illustrative: what the levels and the index mean.',
  provenance: demandProvenance,
};

const UK = { code: 'K02000001', slug: 'uk', name: 'United Kingdom' };
const LEEDS = { code: 'E08000035', slug: 'leeds', name: 'Leeds', region: 'Yorkshire and The Humber' };
const notices = [
  { heading: 'Illustrative notice', text: "The statistics office's data-quality notice for the release." },
];
const monthlyCoverage = {
  population: 'employee jobs' as const,
  includesSelfEmployed: false,
  referencePeriod: '2025-01 to 2025-12',
  note: 'Illustrative.',
};
const localCoverage = { ...monthlyCoverage, referencePeriod: '2025 Q1 to 2025 Q4' };
const monthlyProvenance = ons('Online job adverts: new adverts by occupation, monthly, UK and regions');
const localProvenance = ons('Online job adverts: new adverts by occupation and local authority, quarterly');

export const JOB_ADVERT_ILLUSTRATION: JobAdvertResponse = {
  ...SOC,
  area: UK,
  latestYear: {
    from: '2025-01',
    to: '2025-12',
    adverts: 110000,
    monthsSuppressed: 1,
    averagePerMonth: 10000,
    changePercent: -5.2,
    rank: 3,
    occupationsRanked: 412,
  },
  months: [
    { month: '2017-01', adverts: 9000 },
    { month: '2017-02', adverts: null },
  ],
  notices,
  coverage: monthlyCoverage,
  provenance: monthlyProvenance,
};

export const JOB_ADVERT_LIST_ILLUSTRATION: JobAdvertListResponse = {
  area: UK,
  from: '2025-01',
  to: '2025-12',
  occupations: [{ rank: 1, ...SOC, adverts: 110000, averagePerMonth: 10000, changePercent: -5.2 }],
  notices,
  coverage: monthlyCoverage,
  provenance: monthlyProvenance,
};

const localYear: LocalAdvertYear = {
  from: '2025 Q1',
  to: '2025 Q4',
  adverts: 1200,
  quartersSuppressed: 0,
  averagePerQuarter: 300,
  perThousand: 25.5,
  concentration: 1.3,
};

export const LOCAL_ADVERT_AREAS_ILLUSTRATION: LocalAdvertAreasResponse = {
  ...SOC,
  areas: [{ rank: 1, area: LEEDS, latestYear: localYear }],
  notices,
  coverage: localCoverage,
  provenance: localProvenance,
};

export const LOCAL_ADVERT_ILLUSTRATION: LocalAdvertResponse = {
  ...SOC,
  area: LEEDS,
  latestYear: localYear,
  changePercent: 4.1,
  rank: 5,
  occupationsRanked: 380,
  quarters: [
    { quarter: '2023 Q1', adverts: 250 },
    { quarter: '2023 Q2', adverts: null },
  ],
  notices,
  coverage: localCoverage,
  provenance: localProvenance,
};

export const AREA_ADVERTS_ILLUSTRATION: AreaAdvertsResponse = {
  area: LEEDS,
  allOccupations: { ...localYear, adverts: 47000, averagePerQuarter: 11750, perThousand: 1000, concentration: 1 },
  occupations: [{ rank: 1, ...SOC, latestYear: localYear, changePercent: 4.1 }],
  notices,
  coverage: localCoverage,
  provenance: localProvenance,
};
