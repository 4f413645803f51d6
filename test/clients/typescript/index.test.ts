import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { createLmiClient, LmiProblemError, OPERATIONS, type LmiClient } from '../../../clients/typescript/src/index.js';
import { servedFromTemplate, type ServedApp } from '../../helpers/served-app.js';

/** What a call rejected with, which must be the client's typed problem error. */
async function problemOf(call: Promise<unknown>): Promise<LmiProblemError> {
  const error = await call.then(
    () => assert.fail('the call should have been refused'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof LmiProblemError, `rejected with ${String(error)}`);
  return error;
}

describe('the TypeScript client against the real server (template data, over a socket)', () => {
  let served: ServedApp;
  let baseUrl: string;
  let lmi: LmiClient;
  before(async () => {
    served = await servedFromTemplate('sqlite');
    await served.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(served.app.server.address() as AddressInfo).port}`;
    lmi = createLmiClient({ baseUrl, apiKey: served.key });
  });
  after(async () => served.close());

  it('has a method for every operationId of the served document', async () => {
    const document = (await served.app.inject({ url: '/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, { operationId: string }>>;
    }>();
    const served_ = Object.values(document.paths)
      .flatMap((item) => Object.values(item).map((op) => op.operationId))
      .sort();
    assert.deepEqual(Object.keys(OPERATIONS).sort(), served_);
    for (const id of served_) assert.equal(typeof (lmi as unknown as Record<string, unknown>)[id], 'function', id);
  });

  it('resolves a title and fetches its pay, as docs/api.md shows: the same figures the API serves', async () => {
    const [best] = await lmi.searchOccupations({ params: { query: { q: 'software developer' } } });
    assert.equal(best!.soc2020, '2134');
    const pay = await lmi.getOccupationPay({ params: { path: { soc: best!.soc2020 } } });
    assert.deepEqual(pay, (await served.get('/v1/occupations/2134/pay')).json());
    assert.equal(typeof pay.distribution.median, 'number');
    const hourly = await lmi.getOccupationPaySeries({
      params: { path: { soc: '2134' }, query: { measure: 'hourly_pay_gross', pattern: 'fulltime' } },
    });
    assert.deepEqual(
      hourly,
      (await served.get('/v1/occupations/2134/pay/series?measure=hourly_pay_gross&pattern=fulltime')).json(),
    );
  });

  it('calls open operations without needing the key', async () => {
    const open = createLmiClient({ baseUrl });
    const sources = await open.listSources();
    assert.ok(sources.some((s) => s.key === 'ashe-table14' && s.currentEdition !== null));
  });

  it('surfaces a 404 as a typed problem: status, kind, detail and request id', async () => {
    const error = await problemOf(lmi.getOccupation({ params: { path: { soc: '9999' } } }));
    assert.equal(error.status, 404);
    assert.equal(error.kind, 'occupation-not-found');
    assert.equal(error.operationId, 'getOccupation');
    assert.equal(error.problem.requestId, error.response.headers.get('x-request-id'));
    const missing = await problemOf(lmi.getOccupationRegionalPay({ params: { path: { soc: '2134' } } }));
    assert.equal(missing.kind, 'source-unavailable');
    assert.equal(missing.problem.source, 'ashe-table15');
  });

  it('gives a problem built from the status line when the answer is not a problem (a proxy page)', async () => {
    const proxied = createLmiClient({
      baseUrl,
      fetch: async () =>
        new Response('<h1>Bad Gateway</h1>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'content-type': 'text/html' },
        }),
    });
    const error = await problemOf(proxied.listSources());
    assert.deepEqual([error.status, error.kind, error.problem.title], [502, 'about:blank', 'Bad Gateway']);
    assert.match(error.problem.detail, /text\/html/);
  });

  it('surfaces a 400 with the parameter and its valid values', async () => {
    const error = await problemOf(
      lmi.getOccupationPay({ params: { path: { soc: '2134' }, query: { measure: 'monthly' as never } } }),
    );
    assert.equal(error.status, 400);
    assert.equal(error.problem.invalidParams![0]!.name, 'measure');
    assert.ok(error.problem.invalidParams![0]!.validValues!.includes('annual_pay_gross'));
  });

  it('surfaces a 401 (application/problem+json) when the key is missing or unknown', async () => {
    const keyless = await problemOf(createLmiClient({ baseUrl }).listOccupations());
    assert.equal(keyless.status, 401);
    assert.equal(keyless.kind, 'missing-api-key');
    const unknown = await problemOf(createLmiClient({ baseUrl, apiKey: 'lmi_not_a_real_key' }).listOccupations());
    assert.equal(unknown.kind, 'invalid-api-key');
  });

  it('registers, reads and deletes a webhook (a POST with a body, a 201 and an empty 204)', async () => {
    const created = await lmi.createWebhook({ body: { url: 'https://hooks.example.org/lmi' } });
    assert.match(created.secret, /^whsec_/);
    const got = await lmi.getWebhook({ params: { path: { id: created.id } } });
    assert.deepEqual([got.id, got.status, got.pendingDeliveries], [created.id, 'active', 0]);
    assert.deepEqual(await lmi.listWebhookDeliveries({ params: { path: { id: created.id } } }), []);
    await lmi.deleteWebhook({ params: { path: { id: created.id } } });
    const gone = await problemOf(lmi.getWebhook({ params: { path: { id: created.id } } }));
    assert.deepEqual([gone.status, gone.kind], [404, 'webhook-not-found']);
  });
});
