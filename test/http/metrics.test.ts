import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../src/app.js';
import { metricsServer } from '../../src/http/metrics.js';
import { issueApiKey } from '../../src/keys/api-key.js';
import { createServices } from '../../src/services.js';
import { quarantineEdition, recordDetectedEdition } from '../../src/store/editions.js';
import { countFinishedRuns } from '../../src/store/ingest-runs.js';
import type { Config } from '../../src/config.js';
import { servedFromTemplate, testConfig, type ServedApp } from '../helpers/served-app.js';
import { DIALECTS, openTestStore } from '../helpers/stores.js';

/** The value of one sample of the exposition, or undefined when the series is absent. */
function sample(exposition: string, series: string): number | undefined {
  const line = exposition.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics beside the API (LMI_METRICS=on, the default)', () => {
  let served: ServedApp;
  const scrape = async () => (await served.app.inject({ url: '/metrics' })).body;
  before(async () => {
    served = await servedFromTemplate('sqlite');
  });
  after(async () => served.close());

  it('answers without a key in the Prometheus text format, never cached, with the process metrics', async () => {
    const response = await served.app.inject({ url: '/metrics' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.ok((sample(response.body, 'lmi_process_resident_memory_bytes') ?? 0) > 0);
    assert.match(response.body, /^# TYPE lmi_nodejs_eventloop_lag_seconds gauge$/m);
  });

  it('counts requests by route template, method and status, and times them', async () => {
    const series =
      'lmi_http_request_duration_seconds_count{method="GET",route="/v1/occupations/:soc/pay",status="200"}';
    const notFound =
      'lmi_http_request_duration_seconds_count{method="GET",route="/v1/occupations/:soc/pay",status="404"}';
    const before = await scrape();
    assert.equal((await served.get('/v1/occupations/2134/pay')).statusCode, 200);
    assert.equal((await served.get('/v1/occupations/2134/pay')).statusCode, 200);
    assert.equal((await served.get('/v1/occupations/9999/pay')).statusCode, 404);
    const after = await scrape();
    assert.equal((sample(after, series) ?? 0) - (sample(before, series) ?? 0), 2);
    assert.equal((sample(after, notFound) ?? 0) - (sample(before, notFound) ?? 0), 1);
    assert.ok(
      (sample(
        after,
        'lmi_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/v1/occupations/:soc/pay",status="200"}',
      ) ?? 0) >= 2,
    );
  });

  it('counts paths that match no route under one label, not one series each', async () => {
    await served.app.inject({ url: '/no/such/path/1' });
    await served.app.inject({ url: '/no/such/path/2' });
    const exposition = await scrape();
    assert.ok(
      (sample(exposition, 'lmi_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}') ??
        0) >= 2,
    );
    assert.doesNotMatch(exposition, /no\/such\/path/);
  });

  it('counts lookups in the response cache, hits and misses', async () => {
    const hits = 'lmi_response_cache_lookups_total{result="hit"}';
    const misses = 'lmi_response_cache_lookups_total{result="miss"}';
    const before = await scrape();
    await served.get('/v1/occupations/2136/titles');
    await served.get('/v1/occupations/2136/titles');
    const after = await scrape();
    assert.equal((sample(after, misses) ?? 0) - (sample(before, misses) ?? 0), 1);
    assert.equal((sample(after, hits) ?? 0) - (sample(before, hits) ?? 0), 1);
  });

  it('counts requests refused by a rate limit', async () => {
    const { key } = await issueApiKey(served.store.db, {
      tier: { name: 'free', requestsPerMinute: 60 },
      emailHmac: null,
      requestsPerMinute: 1,
    });
    const get = () => served.app.inject({ url: '/v1/occupations/2134', headers: { 'x-api-key': key } });
    assert.equal((await get()).statusCode, 200);
    assert.equal((await get()).statusCode, 429);
    assert.equal(sample(await scrape(), 'lmi_http_rate_limited_total{route="/v1/occupations/:soc"}'), 1);
  });
});

describe('ingest metrics, read from the database at scrape time', () => {
  for (const dialect of DIALECTS) {
    it(`report finished runs by source and outcome, and quarantined releases by source (${dialect})`, async () => {
      const served = await servedFromTemplate(dialect);
      try {
        const held = await recordDetectedEdition(served.store.db, {
          sourceKey: 'ashe-table14',
          label: 'a broken release',
          seriesKey: '2099',
          sourceUri: 'mirror://test',
          sha256: 'f'.repeat(64),
        });
        await quarantineEdition(served.store.db, held.id, [
          { rule: 'the file can be read', status: 'fail', observed: 'test' },
        ]);
        const exposition = (await served.app.inject({ url: '/metrics' })).body;
        const runs = await countFinishedRuns(served.store.db);
        assert.ok(runs.length > 5);
        for (const run of runs)
          assert.equal(
            sample(exposition, `lmi_ingest_runs_total{source="${run.sourceKey}",outcome="${run.outcome}"}`),
            run.runs,
          );
        const quarantined = (await served.services.meta.ingestStatus()).quarantined.filter(
          (e) => e.sourceKey === 'ashe-table14',
        ).length;
        assert.ok(quarantined >= 1);
        assert.equal(sample(exposition, 'lmi_editions_quarantined{source="ashe-table14"}'), quarantined);
      } finally {
        await served.close();
      }
    });
  }
});

describe('LMI_METRICS=off and LMI_METRICS=<port>', () => {
  async function appWith(metrics: Config['metrics']) {
    const store = await openTestStore('sqlite');
    const app = await buildApp(createServices(testConfig(store.dataDir, { metrics }), store));
    await app.ready();
    return {
      app,
      close: async () => {
        await app.close();
        await store.dispose();
      },
    };
  }

  it('off: no /metrics and nothing counted', async () => {
    const { app, close } = await appWith({ serve: 'off' });
    try {
      assert.equal(app.metrics, null);
      assert.equal((await app.inject({ url: '/metrics' })).statusCode, 404);
    } finally {
      await close();
    }
  });

  it('beside the API with LMI_METRICS_TOKEN: only the bearer of the token is answered', async () => {
    const store = await openTestStore('sqlite');
    const token = 'metrics-token-0123456789';
    const app = await buildApp(
      createServices(testConfig(store.dataDir, { metrics: { serve: 'with-api' }, metricsToken: token }), store),
    );
    try {
      const refused = await app.inject({ url: '/metrics' });
      assert.equal(refused.statusCode, 401);
      assert.equal(refused.json().type, '/problems/metrics-token-required');
      assert.equal((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode, 401);
      const answered = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      assert.equal(answered.statusCode, 200);
      assert.match(answered.body, /^# TYPE lmi_nodejs_eventloop_lag_seconds gauge$/m);
    } finally {
      await app.close();
      await store.dispose();
    }
  });

  it("a port of its own: the API does not answer /metrics; the metrics listener does, with the API's requests", async () => {
    const { app, close } = await appWith({ serve: 'own-port', port: 9464 });
    const server = await metricsServer(app.metrics!);
    try {
      assert.equal((await app.inject({ url: '/metrics' })).statusCode, 404);
      await app.inject({ url: '/healthz' });
      const response = await server.inject({ url: '/metrics' });
      assert.equal(response.statusCode, 200);
      assert.equal(
        sample(response.body, 'lmi_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}'),
        1,
      );
    } finally {
      await server.close();
      await close();
    }
  });
});
