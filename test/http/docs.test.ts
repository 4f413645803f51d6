import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, type TestApp } from '../helpers/served-app.js';
import { openTestStore, type TestStore } from '../helpers/stores.js';

/** Each GET route and the error statuses the spec declares for it. */
const DECLARED: Record<string, number[]> = {
  '/v1/occupations': [401, 429],
  '/v1/occupations/search': [400, 401, 429],
  '/v1/occupations/{soc}': [401, 404, 429],
  '/v1/occupations/{soc}/titles': [401, 404, 429],
  '/v1/occupations/{soc}/skills': [400, 401, 404, 429],
  '/v1/occupations/{soc}/work-profile': [401, 404, 429],
  '/v1/occupations/{soc}/employment': [400, 401, 404, 429],
  '/v1/occupations/{soc}/workforce': [401, 404, 429],
  '/v1/local-areas': [401, 404, 429],
  '/v1/occupations/{soc}/pay': [400, 401, 404, 429],
  '/v1/occupations/{soc}/pay/series': [400, 401, 404, 429],
  '/v1/occupations/{soc}/pay/regions': [400, 401, 404, 429],
  '/v1/meta/sources': [429],
  '/v1/meta/editions': [429],
  '/v1/meta/ingest': [429],
};

describe('OpenAPI document and docs page', () => {
  let store: TestStore;
  let served: TestApp;
  let openapi: { openapi: string; info: { version: string }; paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, unknown> }>; security?: unknown[] }>> };
  before(async () => {
    store = await openTestStore('sqlite');
    served = await buildTestApp(store);
    const res = await served.app.inject({ url: '/v1/openapi.json' });
    assert.equal(res.statusCode, 200);
    openapi = res.json();
  });
  after(async () => {
    await served.app.close();
    await store.dispose();
  });

  it('is OpenAPI 3.1, version v1, served without a key', () => {
    assert.equal(openapi.openapi, '3.1.0');
    assert.equal(openapi.info.version, 'v1');
  });

  it('lists the two key POSTs: 202 and 200 with 400 and 429, open', () => {
    const requests = openapi.paths['/v1/keys/requests']!.post!;
    assert.deepEqual(Object.keys(requests.responses).sort(), ['202', '400', '429']);
    assert.deepEqual(requests.security, []);
    const confirm = openapi.paths['/v1/keys/confirm']!.post!;
    assert.deepEqual(Object.keys(confirm.responses).sort(), ['200', '400', '429']);
    assert.deepEqual(confirm.security, []);
  });

  it('lists every route with its declared error statuses and their content types', () => {
    for (const [path, errors] of Object.entries(DECLARED)) {
      const op = openapi.paths[path]?.get;
      assert.ok(op, `${path} is documented`);
      assert.deepEqual(Object.keys(op.responses).map(Number).sort(), [200, ...errors].sort(), path);
      for (const status of errors) {
        const type = status === 400 || status === 404 ? 'application/json' : 'application/problem+json';
        assert.deepEqual(Object.keys(op.responses[status]!.content), [type], `${path} ${status}`);
      }
    }
    const documented = Object.entries(openapi.paths).filter(([p, ops]) => p.startsWith('/v1/') && ops.get).map(([p]) => p);
    assert.deepEqual(documented.sort(), Object.keys(DECLARED).sort());
  });

  it('marks metadata routes open and the others keyed', () => {
    assert.deepEqual(openapi.paths['/v1/meta/sources']!.get!.security, []);
    assert.equal(openapi.paths['/v1/occupations']!.get!.security, undefined, 'inherits the document-wide X-API-Key requirement');
  });

  it('serves a docs page with its assets locally, loading nothing from elsewhere', async () => {
    const page = await served.app.inject({ url: '/docs/' });
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /text\/html/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(sources.length > 0);
    for (const src of sources) assert.ok(!/^(https?:)?\/\//.test(src), `${src} is local`);
    const script = sources.find((s) => s.endsWith('.js'))!;
    const asset = await served.app.inject({ url: new URL(script, 'http://x/docs/').pathname });
    assert.equal(asset.statusCode, 200);
  });
});
