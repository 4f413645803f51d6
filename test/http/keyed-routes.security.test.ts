import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { buildApp, loggerOptions, type App } from '../../src/app.js';
import { issueApiKey } from '../../src/keys/api-key.js';
import { createServices } from '../../src/services.js';
import { revokeKeyByPrefix } from '../../src/store/api-keys.js';
import { testConfig } from '../helpers/app.js';
import { servedFromRealData, type ServedFixture } from '../helpers/fixture.js';

/** Example values for path parameters, so that every keyed route of the OpenAPI document is called. */
const PATH_EXAMPLES: Record<string, string> = { soc: '2134', area: 'london' };

function keyedOperations(openapi: { paths: Record<string, Record<string, { security?: unknown[] }>> }) {
  return Object.entries(openapi.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => op.security === undefined || op.security.length > 0)
      .map(([method, op]) => ({ method: method.toUpperCase() as 'GET' | 'POST', url: path.replace(/\{(\w+)\}/g, (_m, name: string) => PATH_EXAMPLES[name] ?? 'x'), op })),
  );
}

/**
 * The reusable authorisation suite: every keyed route in the OpenAPI document (so a new route is
 * covered the day it is added) refuses a missing, unknown, revoked or query-string key.
 */
describe('every keyed route refuses requests without a live key', () => {
  let served: ServedFixture;
  let routes: ReturnType<typeof keyedOperations>;
  let revokedKey: string;
  before(async () => {
    served = await servedFromRealData('sqlite');
    routes = keyedOperations((await served.app.inject({ url: '/v1/openapi.json' })).json());
    const issued = await issueApiKey(served.store.db, { tier: served.services.config.tiers[0]!, emailHmac: null });
    await revokeKeyByPrefix(served.store.db, issued.record.prefix);
    revokedKey = issued.key;
  });
  after(() => served.close());

  it('finds the keyed routes in the OpenAPI document', () => {
    assert.ok(routes.some((r) => r.url === '/v1/occupations'));
    assert.ok(!routes.some((r) => r.url.startsWith('/v1/meta')), 'metadata is open');
  });

  const cases: Array<[string, () => Record<string, string>, RegExp]> = [
    ['no key', () => ({}), /Send an API key in the X-API-Key header/],
    ['an unknown key', () => ({ 'x-api-key': `lmi_${'A'.repeat(43)}` }), /unknown or has been revoked/],
    ['a malformed key', () => ({ 'x-api-key': 'not-a-key' }), /unknown or has been revoked/],
    ['a revoked key', () => ({ 'x-api-key': revokedKey }), /unknown or has been revoked/],
  ];
  for (const [name, headers, detail] of cases) {
    it(`answers 401 problem+json to ${name}, and never echoes the key`, async () => {
      for (const route of routes) {
        const sent = headers();
        const res = await served.app.inject({ method: route.method, url: route.url, headers: sent });
        assert.equal(res.statusCode, 401, `${route.method} ${route.url}`);
        assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
        assert.match(res.json().detail, detail);
        if (sent['x-api-key']) assert.ok(!res.body.includes(sent['x-api-key']), 'the key is not in the body');
      }
    });
  }

  it('does not accept a key in the query string, and says to use the header', async () => {
    for (const route of routes) {
      for (const name of ['api_key', 'apiKey', 'key']) {
        const res = await served.app.inject({ method: route.method, url: `${route.url}?${name}=${served.key}` });
        assert.equal(res.statusCode, 401);
        assert.match(res.json().detail, /keys in the query string are not accepted/);
        assert.ok(!res.body.includes(served.key));
      }
    }
  });

  it('accepts a live key on every keyed route', async () => {
    for (const route of routes) {
      const res = await served.app.inject({ method: route.method, url: route.url, headers: { 'x-api-key': served.key } });
      assert.notEqual(res.statusCode, 401, `${route.method} ${route.url}`);
    }
  });
});

describe('logs never contain an API key', () => {
  let app: App;
  let served: ServedFixture;
  const lines: string[] = [];
  before(async () => {
    served = await servedFromRealData('sqlite');
    const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
    const services = createServices(testConfig(served.store.dataDir), served.store);
    app = await buildApp(services, { logger: { ...(loggerOptions('trace') as object), stream } });
  });
  after(async () => {
    await app.close();
    await served.close();
  });

  it('logs requests with a key in the header or the query string without the key', async () => {
    await app.inject({ url: '/v1/occupations', headers: { 'x-api-key': served.key } });
    await app.inject({ url: `/v1/occupations?api_key=${served.key}` });
    await app.inject({ url: '/v1/occupations', headers: { 'x-api-key': `${served.key}x` } });
    const log = lines.join('');
    assert.ok(lines.length >= 6, 'requests were logged');
    assert.ok(log.includes('api_key=[redacted]'));
    assert.ok(!log.includes(served.key.slice(4)), 'no part of the key after its mark is logged');
  });
});
