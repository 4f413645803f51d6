import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { issueApiKey } from '../../src/keys/api-key.js';
import { revokeKeyByPrefix } from '../../src/store/keys.js';
import { servedFromTemplate, type ServedApp } from '../helpers/served-app.js';

/** Example values for path parameters, so that every keyed route of the OpenAPI document is called. */
const PATH_EXAMPLES: Record<string, string> = { soc: '2134', area: 'london' };

function keyedOperations(openapi: { paths: Record<string, Record<string, { security?: unknown[] }>> }) {
  return Object.entries(openapi.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => op.security === undefined || op.security.length > 0)
      .map(([method, op]) => ({
        method: method.toUpperCase() as 'GET' | 'POST',
        url: path.replace(/\{(\w+)\}/g, (_m, name: string) => PATH_EXAMPLES[name] ?? 'x'),
        op,
      })),
  );
}

/**
 * The reusable authorisation suite: every keyed route in the OpenAPI document (so a new route is
 * covered the day it is added) refuses a missing, unknown, revoked or query-string key.
 */
describe('every keyed route refuses requests without a live key', () => {
  let served: ServedApp;
  let routes: ReturnType<typeof keyedOperations>;
  let revokedKey: string;
  before(async () => {
    served = await servedFromTemplate('sqlite');
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
        assert.match(String(res.headers['www-authenticate']), /^ApiKey .*header="X-API-Key"/);
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
      const res = await served.app.inject({
        method: route.method,
        url: route.url,
        headers: { 'x-api-key': served.key },
      });
      assert.notEqual(res.statusCode, 401, `${route.method} ${route.url}`);
    }
  });
});
