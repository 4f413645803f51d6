import assert from 'node:assert/strict';
import { PROJECTION_AREA_SLUGS, type ProjectionAreaSlug } from '../../src/domain/projections.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { until, type LmiServer } from './lmi-process.js';
import { essRoutes, occupationsInDemandRoutes } from './publisher-double/routes-ees.js';
import { geographyRoutes } from './publisher-double/routes-geography.js';
import { lmspRoutes, visasRoutes } from './publisher-double/routes-govuk.js';
import { exportRepositoryRoutes } from './publisher-double/routes-github.js';
import { ncsSiteRoutes } from './publisher-double/routes-ncs.js';
import { nomisRoutes } from './publisher-double/routes-nomis.js';
import { onetRoutes } from './publisher-double/routes-onet.js';
import { escoRoutes } from './publisher-double/routes-esco.js';
import { apsAgeAdhocRoutes } from './publisher-double/routes-aps-age.js';
import { asheTable15FixtureZip } from './ashe-table15-fixture.js';
import { censusAgeWorkbook } from './census-age-workbook.js';
import {
  apsAdhocRoutes,
  asheRoutes,
  CENSUS_AGE_WORKBOOK,
  censusAgeRoutes,
  labourDemandRoutes,
  methodologyPageRoutes,
  relationshipRoutes,
  SOC2020_PAGES,
  type AsheEditionSpec,
} from './publisher-double/routes-ons.js';
import { standardsRoutes } from './publisher-double/routes-skills-england.js';
import { routes, type PublisherResponse, type PublisherRoutes } from './publisher-double/routes.js';
import { workingFuturesRoutes } from './publisher-double/routes-warwick.js';
import { startPublisherDouble, type PublisherDouble } from './publisher-double/server.js';
import { alteredVolume2, upstreamPath, VOLUME2_FILE } from './upstream.js';
import * as XLSX from '@e965/xlsx';
import { readWorkbookSync } from '../../src/ingest/formats/workbook.js';
import { DESCRIPTIONS_SHEET } from '../../src/ingest/sources/ons/soc2020-descriptions/parse.js';

/**
 * What the end-to-end tests of `lmi serve --ingest` against the publisher double share
 * (test/ingest/publishers*.e2e.test.ts): the publishers as the double first serves them, the
 * releases they publish while the server runs, the server's environment, and reading its API.
 */

const VOLUME1_NAME = 'soc2020volume1structureanddescriptionofunitgroupsexcel16042025.xlsx';
const VOLUME2_NAME = path.basename(VOLUME2_FILE);
export const VOLUME2_V14 = 'soc2020volume2thecodingindexexcel20260827.xlsx';
const VOLUME2_V14_LABEL = 'SOC 2020 Volume 2: the coding index, version 14 (27 August 2026)';
/** The title version 14 of the coding index gives unit group 2134. */
const RETITLED_2134 = 'Programmers and software developers';
const VOLUME1_NEW = 'soc2020volume1structureanddescriptionofunitgroupsexcel27082026.xlsx';
export const VOLUME1_NEW_LABEL = 'SOC 2020 Volume 1: structure and descriptions of unit groups (27 August 2026)';
/** How the new Volume 1 describes unit group 2134. */
export const DESCRIBED_2134 = 'Programmers and software developers design, write, test and maintain software.';
const ASHE_2024: AsheEditionSpec = { year: 2024, kind: 'provisional' };
/** Every Table 14 edition the mirror holds (2022 to 2024), newest first as ONS's landing page lists them. */
const ASHE_EDITIONS: AsheEditionSpec[] = [
  ASHE_2024,
  { year: 2023, kind: 'provisional' },
  { year: 2022, kind: 'provisional' },
];

/** The sources the double serves a release of, and where at their publisher each release is read. */
export const READ_FROM = {
  'ashe-table14': 'https://www.ons.gov.uk/file?uri=/employmentandlabourmarket/',
  'soc2020-structure': 'https://www.ons.gov.uk/file?uri=/methodology/',
  'soc2020-index': 'https://www.ons.gov.uk/file?uri=/methodology/',
  'soc2020-descriptions': 'https://www.ons.gov.uk/file?uri=/methodology/',
  'aps-occupation-industry': 'https://www.ons.gov.uk/file?uri=/employmentandlabourmarket/',
  'census-occupation-age': 'https://www.ons.gov.uk/file?uri=/employmentandlabourmarket/',
  'lmsp-england': 'https://assets.publishing.service.gov.uk/media/',
  'home-office-work-visas': 'https://assets.publishing.service.gov.uk/media/',
  'ess-vacancies': 'https://content.explore-education-statistics.service.gov.uk/api/releases/',
  'apprenticeship-standards': 'https://skillsengland.education.gov.uk/api/apprenticeshipstandards',
  'onet-occupations': 'https://www.onetcenter.org/dl_files/database/db_30_3_text.zip',
  'onet-interests': 'https://www.onetcenter.org/dl_files/database/db_30_3_text.zip',
  'onet-soc-2010-crosswalk': 'https://www.onetcenter.org/taxonomy/2010/',
  'onet-soc-2019-crosswalk': 'https://www.onetcenter.org/taxonomy/2019/',
  'onet-soc-2018-crosswalk': 'https://www.onetcenter.org/taxonomy/2019/',
  'isco-us-soc-crosswalk': 'https://www.bls.gov/soc/',
  'ons-geography': 'https://services1.arcgis.com/',
  'aps-occupation': 'https://www.nomisweb.co.uk/api/v01/dataset/NM_218_1.data.csv?',
  'working-futures-uk': 'https://warwick.ac.uk/fac/soc/ier/wf7downloads/',
  'occupations-in-demand': 'https://content.explore-education-statistics.service.gov.uk/api/releases/',
  'online-job-adverts': 'https://www.ons.gov.uk/file?uri=/employmentandlabourmarket/',
  'online-job-adverts-local': 'https://www.ons.gov.uk/file?uri=/employmentandlabourmarket/',
  'esco-occupations': 'https://ec.europa.eu/esco/download/',
  'esco-skills': 'https://ec.europa.eu/esco/download/',
  'esco-occupation-skills': 'https://ec.europa.eu/esco/download/',
  'ashe-table15': 'https://www.ons.gov.uk/file?uri=/employmentandlabourmarket/',
  'soc-crosswalk': 'https://www.ons.gov.uk/file?uri=/methodology/',
  'ncs-content-export-2020': 'https://raw.githubusercontent.com/SkillsFundingAgency/dfc-servicetaxonomy-editor/',
  'ncs-job-profiles': 'https://nationalcareers.service.gov.uk/',
  ...(Object.fromEntries(
    PROJECTION_AREA_SLUGS.filter((area) => area !== 'england').map((area) => [
      `lmsp-${area}`,
      'https://assets.publishing.service.gov.uk/media/',
    ]),
  ) as Record<`lmsp-${Exclude<ProjectionAreaSlug, 'england'>}`, string>),
} as const;
export const READ = Object.keys(READ_FROM) as (keyof typeof READ_FROM)[];

/** The Table 15 release the double serves, built once a process (22 workbooks). */
let table15: Uint8Array | null = null;

/** The unit groups of the mirror's Volume 1 (its code column), for the Census age workbook the double builds. */
function volume1UnitGroups(): string[] {
  const book = readWorkbookSync(new Uint8Array(readFileSync(upstreamPath(`soc2020/${VOLUME1_NAME}`))), {
    sheets: [DESCRIPTIONS_SHEET],
  });
  return book.sheets[DESCRIPTIONS_SHEET]!.flatMap((row) => (typeof row[3] === 'number' ? [String(row[3])] : []));
}

/** The publishers as the double first serves them. */
export function publishersToday(): PublisherRoutes {
  return routes(
    asheRoutes(14, ASHE_EDITIONS),
    // No real Table 15 is in the mirror: a release built in the evidenced layout (helpers/ashe-table15-fixture.ts).
    asheRoutes(15, [{ ...ASHE_2024, zip: (table15 ??= asheTable15FixtureZip(2024)) }]),
    escoRoutes(),
    apsAgeAdhocRoutes(),
    censusAgeRoutes([
      {
        slug: '2021',
        name: '2021',
        releaseDate: '2023-05-31T08:30:00.000Z',
        files: [[CENSUS_AGE_WORKBOOK, censusAgeWorkbook(volume1UnitGroups()).bytes]],
      },
    ]),
    methodologyPageRoutes(SOC2020_PAGES.volume2, [[VOLUME2_NAME, upstreamPath(VOLUME2_FILE)]]),
    methodologyPageRoutes(SOC2020_PAGES.volume1, [[VOLUME1_NAME, upstreamPath(`soc2020/${VOLUME1_NAME}`)]]),
    apsAdhocRoutes(),
    lmspRoutes(),
    visasRoutes(),
    essRoutes(),
    occupationsInDemandRoutes(),
    standardsRoutes(),
    onetRoutes(),
    geographyRoutes(),
    labourDemandRoutes(),
    relationshipRoutes(),
    workingFuturesRoutes(),
    exportRepositoryRoutes(),
    ncsSiteRoutes(),
    nomisRoutes([
      { year: 2022, released: '2023-02-14 07:00:00' },
      { year: 2025, released: '2026-02-17 07:00:00' },
    ]),
  );
}

/** A double serving the publishers as they are today (bls.gov refusing a client with no User-Agent, as it does). */
export async function publishersDouble(): Promise<PublisherDouble> {
  const double = await startPublisherDouble();
  double.publishAll(publishersToday());
  double.requireUserAgent('www.bls.gov');
  return double;
}

/**
 * A new coding index the publisher puts out while the server runs (version 14, its version sheet
 * renamed INFO as in 2026) with unit group 2134 retitled.
 */
function newCodingIndex(): [string, PublisherResponse][] {
  const version14 = alteredVolume2(
    (sheets) => {
      const info = sheets.Information!;
      delete sheets.Information;
      info[1] = ['Version 14 Of The Standard Occupational Classification 2020 Index'];
      info.push(['Version 14: 27 August 2026: Incorporating quality improvements since original publication.']);
      sheets.INFO = info;
      sheets['SOC2020 framework']!.find((row) => row[4] === 2134)![5] = RETITLED_2134;
    },
    ['Information', 'SOC2020 coding index', 'Abbreviations', 'SOC2020 framework'],
  );
  return methodologyPageRoutes(SOC2020_PAGES.volume2, [
    [VOLUME2_NAME, upstreamPath(VOLUME2_FILE)],
    [VOLUME2_V14, version14],
  ]);
}

/**
 * A new Volume 1 (a smaller workbook than Volume 2: one source reads it) whose description of
 * unit group 2134 is reworded.
 */
function newVolume1(): [string, PublisherResponse][] {
  const today = readWorkbookSync(new Uint8Array(readFileSync(upstreamPath(`soc2020/${VOLUME1_NAME}`))), {
    sheets: [DESCRIPTIONS_SHEET],
  });
  const rows = today.sheets[DESCRIPTIONS_SHEET]!;
  const column = rows[0]!.findIndex((cell) => String(cell).replace(/\s+/g, ' ') === 'Group Description');
  rows.find((row) => row[3] === 2134)![column] = DESCRIBED_2134;
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), DESCRIPTIONS_SHEET);
  const reworded = new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return methodologyPageRoutes(SOC2020_PAGES.volume1, [
    [VOLUME1_NAME, upstreamPath(`soc2020/${VOLUME1_NAME}`)],
    [VOLUME1_NEW, reworded],
  ]);
}

/** A new ASHE Table 14 edition (2025 provisional) whose zip is cut short in transfer. */
function brokenAshe2025(): [string, PublisherResponse][] {
  const zip2024 = readFileSync(upstreamPath('ashe-table14/ashetable142024provisional.zip'));
  return asheRoutes(14, [
    { year: 2025, kind: 'provisional', zip: new Uint8Array(zip2024.subarray(0, zip2024.length >> 1)) },
    ...ASHE_EDITIONS,
  ]);
}

/** What the publishers put out while the server runs: a new coding index, and a broken ASHE release. */
export const nextReleases = (): PublisherRoutes => routes(newCodingIndex(), brokenAshe2025());

/** The same with a new Volume 1 in place of the coding index: one small workbook to stage, not two large ones. */
export const nextReleasesSmall = (): PublisherRoutes => routes(newVolume1(), brokenAshe2025());

/** The environment of `lmi serve` reading the publishers through the double, refreshing every `refreshSeconds`. */
export function publishersEnvironment(double: PublisherDouble, refreshSeconds: number): Record<string, string> {
  return {
    LMI_SECRET: 'publishers-e2e-secret-publishers-e2e-secret',
    LMI_UPSTREAM: 'publishers',
    LMI_UPSTREAM_CONNECT_TO: double.connectToSetting,
    NODE_EXTRA_CA_CERTS: double.certificates.caFile,
    LMI_REFRESH_INTERVAL: `${refreshSeconds}s`,
    // One retry (after 1 s) for a publisher that is down, not three (1 s, 4 s, 16 s): the refreshes stay seconds apart.
    LMI_FETCH_RETRIES: '1',
    // The double is local: the NCS scrape's one-second courtesy gap would add twelve minutes.
    LMI_NCS_INTERVAL_MS: '0',
    LOG_LEVEL: 'info',
  };
}

/** A data file (not a page or an API document a discovery reads) at the publishers the double stands in for. */
export const isDataFile = ({ host, path }: { host: string; path: string }) =>
  path.startsWith('/file?') ||
  host === 'assets.publishing.service.gov.uk' ||
  host === 'raw.githubusercontent.com' ||
  /\.(zip|xls[xm]?|csv)$/.test(path) ||
  path.includes('.data.csv?') ||
  /^\/api\/releases\/[^/]+\/files(\/|$)/.test(path) ||
  path.startsWith('/api/apprenticeshipstandards');

interface IngestStatus {
  sources: {
    sourceKey: string;
    lastRun: string;
    lastSuccess: string | null;
    lastOutcome: string | null;
    message: string | null;
    nextCheck: string | null;
    upstream: string | null;
  }[];
  quarantined: { sourceKey: string; label: string }[];
}
export interface SourceInfo {
  key: string;
  tier: string;
  upstream: { mode: string; reads: boolean; surface: string | null; description: string };
  currentEdition: string | null;
  newestRelease: { label: string; url: string } | null;
}
export interface EditionInfo {
  sourceKey: string;
  label: string;
  status: string;
  sourceUri: string;
  checks: { rule: string; status: string; observed: string | null }[];
}

/** A response without what names where and when it was read (provenance, edition ids): its figures and words. */
export function figures(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(figures);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !['provenance', 'editionId', 'edition'].includes(key))
      .map(([key, inner]) => [key, figures(inner)]),
  );
}

export const runOf = (status: IngestStatus, source: string) => status.sources.find((s) => s.sourceKey === source);

/**
 * Reading one running server's API with a key, asserting each status. The waits are long: a
 * refresh on a loaded machine (two cores shared with other runs) takes some tens of seconds.
 */
export function servedApi(server: () => LmiServer, key: () => string) {
  const get = async <T>(url: string, expected = 200): Promise<T> => {
    const { status, body } = await server().get(url, key());
    assert.equal(status, expected, `${url}: ${JSON.stringify(body).slice(0, 500)}`);
    return body as T;
  };
  const ingestStatus = () => get<IngestStatus>('/v1/meta/ingest');
  return {
    get,
    ingestStatus,
    /**
     * Waits until every one of `sources` has finished a check that went well after `since` (`lastRun`
     * is when the last run started, maybe one still running; `lastSuccess` is when one ended well).
     */
    succeededAfter: (since: string, sources: readonly string[], timeoutMs = 45_000) =>
      until(
        `a refresh of ${sources.join(', ')} after ${since}`,
        async () => {
          const status = await ingestStatus();
          return sources.every((s) => (runOf(status, s)?.lastSuccess ?? '') > since) ? status : undefined;
        },
        timeoutMs,
      ),
    /** Waits until the server serves version 14 of the coding index: the retitled unit group, and both sources that read Volume 2. */
    servesVersion14: async () => {
      await until(
        'the new unit group title',
        async () => ((await get<{ title: string }>('/v1/occupations/2134')).title === RETITLED_2134 ? true : undefined),
        90_000,
      );
      // The coding index takes longer to stage than the structure.
      await until(
        'both Volume 2 sources to serve version 14',
        async () => {
          const sources = await get<SourceInfo[]>('/v1/meta/sources');
          return ['soc2020-index', 'soc2020-structure'].every(
            (source) => sources.find((s) => s.key === source)!.currentEdition === VOLUME2_V14_LABEL,
          )
            ? true
            : undefined;
        },
        90_000,
      );
    },
    /** Waits until the broken ASHE 2025 release is quarantined; returns the status then. */
    quarantinedAshe2025: async () => {
      const status = await until(
        'the broken 2025 release to be quarantined',
        async () => {
          const s = await ingestStatus();
          return s.quarantined.some((q) => q.sourceKey === 'ashe-table14') ? s : undefined;
        },
        90_000,
      );
      assert.match(status.quarantined.find((q) => q.sourceKey === 'ashe-table14')!.label, /2025 provisional/);
      return status;
    },
  };
}
