import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, type TestApp } from '../helpers/served-app.js';
import { openTestStore, type TestStore } from '../helpers/stores.js';

function assertProblem(body: Record<string, unknown>, status: number, instance: string) {
  assert.equal(body.status, status);
  assert.equal(typeof body.type, 'string');
  assert.equal(typeof body.title, 'string');
  assert.equal(typeof body.detail, 'string');
  assert.equal(body.instance, instance);
  assert.equal(typeof body.requestId, 'string');
  assert.ok(!('stack' in body), 'no stack trace');
}

describe('problem details', () => {
  let store: TestStore;
  let served: TestApp;
  before(async () => {
    store = await openTestStore('sqlite');
    served = await buildTestApp(store);
  });
  after(async () => {
    await served.app.close();
    await store.dispose();
  });

  it('answers an unknown route with a 404 problem as application/json, with or without a key', async () => {
    for (const headers of [{}, { 'x-api-key': served.key }]) {
      const res = await served.app.inject({ url: '/v1/nothing-here?x=1', headers });
      assert.equal(res.statusCode, 404);
      assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
      const body = res.json();
      assertProblem(body, 404, '/v1/nothing-here');
      assert.equal(body.type, '/problems/route-not-found');
      assert.equal(res.headers['x-request-id'], body.requestId);
    }
  });

  it('answers 401 as application/problem+json', async () => {
    const res = await served.app.inject({ url: '/v1/occupations' });
    assert.equal(res.statusCode, 401);
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
    assertProblem(res.json(), 401, '/v1/occupations');
  });

  it('keeps a well-formed request id given by the caller, and replaces a malformed one', async () => {
    const kept = await served.app.inject({ url: '/nope', headers: { 'x-request-id': 'abc-123' } });
    assert.equal(kept.json().requestId, 'abc-123');
    const replaced = await served.app.inject({
      url: '/nope',
      headers: { 'x-request-id': 'bad id with spaces <script>' },
    });
    assert.match(replaced.json().requestId, /^[0-9a-f-]{36}$/);
  });

  it('serves a description at each problem type URI', async () => {
    const res = await served.app.inject({ url: '/problems/invalid-api-key' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { type: '/problems/invalid-api-key', title: 'API key not recognised', status: 401 });
    assert.equal((await served.app.inject({ url: '/problems/no-such-kind' })).statusCode, 404);
  });

  it('says the service is not ready (503, Retry-After) before the classification is ingested, never 500', async () => {
    const res = await served.app.inject({ url: '/v1/occupations', headers: { 'x-api-key': served.key } });
    assert.equal(res.statusCode, 503);
    assert.equal(res.headers['retry-after'], '30');
    assertProblem(res.json(), 503, '/v1/occupations');
    assert.equal((await served.app.inject({ url: '/readyz' })).statusCode, 503);
  });

  it('answers a method a route does not have with a 404 problem', async () => {
    const res = await served.app.inject({ method: 'DELETE', url: '/v1/meta/sources' });
    assert.equal(res.statusCode, 404);
    assertProblem(res.json(), 404, '/v1/meta/sources');
  });

  it('answers a malformed JSON body with a 400 problem, never a 500', async () => {
    const res = await served.app.inject({
      method: 'POST',
      url: '/v1/meta/sources',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().type, '/problems/invalid-body');
    assertProblem(res.json(), 400, '/v1/meta/sources');
  });
});
