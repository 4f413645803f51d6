import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { cacheKey } from '../../src/http/caching.js';
import { issueApiKey } from '../../src/keys/api-key.js';
import { revokeKeyByPrefix } from '../../src/store/keys.js';
import { serve, type ServedApp } from '../helpers/served-app.js';
import { overSocket } from '../helpers/socket-requests.js';
import { copyTemplate } from '../helpers/template-databases.js';

/** Example values for path parameters, so that every keyed route of the OpenAPI document is called. */
const PATH_EXAMPLES: Record<string, string> = { soc: '2134', area: 'london' };

type Route = ReturnType<typeof keyedOperations>[number];

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

interface Answer {
  status: number;
  /** Header names in the order they were sent, lower-cased, and their values. */
  headers: Array<[string, string]>;
  body: string;
}

const header = (answer: Answer, name: string) => answer.headers.find(([n]) => n === name)?.[1];

/**
 * What two answers to the same request must share, whichever path gave them: status, body, and
 * every header in its order, without those of the connection and the moment (the date, the
 * count left in the rate limit's window).
 */
function comparable(answer: Answer) {
  const headers = answer.headers
    .filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name))
    .map(([name, value]) => [name, name === 'ratelimit' ? value.replace(/r=\d+;t=\d+/g, 'r=_;t=_') : value]);
  return { status: answer.status, headers, body: answer.body };
}

/** A fixed request id, so that the two paths' problem bodies (which carry it) can be compared. */
const REQUEST_ID = 'security-suite';

/**
 * The reusable authorisation suite: every keyed route in the OpenAPI document (so a new route is
 * covered the day it is added) refuses a missing, unknown, revoked or query-string key. Every case
 * runs twice: through `inject`, and over a real socket with the response cache warm, where a keyed
 * GET whose answer is cached is answered in front of the router (`src/http/cache-hits.ts`). On the
 * socket every GET is also asked through `inject` and the two answers must be the same, and the
 * hits answered in front are counted (`lmi_response_cache_hits_before_routing_total`): a rule that
 * reaches only one of the two paths fails here.
 */
for (const via of ['inject', 'a socket, the response cache warm'] as const)
  describe(`every keyed route refuses requests without a live key (through ${via})`, () => {
    const socket = via !== 'inject';
    let served: ServedApp;
    let routes: Route[];
    let revokedKey: string;
    let port: number;

    /** A request's answer, through inject or over the socket (then checked against inject's). */
    const send = async (route: Route, sent: Record<string, string>, url = route.url): Promise<Answer> => {
      const headers = socket ? { ...sent, 'x-request-id': REQUEST_ID } : sent;
      const injected = async (): Promise<Answer> => {
        const res = await served.app.inject({ method: route.method, url, headers });
        const pairs = Object.entries(res.headers).map(([n, v]): [string, string] => [n, String(v)]);
        return { status: res.statusCode, headers: pairs, body: res.body };
      };
      if (!socket) return injected();
      // Fresh editions and a remembered key: what the hit path needs to settle a request by itself.
      await served.services.currentEditions.all();
      if (sent['x-api-key']) await served.services.liveKeys.find(sent['x-api-key']);
      const answered = await overSocket(port, url, headers, route.method);
      if (route.method === 'GET')
        assert.deepEqual(
          comparable(answered),
          comparable(await injected()),
          `${route.method} ${url}: the two paths agree`,
        );
      return answered;
    };

    const hitsBeforeRouting = () => served.services.responseCache.hitsBeforeRouting;
    /** The keyed GETs whose answer the response cache holds (the hit path answers them on the socket). */
    const cachedGets = () =>
      routes.filter((r) => r.method === 'GET' && served.services.responseCache.peek(cacheKey(r.url)) !== undefined);

    before(async () => {
      served = await serve(await copyTemplate('sqlite'), { metrics: { serve: 'with-api' } });
      routes = keyedOperations((await served.app.inject({ url: '/v1/openapi.json' })).json());
      const issued = await issueApiKey(served.store.db, { tier: served.services.config.tiers[0]!, emailHmac: null });
      await revokeKeyByPrefix(served.store.db, issued.record.prefix);
      revokedKey = issued.key;
      if (!socket) return;
      await served.app.listen({ port: 0, host: '127.0.0.1' });
      port = (served.app.server.address() as AddressInfo).port;
      for (const route of routes.filter((r) => r.method === 'GET'))
        await overSocket(port, route.url, { 'x-api-key': served.key });
    });
    after(() => served.close());

    it('finds the keyed routes in the OpenAPI document', () => {
      assert.ok(routes.some((r) => r.url === '/v1/occupations'));
      assert.ok(!routes.some((r) => r.url.startsWith('/v1/meta')), 'metadata is open');
      if (socket) assert.ok(cachedGets().length > 10, 'the response cache holds the keyed GETs');
    });

    const cases: Array<[string, () => Record<string, string>, RegExp]> = [
      ['no key', () => ({}), /Send an API key in the X-API-Key header/],
      ['an unknown key', () => ({ 'x-api-key': `lmi_${'A'.repeat(43)}` }), /unknown or has been revoked/],
      ['a malformed key', () => ({ 'x-api-key': 'not-a-key' }), /unknown or has been revoked/],
      ['a revoked key', () => ({ 'x-api-key': revokedKey }), /unknown or has been revoked/],
    ];
    for (const [name, headers, detail] of cases) {
      it(`answers 401 problem+json to ${name}, and never echoes the key`, async () => {
        const before = hitsBeforeRouting();
        for (const route of routes) {
          const sent = headers();
          const res = await send(route, sent);
          assert.equal(res.status, 401, `${route.method} ${route.url}`);
          assert.equal(header(res, 'content-type'), 'application/problem+json; charset=utf-8');
          assert.match(String(header(res, 'www-authenticate')), /^ApiKey .*header="X-API-Key"/);
          assert.match((JSON.parse(res.body) as { detail: string }).detail, detail);
          if (sent['x-api-key']) assert.ok(!res.body.includes(sent['x-api-key']), 'the key is not in the body');
        }
        assert.equal(hitsBeforeRouting(), before, 'no refusal is answered from the cache');
      });
    }

    it('does not accept a key in the query string, and says to use the header', async () => {
      for (const route of routes) {
        for (const name of ['api_key', 'apiKey', 'key']) {
          const res = await send(route, {}, `${route.url}?${name}=${served.key}`);
          assert.equal(res.status, 401);
          assert.match(
            (JSON.parse(res.body) as { detail: string }).detail,
            /keys in the query string are not accepted/,
          );
          assert.ok(!res.body.includes(served.key));
        }
      }
    });

    it('accepts a live key on every keyed route', async () => {
      const cached = new Set(cachedGets());
      for (const route of routes) {
        const before = hitsBeforeRouting();
        const res = await send(route, { 'x-api-key': served.key });
        assert.notEqual(res.status, 401, `${route.method} ${route.url}`);
        const inFront = socket && cached.has(route);
        assert.equal(hitsBeforeRouting() - before, inFront ? 1 : 0, `${route.method} ${route.url} answered in front`);
      }
      const metrics = await served.app.inject({ url: '/metrics' });
      const counted = Number(/^lmi_response_cache_hits_before_routing_total (\d+)$/m.exec(metrics.body)?.[1]);
      assert.equal(counted, hitsBeforeRouting(), 'the metric counts the hits answered in front');
      if (socket) assert.ok(counted >= cached.size, 'the socket run went through the hit path');
      else assert.equal(counted, 0);
    });
  });
