import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { issueApiKey } from '../../src/keys/api-key.js';
import { startLmiServer, until, type LmiServer } from '../helpers/lmi-process.js';
import { ASHE_DATASETS } from '../helpers/publisher-double/routes-ons.js';
import { bodyOf, routeKey, routes } from '../helpers/publisher-double/routes.js';
import type { PublisherDouble } from '../helpers/publisher-double/server.js';
import {
  DESCRIBED_2134,
  figures,
  nextReleasesSmall,
  publishersDouble,
  publishersEnvironment,
  publishersToday,
  READ,
  READ_FROM,
  runOf,
  servedApi,
  VOLUME1_NEW_LABEL,
  type EditionInfo,
  type SourceInfo,
} from '../helpers/publishers-e2e.js';
import { databaseUrl, type TestStore } from '../helpers/stores.js';
import { copyTemplate } from '../helpers/template-databases.js';

/**
 * The scale-out deployment following the publishers: two `lmi serve --ingest` replicas sharing
 * one PostgreSQL database and one Redis, reading the publishers through the HTTPS double
 * (publishers.e2e.test.ts runs the same scenario on SQLite with one server). The database
 * starts as a copy of the template (the mirror's releases), so the first refresh only finds
 * them again at the publishers' addresses. The ingest lock lets one replica refresh at a time;
 * a release one publishes or quarantines reaches the other through the editions table, with
 * no restart.
 */

const REFRESH_SECONDS = 4;
const REDIS_URL = process.env.LMI_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The ASHE Table 14 landing page: the first address its discovery reads in each refresh. */
const ASHE_LANDING = `https://www.ons.gov.uk${ASHE_DATASETS[14]}/data`;
/** The part of /v1/occupations/{soc} a new Volume 1 changes. */
type Occupation = { about: { description: string } | null };
/** What a replica logs when its refresh finds the ingest lock held by another. */
const BUSY = 'another ingest holds the lock';

/**
 * Holds every request for `url` unanswered until `release`, then answers them (and later ones)
 * with what the double serves there today: an ingest reading it stays inside the lock meanwhile.
 */
function hold(double: PublisherDouble, url: string) {
  const response = publishersToday().get(routeKey(url))!;
  const waiting: (() => void)[] = [];
  let requests = 0;
  double.route(url, (_request, answer) => {
    requests += 1;
    waiting.push(() => answer.writeHead(200, { 'content-type': response.contentType }).end(bodyOf(response)));
  });
  return {
    requests: () => requests,
    release() {
      double.publishAll(routes([[url, response]]));
      for (const send of waiting.splice(0)) send();
    },
  };
}

const timesOut = (what: string) => (error: unknown) => {
  throw new Error(`${String(error)} (${what})`);
};

describe('two lmi serve --ingest replicas on one PostgreSQL and Redis, reading a double of the publishers', () => {
  let double: PublisherDouble;
  let store: TestStore;
  const dataDirs: string[] = [];
  let replicas: LmiServer[] = [];
  let key = '';
  let startedAt: string;
  /** While one replica's refresh was held inside the lock: how many read ASHE, and which replica found the lock held. */
  let whileHeld: { asheReads: number; busy: boolean[] };

  const apis = () =>
    replicas.map((replica) =>
      servedApi(
        () => replica,
        () => key,
      ),
    );
  const outputs = () => replicas.map((r, i) => `replica ${i} said:\n${r.output().slice(-20_000)}`).join('\n');
  /** Every ingest run recorded since the test started, oldest first. */
  const runsSinceStart = () =>
    store.db
      .selectFrom('ingest_runs')
      .select(['source_key', 'started_at', 'finished_at'])
      .where('started_at', '>', startedAt)
      .orderBy('started_at')
      .execute();

  before(async () => {
    double = await publishersDouble();
    store = await copyTemplate('postgres');
    key = (
      await issueApiKey(store.db, {
        tier: { name: 'free', requestsPerMinute: 60 },
        emailHmac: null,
        requestsPerMinute: 1_000_000,
      })
    ).key;
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(store.db);
    startedAt = new Date().toISOString();
    // The first refresh that reaches ASHE stays there until the other replica has found the lock held.
    const ashe = hold(double, ASHE_LANDING);
    replicas = await Promise.all(
      [0, 1].map(() => {
        const dataDir = mkdtempSync(path.join(tmpdir(), 'lmi-e2e-replica-'));
        dataDirs.push(dataDir);
        return startLmiServer(['--ingest'], {
          ...publishersEnvironment(double, REFRESH_SECONDS),
          LMI_DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl(rows[0]!.name),
          REDIS_URL,
        });
      }),
    );
    try {
      await until('a refresh to read ASHE', async () => (ashe.requests() > 0 ? true : undefined), 60_000).catch(
        timesOut(outputs()),
      );
      const busy = await until(
        'the other replica to find the ingest lock held',
        async () => {
          const said = replicas.map((r) => r.output().includes(BUSY));
          return said.some(Boolean) ? said : undefined;
        },
        30_000,
      ).catch(timesOut(outputs()));
      whileHeld = { asheReads: ashe.requests(), busy };
      ashe.release();
      for (const [i, replica] of replicas.entries())
        await until(
          `replica ${i}: GET /readyz 200`,
          async () => ((await replica.get('/readyz')).status === 200 ? true : undefined),
          // The first ingest ends with the NCS export (17 MB of recipes) and a scrape of 737 pages.
          300_000,
        ).catch(timesOut(outputs()));
    } catch (error) {
      ashe.release();
      throw error;
    }
  });

  after(async () => {
    for (const replica of replicas) await replica.stop();
    await store?.dispose();
    await double?.stop();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets one replica refresh at a time: the other finds the ingest lock held and reads nothing', () => {
    assert.equal(whileHeld.asheReads, 1, 'one refresh read ASHE while it was held');
    assert.equal(whileHeld.busy.filter(Boolean).length, 1, 'one replica found the lock held');
  });

  it('becomes ready on both replicas, serving the releases found again at the publishers', async () => {
    for (const api of apis()) {
      const sources = await api.get<SourceInfo[]>('/v1/meta/sources');
      const editions = await api.get<EditionInfo[]>('/v1/meta/editions');
      for (const source of READ) {
        const current = sources.find((s) => s.key === source)!.currentEdition;
        const edition = editions.find((e) => e.sourceKey === source && e.label === current && e.status === 'published');
        assert.ok(edition, `${source} serves a release`);
        assert.ok(
          edition.sourceUri.startsWith(READ_FROM[source]),
          `${source} was found at its publisher's address (${edition.sourceUri})`,
        );
      }
      const status = await api.ingestStatus();
      for (const source of READ) assert.equal(runOf(status, source)?.upstream, 'publishers', source);
    }
  });

  describe('while the replicas run, the publishers change', () => {
    let payBefore: unknown;
    let pids: (number | undefined)[];
    before(async () => {
      const { title: _title, ...pay } = await apis()[0]!.get<Record<string, unknown>>('/v1/occupations/2134/pay');
      payBefore = figures(pay);
      pids = replicas.map((r) => r.child.pid);
      // Each replica has the unit group's page in its response cache, with today's description.
      for (const api of apis())
        assert.notEqual((await api.get<Occupation>('/v1/occupations/2134')).about?.description, DESCRIBED_2134);
      // A new Volume 1 (2134 described anew), and a new ASHE release cut short in transfer.
      double.publishAll(nextReleasesSmall());
    });

    it('both replicas serve the new Volume 1, read from its publisher, with no restart', async () => {
      for (const [i, api] of apis().entries()) {
        await until(
          `replica ${i}: the new description of 2134`,
          async () =>
            (await api.get<Occupation>('/v1/occupations/2134')).about?.description === DESCRIBED_2134
              ? true
              : undefined,
          90_000,
        );
        const sources = await api.get<SourceInfo[]>('/v1/meta/sources');
        assert.equal(sources.find((s) => s.key === 'soc2020-descriptions')!.currentEdition, VOLUME1_NEW_LABEL);
        const editions = await api.get<EditionInfo[]>('/v1/meta/editions?source=soc2020-descriptions');
        const current = editions.find((e) => e.status === 'published')!;
        assert.match(
          current.sourceUri,
          /^https:\/\/www\.ons\.gov\.uk\/file\?uri=\/methodology\/.*\/soc2020volume1\w+27082026\.xlsx$/,
        );
      }
      assert.deepEqual(
        replicas.map((r) => [r.child.pid, r.child.exitCode]),
        pids.map((pid) => [pid, null]),
        'the same server processes',
      );
    });

    it('both replicas report the broken ASHE release quarantined and keep serving the previous one', async () => {
      for (const api of apis()) {
        await api.quarantinedAshe2025();
        const { title: _title, ...pay } = await api.get<Record<string, unknown>>('/v1/occupations/2134/pay');
        assert.deepEqual(figures(pay), payBefore);
      }
    });

    it('never ran two refreshes at once: no ingest run began before the one before it ended', async () => {
      const runs = await runsSinceStart();
      assert.ok(runs.length > READ.length, `${runs.length} runs`);
      for (let i = 1; i < runs.length; i++) {
        const [previous, run] = [runs[i - 1]!, runs[i]!];
        assert.ok(
          previous.finished_at !== null && previous.finished_at <= run.started_at,
          `${previous.source_key} (${previous.started_at} to ${previous.finished_at}) overlaps ${run.source_key} (${run.started_at})`,
        );
      }
    });
  });
});
