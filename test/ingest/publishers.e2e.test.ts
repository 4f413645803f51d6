import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lmiCommand, startLmiServer, until, type LmiServer } from '../helpers/lmi-process.js';
import { essRoutes, occupationsInDemandRoutes } from '../helpers/publisher-double/routes-ees.js';
import { lmspRoutes, visasRoutes } from '../helpers/publisher-double/routes-govuk.js';
import { onetRoutes } from '../helpers/publisher-double/routes-onet.js';
import { standardsRoutes } from '../helpers/publisher-double/routes-skills-england.js';
import { geographyRoutes } from '../helpers/publisher-double/routes-geography.js';
import {
  apsAdhocRoutes,
  asheRoutes,
  labourDemandRoutes,
  methodologyPageRoutes,
  SOC2020_PAGES,
  type AsheEditionSpec,
} from '../helpers/publisher-double/routes-ons.js';
import { routes } from '../helpers/publisher-double/routes.js';
import { startPublisherDouble, type PublisherDouble } from '../helpers/publisher-double/server.js';
import { serve, type ServedApp } from '../helpers/served-app.js';
import { copyTemplate } from '../helpers/template-databases.js';
import { alteredVolume2, upstreamPath, VOLUME2_FILE } from '../helpers/upstream.js';

/**
 * `lmi serve --ingest` as someone without the mirror runs it (LMI_UPSTREAM=publishers, a fresh
 * data folder), against a local HTTPS double of the publishers that the server reaches under
 * their real host names (LMI_UPSTREAM_CONNECT_TO) and trusts through NODE_EXTRA_CA_CERTS, as it
 * would trust an operator's own CA. The double serves the mirror's files at the publishers'
 * addresses for the sources discovery covers: ASHE Table 14, both SOC 2020 volumes, the APS ad
 * hoc, LMSP England, and the Home Office visas datasets (detect-only). Then it publishes, breaks
 * and goes down while the server keeps running.
 */

const VOLUME1_NAME = 'soc2020volume1structureanddescriptionofunitgroupsexcel16042025.xlsx';
const VOLUME2_NAME = path.basename(VOLUME2_FILE);
const VOLUME2_V14 = 'soc2020volume2thecodingindexexcel20260827.xlsx';
const ASHE_2024: AsheEditionSpec = { year: 2024, kind: 'provisional' };
/** The sources the double serves a release of, and where at their publisher each release is read. */
const READ_FROM = {
  'ashe-table14': 'https://www.ons.gov.uk/file?uri=/employmentandlabourmarket/',
  'soc2020-structure': 'https://www.ons.gov.uk/file?uri=/methodology/',
  'soc2020-index': 'https://www.ons.gov.uk/file?uri=/methodology/',
  'soc2020-descriptions': 'https://www.ons.gov.uk/file?uri=/methodology/',
  'aps-occupation-industry': 'https://www.ons.gov.uk/file?uri=/employmentandlabourmarket/',
  'lmsp-england': 'https://assets.publishing.service.gov.uk/media/',
  'ess-vacancies': 'https://content.explore-education-statistics.service.gov.uk/api/releases/',
  'apprenticeship-standards': 'https://skillsengland.education.gov.uk/api/apprenticeshipstandards',
  'onet-occupations': 'https://www.onetcenter.org/dl_files/database/db_30_3_text.zip',
  'onet-interests': 'https://www.onetcenter.org/dl_files/database/db_30_3_text.zip',
  'onet-soc-2010-crosswalk': 'https://www.onetcenter.org/taxonomy/2010/',
  'onet-soc-2019-crosswalk': 'https://www.onetcenter.org/taxonomy/2019/',
  'onet-soc-2018-crosswalk': 'https://www.onetcenter.org/taxonomy/2019/',
  'isco-us-soc-crosswalk': 'https://www.bls.gov/soc/',
  'ons-geography': 'https://services1.arcgis.com/',
} as const;
const READ = Object.keys(READ_FROM) as (keyof typeof READ_FROM)[];
/** The seconds between refreshes: short, so that each check sees one within a few seconds. */
const REFRESH_SECONDS = 4;

/** What 2134 answers with only the publishers' surfaces followed today (the README's quick start says the same). */
const WITHOUT_THE_MIRROR: Record<string, number> = {
  '/v1/occupations/2134': 200,
  '/v1/occupations/2134/titles': 200,
  '/v1/occupations/search?q=software%20developer': 200,
  '/v1/occupations/2134/pay': 200,
  '/v1/occupations/2134/pay/series': 200,
  '/v1/occupations/2134/pay/regions': 404,
  '/v1/occupations/2134/employment': 200,
  '/v1/occupations/2134/workforce': 200,
  '/v1/occupations/2134/vacancies': 404,
  '/v1/occupations/2134/projections?area=england': 200,
  '/v1/occupations/2134/projections': 404,
  '/v1/occupations/2134/skills': 404,
  '/v1/occupations/2134/work-profile': 200,
  '/v1/occupations/2134/how-to-become': 404,
  '/v1/occupations/2134/apprenticeships': 200,
  '/v1/local-areas': 200,
  '/v1/occupations/2134/job-adverts': 404,
};

/** The publishers as the double first serves them. */
function publishersToday() {
  return routes(
    asheRoutes(14, [ASHE_2024]),
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
  );
}

/** A data file (not a page or an API document a discovery reads) at the publishers the double stands in for. */
const isDataFile = ({ host, path }: { host: string; path: string }) =>
  path.startsWith('/file?') ||
  host === 'assets.publishing.service.gov.uk' ||
  /\.(zip|xlsx?|csv)$/.test(path) ||
  /^\/api\/releases\/[^/]+\/files\//.test(path) ||
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
interface SourceInfo {
  key: string;
  tier: string;
  upstream: { mode: string; reads: boolean; surface: string | null; description: string };
  currentEdition: string | null;
  newestRelease: { label: string; url: string } | null;
}
interface EditionInfo {
  sourceKey: string;
  label: string;
  status: string;
  sourceUri: string;
}

/** A response without what names where and when it was read (provenance, edition ids): its figures and words. */
function figures(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(figures);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !['provenance', 'editionId', 'edition'].includes(key))
      .map(([key, inner]) => [key, figures(inner)]),
  );
}

describe('lmi serve --ingest with no mirror, reading a double of the publishers', () => {
  let double: PublisherDouble;
  let server: LmiServer;
  let template: ServedApp;
  let dataDir: string;
  let key: string;
  /** The double's request log when the first ingest was done. */
  let readyMark: number;
  let readyAt: string;

  const get = async <T>(url: string, expected = 200): Promise<T> => {
    const { status, body } = await server.get(url, key);
    assert.equal(status, expected, `${url}: ${JSON.stringify(body).slice(0, 500)}`);
    return body as T;
  };
  const ingestStatus = () => get<IngestStatus>('/v1/meta/ingest');
  const runOf = (status: IngestStatus, source: string) => status.sources.find((s) => s.sourceKey === source);
  /**
   * Waits until every one of `sources` has finished a check that went well after `since` (`lastRun`
   * is when the last run started, maybe one still running; `lastSuccess` is when one ended well).
   */
  const succeededAfter = (since: string, sources: readonly string[], timeoutMs = 45_000) =>
    until(
      `a refresh of ${sources.join(', ')} after ${since}`,
      async () => {
        const status = await ingestStatus();
        return sources.every((s) => (runOf(status, s)?.lastSuccess ?? '') > since) ? status : undefined;
      },
      timeoutMs,
    );

  before(async () => {
    double = await startPublisherDouble();
    double.publishAll(publishersToday());
    double.requireUserAgent('www.bls.gov');
    dataDir = mkdtempSync(path.join(tmpdir(), 'lmi-e2e-publishers-'));
    const env = {
      LMI_DATA_DIR: dataDir,
      LMI_SECRET: 'publishers-e2e-secret-publishers-e2e-secret',
      LMI_UPSTREAM: 'publishers',
      LMI_UPSTREAM_CONNECT_TO: double.connectToSetting,
      NODE_EXTRA_CA_CERTS: double.certificates.caFile,
      LMI_REFRESH_INTERVAL: `${REFRESH_SECONDS}s`,
      // One retry (after 1 s) for a publisher that is down, not three (1 s, 4 s, 16 s): the refreshes stay seconds apart.
      LMI_FETCH_RETRIES: '1',
      LOG_LEVEL: 'info',
    };
    server = await startLmiServer(['--ingest'], env);
    try {
      // Once the server has migrated the fresh database (it listens after), a key is made while it ingests.
      await until(
        'GET /healthz',
        async () => ((await server.get('/healthz')).status === 200 ? true : undefined),
        30_000,
      );
      key = (await lmiCommand(['keys', 'create', '--email', 'e2e@example.org'], { LMI_DATA_DIR: dataDir })).trim();
      template = await serve(await copyTemplate('sqlite'));
      await until(
        'GET /readyz 200 after the first ingest',
        async () => ((await server.get('/readyz')).status === 200 ? true : undefined),
        75_000,
      );
    } catch (error) {
      throw new Error(`${String(error)}; the server said:\n${server.output()}`);
    }
    readyMark = double.log.length;
    readyAt = new Date().toISOString();
  });

  after(async () => {
    await server?.stop();
    await template?.close();
    await double?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('(a) becomes ready serving the current releases read from the publishers, the same figures as from the mirror', async () => {
    const sources = await get<SourceInfo[]>('/v1/meta/sources');
    for (const key of READ) {
      const source = sources.find((s) => s.key === key)!;
      assert.ok(source.currentEdition, `${key} serves a release`);
      assert.equal(source.upstream.mode, 'publishers');
      assert.equal(source.upstream.reads, true);
    }
    // What a source with no publisher surface says when the service reads the publishers.
    const crosswalk = sources.find((s) => s.key === 'soc-crosswalk')!;
    assert.deepEqual(
      [crosswalk.upstream.mode, crosswalk.upstream.reads, crosswalk.currentEdition],
      ['none', false, null],
    );
    // ESCO is read from the package LMI_ESCO_PACKAGE names; none is named here.
    const esco = sources.find((s) => s.key === 'esco-occupations')!;
    assert.deepEqual([esco.upstream.mode, esco.currentEdition], ['publishers', null]);
    assert.match(esco.upstream.surface!, /LMI_ESCO_PACKAGE/);
    assert.equal(
      sources.find((s) => s.key === 'soc2020-index')!.currentEdition,
      'SOC 2020 Volume 2: the coding index, version 12 (16 April 2025)',
      "the label is read from the publisher's file",
    );
    const editions = await get<EditionInfo[]>('/v1/meta/editions');
    const read = editions.filter((e) => e.status === 'published');
    assert.deepEqual([...new Set(read.map((e) => e.sourceKey))].sort(), [...READ].sort());
    for (const edition of read)
      assert.ok(
        edition.sourceUri.startsWith(READ_FROM[edition.sourceKey as keyof typeof READ_FROM]),
        `${edition.sourceKey} was read from its publisher's address (${edition.sourceUri})`,
      );
    const status = await ingestStatus();
    for (const source of READ) assert.equal(runOf(status, source)?.upstream, 'publishers');

    for (const url of [
      '/v1/occupations/2134/pay',
      '/v1/occupations/2134',
      '/v1/occupations/2134/projections?area=england',
    ]) {
      const mirrored = await template.get(url);
      assert.equal(mirrored.statusCode, 200);
      assert.deepEqual(figures(await get(url)), figures(mirrored.json()), url);
    }
    const pay = await get<{ year: number }>('/v1/occupations/2134/pay');
    assert.equal(pay.year, 2024);
  });

  it('serves what the README says a user without the mirror gets, and answers 404 for the rest', async () => {
    const statuses: Record<string, number> = {};
    for (const url of Object.keys(WITHOUT_THE_MIRROR)) statuses[url] = (await server.get(url, key)).status;
    assert.deepEqual(statuses, WITHOUT_THE_MIRROR);
  });

  it('(f) names the release a detect-only source found in its 404', async () => {
    const problem = await get<{ detail: string }>('/v1/occupations/2134/visas', 404);
    assert.match(problem.detail, /Occupation \(SOC 2020\) visas datasets, June 2026/);
    assert.match(problem.detail, /occupation-soc2020-visas-datasets-jun-2026\.xlsx/);
    const visas = (await get<SourceInfo[]>('/v1/meta/sources')).find((s) => s.key === 'home-office-work-visas')!;
    assert.equal(visas.tier, 'detectonly');
    assert.deepEqual([visas.upstream.mode, visas.upstream.reads], ['publishers', false]);
    const adverts = (await get<SourceInfo[]>('/v1/meta/sources')).find((s) => s.key === 'online-job-adverts')!;
    assert.deepEqual([adverts.upstream.mode, adverts.upstream.reads], ['publishers', false]);
    assert.ok(adverts.newestRelease, 'the labour demand tables found through ONS search');
    const advertsProblem = await get<{ detail: string }>('/v1/occupations/2134/job-adverts', 404);
    assert.ok(advertsProblem.detail.includes(adverts.newestRelease.url), advertsProblem.detail);
    assert.equal(visas.currentEdition, null);
    assert.match(visas.newestRelease!.url, /occupation-soc2020-visas-datasets-jun-2026\.xlsx$/);
  });

  it('(d) refreshes with nothing new and downloads no data file', async () => {
    await succeededAfter(readyAt, READ);
    const requests = double.since(readyMark);
    const downloads = requests.filter((r) => isDataFile(r) && r.status === 200);
    assert.deepEqual(downloads, [], 'no data file is downloaded again');
    // The refresh did look: each publisher's pages were read again.
    for (const page of ['/occupation4digitsoc2010ashetable14/data', '/soc2020volume2codingrulesandconventions'])
      assert.ok(
        requests.some((r) => r.path.endsWith(page)),
        `asked ${page}`,
      );
    assert.ok(requests.some((r) => r.host === 'www.gov.uk'));
    const status = await ingestStatus();
    for (const source of READ) assert.equal(runOf(status, source)!.lastOutcome, 'unchanged', source);
  });

  describe('while the server runs, the publishers change', () => {
    let changedAt: string;
    let payBefore: Record<string, unknown>;
    before(async () => {
      const { title: _title, ...pay } = await get<Record<string, unknown>>('/v1/occupations/2134/pay');
      payBefore = pay;
      changedAt = new Date().toISOString();
      // A new coding index (version 14, its version sheet renamed INFO as in 2026) with one unit group retitled.
      const version14 = alteredVolume2(
        (sheets) => {
          const info = sheets.Information!;
          delete sheets.Information;
          info[1] = ['Version 14 Of The Standard Occupational Classification 2020 Index'];
          info.push(['Version 14: 27 August 2026: Incorporating quality improvements since original publication.']);
          sheets.INFO = info;
          sheets['SOC2020 framework']!.find((row) => row[4] === 2134)![5] = 'Programmers and software developers';
        },
        ['Information', 'SOC2020 coding index', 'Abbreviations', 'SOC2020 framework'],
      );
      // A new ASHE edition whose zip is cut short in transfer.
      const zip2024 = readFileSync(upstreamPath('ashe-table14/ashetable142024provisional.zip'));
      double.publishAll(
        routes(
          methodologyPageRoutes(SOC2020_PAGES.volume2, [
            [VOLUME2_NAME, upstreamPath(VOLUME2_FILE)],
            [VOLUME2_V14, version14],
          ]),
          asheRoutes(14, [
            { year: 2025, kind: 'provisional', zip: new Uint8Array(zip2024.subarray(0, zip2024.length >> 1)) },
            ASHE_2024,
          ]),
        ),
      );
      // And GOV.UK stops answering.
      double.down('www.gov.uk');
    });

    it('(b) serves the new coding index after one refresh, with no restart', async () => {
      const pid = server.child.pid;
      const occupation = await until(
        'the new unit group title',
        async () => {
          const body = await get<{ title: string }>('/v1/occupations/2134');
          return body.title === 'Programmers and software developers' ? body : undefined;
        },
        45_000,
      );
      assert.ok(occupation);
      // Both sources that read Volume 2 serve the new version (the coding index takes longer to stage).
      await until(
        'both Volume 2 sources to serve version 14',
        async () => {
          const sources = await get<SourceInfo[]>('/v1/meta/sources');
          return ['soc2020-index', 'soc2020-structure'].every(
            (source) =>
              sources.find((s) => s.key === source)!.currentEdition ===
              'SOC 2020 Volume 2: the coding index, version 14 (27 August 2026)',
          )
            ? true
            : undefined;
        },
        45_000,
      );
      const editions = await get<EditionInfo[]>('/v1/meta/editions?source=soc2020-index');
      const current = editions.find((e) => e.status === 'published')!;
      assert.match(current.sourceUri, new RegExp(`/${VOLUME2_V14}$`));
      assert.equal(server.child.pid, pid);
      assert.equal(server.child.exitCode, null, 'the same server process');
    });

    it('(c) quarantines the broken ASHE release; the previous one keeps serving', async () => {
      const status = await until(
        'the broken 2025 release to be quarantined',
        async () => {
          const s = await ingestStatus();
          return s.quarantined.some((q) => q.sourceKey === 'ashe-table14') ? s : undefined;
        },
        45_000,
      );
      assert.match(status.quarantined.find((q) => q.sourceKey === 'ashe-table14')!.label, /2025 provisional/);
      assert.equal(runOf(status, 'ashe-table14')!.lastOutcome, 'quarantined');
      assert.match(runOf(status, 'ashe-table14')!.message!, /2025 provisional: .*not a readable zip/);
      // The same figures of the same release (the unit group's title is the new coding index's).
      const { title: _retitled, ...pay } = await get<Record<string, unknown>>('/v1/occupations/2134/pay');
      assert.deepEqual(figures(pay), figures(payBefore));
    });

    it('(e) reports the publisher that is down in /v1/meta/ingest; the others keep refreshing', async () => {
      const failed = await until(
        'a check of LMSP England with GOV.UK down',
        async () => {
          const lmsp = runOf(await ingestStatus(), 'lmsp-england');
          return lmsp && lmsp.lastRun > changedAt && lmsp.lastOutcome === 'failed' ? lmsp : undefined;
        },
        45_000,
      );
      // A later refresh, GOV.UK still down, reads the other publishers as before.
      const status = await succeededAfter(failed.lastRun, ['ashe-table14', 'aps-occupation-industry']);
      const lmsp = runOf(status, 'lmsp-england')!;
      assert.equal(lmsp.lastOutcome, 'failed');
      assert.match(lmsp.message!, /www\.gov\.uk.*could not be read/);
      assert.ok(lmsp.lastSuccess! < failed.lastRun, 'its last success is the check before GOV.UK went down');
      // A failed check is tried again sooner than the interval, never later.
      const next = Date.parse(lmsp.nextCheck!);
      assert.ok(next <= Date.now() + REFRESH_SECONDS * 1000, `the next check (${lmsp.nextCheck}) is planned`);
      assert.equal(runOf(status, 'aps-occupation-industry')!.lastOutcome, 'unchanged');
      const sources = await get<SourceInfo[]>('/v1/meta/sources');
      assert.ok(
        sources.find((s) => s.key === 'lmsp-england')!.currentEdition,
        'the current LMSP release keeps serving',
      );
      await get('/v1/occupations/2134/projections?area=england');
      const metrics = (await server.get('/metrics')).body as string;
      assert.match(metrics, /lmi_ingest_runs_total\{source="lmsp-england",outcome="failed"\} [1-9]/);
    });
  });
});
