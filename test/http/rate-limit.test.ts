import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp, type App } from '../../src/app.js';
import { issueApiKey } from '../../src/keys/api-key.js';
import { createServices } from '../../src/services.js';
import { servedFromTemplate, testConfig, type ServedApp } from '../helpers/served-app.js';
import { sharedSearchBuilds } from '../helpers/shared-search.js';

const REDIS_URL = process.env.LMI_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('per-key limits over HTTP', () => {
  let served: ServedApp;
  const apps: App[] = [];
  const newApp = async (redisUrl: string | null) => {
    const app = await buildApp(
      createServices(testConfig(served.store.dataDir, { redisUrl }), served.store, { buildSearch: sharedSearchBuilds }),
    );
    apps.push(app);
    return app;
  };
  before(async () => {
    served = await servedFromTemplate('sqlite');
  });
  after(async () => {
    for (const app of apps) await app.close();
    await served.close();
  });

  for (const redis of [false, true]) {
    it(`${redis ? 'Redis' : 'in-process'}: 60 a minute on the free tier, then 429 with Retry-After; headers on every keyed response`, async () => {
      const app = await newApp(redis ? REDIS_URL : null);
      const { key } = await issueApiKey(served.store.db, { tier: served.services.config.tiers[0]!, emailHmac: null });
      const urls = [
        '/v1/occupations/2134',
        '/v1/occupations/9999',
        '/v1/occupations/search?q=nurse',
        '/v1/occupations/search?q=',
      ];
      for (let i = 1; i <= 60; i++) {
        const res = await app.inject({ url: urls[i % urls.length]!, headers: { 'x-api-key': key } });
        assert.notEqual(res.statusCode, 429, `request ${i}`);
        assert.equal(res.headers['ratelimit-policy'], '"key";q=60;w=60');
        assert.match(res.headers.ratelimit as string, new RegExp(`^"key";r=${60 - i};t=\\d+$`));
      }
      const over = await app.inject({ url: '/v1/occupations', headers: { 'x-api-key': key } });
      assert.equal(over.statusCode, 429);
      assert.equal(over.headers['content-type'], 'application/problem+json; charset=utf-8');
      const retryAfter = Number(over.headers['retry-after']);
      assert.ok(retryAfter >= 1 && retryAfter <= 60);
      assert.equal(over.json().type, '/problems/rate-limited');
      assert.match(over.json().detail, /The limit is 60 requests per minute/);
    });
  }

  it('shares one limit per key between two app instances through Redis: the 61st request across both gets 429', async () => {
    const [a, b] = [await newApp(REDIS_URL), await newApp(REDIS_URL)];
    const { key } = await issueApiKey(served.store.db, { tier: served.services.config.tiers[0]!, emailHmac: null });
    for (let i = 0; i < 60; i++) {
      const res = await (i % 2 === 0 ? a : b).inject({ url: '/v1/occupations/2134', headers: { 'x-api-key': key } });
      assert.equal(res.statusCode, 200, `request ${i + 1}`);
    }
    assert.equal((await a.inject({ url: '/v1/occupations/2134', headers: { 'x-api-key': key } })).statusCode, 429);
    assert.equal((await b.inject({ url: '/v1/occupations/2134', headers: { 'x-api-key': key } })).statusCode, 429);
  });

  it('keeps separate counts per app without Redis (so a shared limit needs REDIS_URL)', async () => {
    const [a, b] = [await newApp(null), await newApp(null)];
    const { key } = await issueApiKey(served.store.db, { tier: served.services.config.tiers[0]!, emailHmac: null });
    for (let i = 0; i < 60; i++) await a.inject({ url: '/v1/occupations/2134', headers: { 'x-api-key': key } });
    assert.equal((await a.inject({ url: '/v1/occupations/2134', headers: { 'x-api-key': key } })).statusCode, 429);
    assert.equal((await b.inject({ url: '/v1/occupations/2134', headers: { 'x-api-key': key } })).statusCode, 200);
  });

  it("uses a key's own limit (lmi keys create --rpm) and the tier's otherwise", async () => {
    const app = await newApp(null);
    const tiers = served.services.config.tiers;
    const { key: small } = await issueApiKey(served.store.db, {
      tier: tiers[0]!,
      emailHmac: null,
      requestsPerMinute: 3,
    });
    for (let i = 0; i < 3; i++)
      assert.equal(
        (await app.inject({ url: '/v1/occupations/2134', headers: { 'x-api-key': small } })).statusCode,
        200,
      );
    assert.equal((await app.inject({ url: '/v1/occupations/2134', headers: { 'x-api-key': small } })).statusCode, 429);
    const { key: partner } = await issueApiKey(served.store.db, {
      tier: tiers.find((t) => t.name === 'partner')!,
      emailHmac: null,
    });
    const res = await app.inject({ url: '/v1/occupations/2134', headers: { 'x-api-key': partner } });
    assert.equal(res.headers['ratelimit-policy'], '"key";q=600;w=60');
  });

  it('limits open metadata per client address: 120 a minute', async () => {
    const app = await newApp(null);
    for (let i = 0; i < 120; i++)
      assert.equal((await app.inject({ url: '/v1/meta/sources', remoteAddress: '192.0.2.77' })).statusCode, 200);
    const over = await app.inject({ url: '/v1/meta/editions', remoteAddress: '192.0.2.77' });
    assert.equal(over.statusCode, 429);
    assert.ok(Number(over.headers['retry-after']) >= 1);
    assert.equal(
      (await app.inject({ url: '/v1/meta/sources', remoteAddress: '192.0.2.78' })).statusCode,
      200,
      'another client is not affected',
    );
  });
});
