import { describe, it, after, before } from 'node:test';
import { PROJECTION_AREA_SLUGS } from '../../src/domain/projections.js';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lmiCommand, startLmiServer, until, type LmiServer } from '../helpers/lmi-process.js';
import type { PublisherDouble } from '../helpers/publisher-double/server.js';
import {
  figures,
  isDataFile,
  nextReleases,
  publishersDouble,
  publishersEnvironment,
  READ,
  READ_FROM,
  runOf,
  servedApi,
  VOLUME2_V14,
  type EditionInfo,
  type SourceInfo,
} from '../helpers/publishers-e2e.js';
import { serve, type ServedApp } from '../helpers/served-app.js';
import { copyTemplate, withdrawSources } from '../helpers/template-databases.js';
import { coverageTable, endpointCoverage } from '../helpers/endpoint-coverage.js';
import { sheetRecords, visaWorkbook } from '../helpers/visa-workbooks.js';

/**
 * `lmi serve --ingest` as someone without the mirror runs it (LMI_UPSTREAM=publishers, a fresh
 * data folder), against a local HTTPS double of the publishers that the server reaches under
 * their real host names (LMI_UPSTREAM_CONNECT_TO) and trusts through NODE_EXTRA_CA_CERTS, as it
 * would trust an operator's own CA. The double serves the mirror's files at the publishers'
 * addresses for the sources discovery covers (helpers/publishers-e2e.ts: ONS, Nomis, GOV.UK, EES,
 * Skills England, O*NET, BLS, Open Geography, Warwick, ESCO, DfE's NCS export repository on GitHub,
 * and the NCS site: its sitemap and a page for each listed profile), and pages for the detect-only
 * ones. Then it publishes, breaks and goes down while the server keeps running.
 */

/** The seconds between refreshes: short, so that each check sees one within a few seconds. */
const REFRESH_SECONDS = 4;

/** What 2134 answers with only the publishers' surfaces followed today (docs/sources.md, "Without the mirror", says the same). */
const WITHOUT_THE_MIRROR: Record<string, number> = {
  '/v1/occupations/2134': 200,
  '/v1/occupations/2134/titles': 200,
  '/v1/occupations/search?q=software%20developer': 200,
  '/v1/occupations/2134/pay': 200,
  '/v1/occupations/2134/pay/series': 200,
  '/v1/occupations/2134/pay/regions': 200,
  '/v1/occupations/2134/employment': 200,
  '/v1/occupations/2134/workforce': 200,
  '/v1/occupations/2134/vacancies': 200,
  ...Object.fromEntries(PROJECTION_AREA_SLUGS.map((area) => [`/v1/occupations/2134/projections?area=${area}`, 200])),
  '/v1/occupations/2134/projections': 200,
  '/v1/occupations/2134/skills': 200,
  '/v1/occupations/2134/work-profile': 200,
  '/v1/occupations/2134/how-to-become': 200,
  '/v1/occupations/2134/apprenticeships': 200,
  '/v1/local-areas': 200,
  '/v1/occupations/2134/job-adverts': 200,
  '/v1/occupations/2134/job-adverts/local': 200,
  '/v1/occupations/2134/demand': 200,
  '/v1/demand': 200,
};

describe('lmi serve --ingest with no mirror, reading a double of the publishers', () => {
  let double: PublisherDouble;
  let server: LmiServer;
  let template: ServedApp;
  let dataDir: string;
  let key: string;
  /** The double's request log when the first ingest was done. */
  let readyMark: number;
  let readyAt: string;

  const { get, ingestStatus, succeededAfter, servesVersion14, quarantinedAshe2025 } = servedApi(
    () => server,
    () => key,
  );

  before(async () => {
    double = await publishersDouble();
    dataDir = mkdtempSync(path.join(tmpdir(), 'lmi-e2e-publishers-'));
    server = await startLmiServer(['--ingest'], {
      ...publishersEnvironment(double, REFRESH_SECONDS),
      LMI_DATA_DIR: dataDir,
      // The coverage check (g) asks some 7,000 questions of one key.
      LMI_TIERS: 'free=1000000',
    });
    try {
      // Once the server has migrated the fresh database (it listens after), a key is made while it ingests.
      await until(
        'GET /healthz',
        async () => ((await server.get('/healthz')).status === 200 ? true : undefined),
        30_000,
      );
      key = (await lmiCommand(['keys', 'create', '--email', 'e2e@example.org'], { LMI_DATA_DIR: dataDir })).trim();
      // The mirror less what no publisher address serves any more (the institute's January 2023
      // answers, a snapshot only the mirror holds): (g) compares what the publishers' surfaces give.
      const mirror = await copyTemplate('sqlite');
      await withdrawSources(mirror, ['apprenticeship-standards-2023']);
      template = await serve(mirror);
      // The first ingest reads every source, thirteen projection workbooks among them: minutes on a loaded machine.
      await until(
        'GET /readyz 200 after the first ingest',
        async () => ((await server.get('/readyz')).status === 200 ? true : undefined),
        // ESCO, Table 15 and thirteen projection workbooks are read too: 479 s on a 2-core machine at load ~40.
        600_000,
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
    // The NCS 2020 export is read from DfE's own repository, at the commit that added it.
    const export2020 = sources.find((s) => s.key === 'ncs-content-export-2020')!;
    assert.deepEqual(
      [export2020.upstream.mode, export2020.upstream.reads, export2020.currentEdition],
      ['publishers', true, 'National Careers Service job profile content, November 2020'],
    );
    // The relationship tables are read from ONS's own workbook (built in the evidenced layout from the
    // mirror's rows): vacancies carry the same figures as from the mirror's copy.
    const crosswalk = sources.find((s) => s.key === 'soc-crosswalk')!;
    assert.deepEqual([crosswalk.upstream.mode, crosswalk.upstream.reads], ['publishers', true]);
    assert.match(crosswalk.currentEdition!, /^SOC 2010 to SOC 2020 relationship tables, ONS: /);
    const withoutDerivation = (body: unknown) => ({ ...(figures(body) as object), derivation: null });
    assert.deepEqual(
      withoutDerivation(await get('/v1/occupations/2134/vacancies')),
      withoutDerivation((await template.get('/v1/occupations/2134/vacancies')).json()),
    );
    // The UK's projections come from the 2020-2035 round's UK workbook, no longer from Working Futures.
    const uk = await get<{ outlook: { baseYear: number }; derivation: string; group: { classification: string } }>(
      '/v1/occupations/2134/projections',
    );
    assert.deepEqual([uk.outlook.baseYear, uk.group.classification], [2020, 'SOC 2020']);
    assert.doesNotMatch(uk.derivation, /Working Futures/);
    // ESCO is read from the Commission's own download addresses, with nothing configured.
    const esco = sources.find((s) => s.key === 'esco-occupations')!;
    assert.match(esco.currentEdition!, /^ESCO v1\.1\.1: /);
    // Workforce age bands: read from the Census 2021 workbook (built in the inferred layout); ONS's
    // table 3501 (qualifications) is still found and named, not read.
    const workforce = await get<{ ageBands: unknown[]; ageBandsPeriod: string; coverage: { note: string } }>(
      '/v1/occupations/2134/workforce',
    );
    assert.deepEqual([workforce.ageBands.length, workforce.ageBandsPeriod], [11, 'England and Wales, March 2021']);
    assert.match(workforce.coverage.note, /ad hoc 3501.*found, not read/);
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
      '/v1/occupations/2134/skills',
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

  it('serves what docs/sources.md says a user without the mirror gets, and answers 404 for the rest', async () => {
    const statuses: Record<string, number> = {};
    for (const url of Object.keys(WITHOUT_THE_MIRROR)) statuses[url] = (await server.get(url, key)).status;
    assert.deepEqual(statuses, WITHOUT_THE_MIRROR);
  });

  it('(g) answers every endpoint for at least as many unit groups as the mirror does', async (t) => {
    // The mirror's first: the server's keep-alive sockets are not left idle for a minute (Fastify closes them at 72 s).
    const onMirror = await endpointCoverage(async (url) => {
      const response = await template.get(url);
      return { status: response.statusCode, body: response.json<unknown>() };
    });
    const onDouble = await endpointCoverage(async (url) => server.get(url, key));
    t.diagnostic(`with no mirror, from the double:\n${coverageTable(onDouble.rows)}`);
    t.diagnostic(`from the mirror:\n${coverageTable(onMirror.rows)}`);
    const short = onDouble.rows.flatMap((row, i) => {
      const mirrored = onMirror.rows[i]!;
      return row.covered < mirrored.covered ? [`${row.endpoint}: ${row.covered} < ${mirrored.covered}`] : [];
    });
    assert.deepEqual(short, []);
  });

  it('(f) reads the online job adverts workbook found at ONS', async () => {
    const adverts = (await get<SourceInfo[]>('/v1/meta/sources')).find((s) => s.key === 'online-job-adverts')!;
    assert.deepEqual([adverts.upstream.mode, adverts.upstream.reads], ['publishers', true]);
  });

  it("serves the Home Office's newest visas workbook read from GOV.UK, the built file's figures", async () => {
    const visas = (await get<SourceInfo[]>('/v1/meta/sources')).find((s) => s.key === 'home-office-work-visas')!;
    assert.deepEqual(
      [visas.upstream.mode, visas.upstream.reads, visas.currentEdition],
      [
        'publishers',
        true,
        'Sponsored work entry clearance visas by occupation and industry (SOC 2020), year ending June 2026',
      ],
    );
    const body = await get<{ latestYear: { grants: number; to: string } }>('/v1/occupations/2134/visas');
    const grants = sheetRecords(visaWorkbook(), 'Data_Occ_D02').filter(
      (r) => String(r['Occ. unit group']).startsWith('2134 - ') && String(r.Quarter) >= '2024 Q4',
    );
    assert.deepEqual(
      [body.latestYear.to, body.latestYear.grants],
      ['2025 Q3', grants.reduce((t, r) => t + Number(r.Grants), 0)],
    );
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
    for (const source of READ.filter((s) => s !== 'ncs-job-profiles'))
      assert.equal(runOf(status, source)!.lastOutcome, 'unchanged', source);
    // The scrape asks for 737 pages a refresh: on a loaded machine one can fail to arrive (a timeout,
    // a reset connection) after its retry, and the scrape is then another release, one page short.
    // Otherwise the same site is the same release.
    const ncs = runOf(status, 'ncs-job-profiles')!;
    if (ncs.lastOutcome !== 'unchanged') {
      const retrieved = (await get<EditionInfo[]>('/v1/meta/editions?source=ncs-job-profiles')).map((e) =>
        Number(/, (\d+) of \d+ pages/.exec(e.label)?.[1]),
      );
      assert.ok(
        retrieved.at(0)! < Math.max(...retrieved),
        `${ncs.lastOutcome}: ${ncs.message}; ${retrieved.join(', ')}`,
      );
    }
  });

  describe('while the server runs, the publishers change', () => {
    let changedAt: string;
    let payBefore: Record<string, unknown>;
    before(async () => {
      const { title: _title, ...pay } = await get<Record<string, unknown>>('/v1/occupations/2134/pay');
      payBefore = pay;
      changedAt = new Date().toISOString();
      // A new coding index (version 14) with one unit group retitled, and a new ASHE edition cut short in transfer.
      double.publishAll(nextReleases());
      // And GOV.UK stops answering.
      double.down('www.gov.uk');
    });

    it('(b) serves the new coding index after one refresh, with no restart', async () => {
      const pid = server.child.pid;
      await servesVersion14();
      const editions = await get<EditionInfo[]>('/v1/meta/editions?source=soc2020-index');
      const current = editions.find((e) => e.status === 'published')!;
      assert.match(current.sourceUri, new RegExp(`/${VOLUME2_V14}$`));
      assert.equal(server.child.pid, pid);
      assert.equal(server.child.exitCode, null, 'the same server process');
    });

    it('(c) quarantines the broken ASHE release; the previous one keeps serving', async () => {
      const status = await quarantinedAshe2025();
      // The run that read it says why; a later refresh finds the same bytes, known, and says
      // 'unchanged', while the edition stays listed as quarantined with its failed check.
      const run = runOf(status, 'ashe-table14')!;
      if (run.lastOutcome === 'quarantined') assert.match(run.message!, /2025 provisional: .*not a readable zip/);
      else assert.equal(run.lastOutcome, 'unchanged');
      const held = (await get<EditionInfo[]>('/v1/meta/editions?source=ashe-table14')).find((e) =>
        /2025 provisional/.test(e.label),
      )!;
      assert.equal(held.status, 'quarantined');
      assert.ok(
        held.checks.some((c) => c.status === 'fail' && /not a readable zip/.test(`${c.rule} ${c.observed ?? ''}`)),
        JSON.stringify(held.checks),
      );
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
      // A later refresh, GOV.UK still down, reads the other publishers as before. It starts once the
      // current one has asked for every NCS page again (737, last in the run): tens of seconds here.
      const status = await succeededAfter(failed.lastRun, ['ashe-table14', 'aps-occupation-industry'], 150_000);
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
