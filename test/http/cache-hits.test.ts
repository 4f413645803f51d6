import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { buildApp, type App } from '../../src/app.js';
import { issueApiKey } from '../../src/keys/api-key.js';
import { createServices, type Services } from '../../src/services.js';
import { revokeKeyByPrefix } from '../../src/store/keys.js';
import { testConfig } from '../helpers/served-app.js';
import { overSocket, type SocketAnswer } from '../helpers/socket-requests.js';
import { sharedSearchBuilds } from '../helpers/shared-search.js';
import type { TestStore } from '../helpers/stores.js';
import { copyTemplate } from '../helpers/template-databases.js';

const get = overSocket;

const header = (answer: SocketAnswer, name: string) => answer.headers.find(([n]) => n === name)?.[1];
/** The headers a cached answer is made of, without those every response sets for itself. */
const ownHeaders = (answer: SocketAnswer) =>
  answer.headers.filter(([name]) => !['date', 'connection', 'keep-alive', 'x-request-id', 'ratelimit'].includes(name));

const REDIS_URL = process.env.LMI_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// With Redis the limit's decision is a promise: the path waits for it, then checks its answer is still current.
for (const [limits, redisUrl] of [
  ['in-process limits', null],
  ['limits shared in Redis', REDIS_URL],
] as const)
  describe(`cache hits answered before routing, over a real socket (SQLite template, ${limits})`, () => {
    const PATH = '/v1/occupations/2134/pay';
    let store: TestStore;
    let services: Services;
    let app: App;
    let port: number;
    let key: string;
    const lines: Array<Record<string, unknown>> = [];

    before(async () => {
      store = await copyTemplate('sqlite');
      const config = testConfig(store.dataDir, { metrics: { serve: 'with-api' }, redisUrl });
      services = createServices(config, store, { buildSearch: sharedSearchBuilds });
      const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
      app = await buildApp(services, { logger: { level: 'info', stream } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      // With Redis, the replica forgets its keys when its revocation listener first connects: let that pass first.
      await services.keyRevocations.listening;
      port = (app.server.address() as AddressInfo).port;
      ({ key } = await issueApiKey(store.db, { tier: config.tiers[0]!, emailHmac: null, requestsPerMinute: 1_000 }));
    });
    after(async () => {
      await app.close();
      await store.dispose();
    });

    it('answers a cached keyed GET with what Fastify would send, counted, logged and measured', async () => {
      services.responseCache.clear();
      const before = services.responseCache.hitsBeforeRouting;
      const miss = await get(port, PATH, { 'x-api-key': key });
      assert.equal(miss.status, 200);
      assert.equal(services.responseCache.hitsBeforeRouting, before, 'a miss goes on to Fastify');

      const hit = await get(port, PATH, { 'x-api-key': key, 'x-request-id': 'trace-42' });
      assert.equal(services.responseCache.hitsBeforeRouting, before + 1, 'answered before routing');
      assert.equal(hit.status, 200);
      assert.equal(hit.body, miss.body);
      assert.equal(header(hit, 'x-request-id'), 'trace-42');
      const sorted = (pairs: Array<[string, string]>) => [...pairs].sort(([a], [b]) => a.localeCompare(b));
      assert.deepEqual(sorted(ownHeaders(hit)), sorted(ownHeaders(miss)), 'the same headers');
      // The limit counted each request once: one fewer left.
      const left = (answer: SocketAnswer) => Number(/r=(\d+)/.exec(header(answer, 'ratelimit') ?? '')?.[1]);
      assert.equal(left(hit), left(miss) - 1);

      // Fastify's own hit (inject never passes the hit path) sends them in the same order.
      const viaHooks = await app.inject({ url: PATH, headers: { 'x-api-key': key } });
      assert.equal(viaHooks.body, hit.body);
      assert.deepEqual(
        Object.keys(viaHooks.headers).filter((name) => ownHeaders(hit).some(([n]) => n === name)),
        ownHeaders(hit).map(([name]) => name),
      );

      const line = lines.filter((l) => l.reqId === 'trace-42').at(-1);
      assert.ok(line, 'the hit wrote its log line');
      assert.equal(line.msg, 'request completed');
      assert.equal(line.status, 200);
      assert.equal(line.url, PATH);
      assert.equal(line.ip, '127.0.0.1');
      assert.ok(key.startsWith(line.key as string), "the key's display prefix");
      assert.equal(typeof line.ms, 'number');

      const metrics = await get(port, '/metrics');
      assert.match(metrics.body, /lmi_response_cache_hits_before_routing_total \d+/);
      assert.match(metrics.body, /route="\/v1\/occupations\/:soc\/pay"/);
    });

    it('answers a matching If-None-Match with a 304 and no body', async () => {
      const first = await get(port, PATH, { 'x-api-key': key });
      const etag = header(first, 'etag')!;
      const before = services.responseCache.hitsBeforeRouting;
      const revalidated = await get(port, PATH, { 'x-api-key': key, 'if-none-match': etag });
      assert.equal(revalidated.status, 304);
      assert.equal(revalidated.body, '');
      assert.equal(header(revalidated, 'etag'), etag);
      assert.equal(header(revalidated, 'cache-control'), 'private, max-age=300');
      assert.equal(services.responseCache.hitsBeforeRouting, before + 1);
    });

    it('hands Fastify what it cannot settle: no key, an unknown key, HEAD', async () => {
      await get(port, PATH, { 'x-api-key': key });
      const before = services.responseCache.hitsBeforeRouting;
      const missing = await get(port, PATH);
      assert.equal(missing.status, 401);
      assert.match(header(missing, 'content-type')!, /^application\/problem\+json/);
      const unknown = await get(port, PATH, { 'x-api-key': `lmi_${'A'.repeat(43)}` });
      assert.equal(unknown.status, 401);
      assert.equal(services.responseCache.hitsBeforeRouting, before);
    });

    it('counts a request over the limit once, and Fastify answers it with the 429', async () => {
      const { key: tight } = await issueApiKey(store.db, {
        tier: services.config.tiers[0]!,
        emailHmac: null,
        requestsPerMinute: 3,
      });
      await get(port, PATH, { 'x-api-key': key });
      const answers: SocketAnswer[] = [];
      for (let i = 0; i < 4; i++) answers.push(await get(port, PATH, { 'x-api-key': tight }));
      assert.deepEqual(
        answers.map((a) => a.status),
        [200, 200, 200, 429],
      );
      assert.deepEqual(
        answers.map((a) => header(a, 'ratelimit')),
        ['"key";r=2;t=60', '"key";r=1;t=60', '"key";r=0;t=60', '"key";r=0;t=60'].map((v, i) =>
          // The reset is whatever is left of the window: compare the count.
          v.replace('t=60', `t=${/t=(\d+)/.exec(header(answers[i]!, 'ratelimit') ?? '')?.[1]}`),
        ),
      );
      assert.match(header(answers[3]!, 'content-type')!, /^application\/problem\+json/);
      assert.ok(header(answers[3]!, 'retry-after'));
    });

    it('leaves the request to Fastify when the hit path faults, and says so in the log', async () => {
      await get(port, PATH, { 'x-api-key': key });
      const cache = services.responseCache;
      const peek = cache.peek.bind(cache);
      cache.peek = () => {
        throw new Error('injected fault');
      };
      try {
        const answered = await get(port, PATH, { 'x-api-key': key });
        assert.equal(answered.status, 200);
        assert.ok(lines.some((l) => l.msg === 'the hit path failed; Fastify answers the request'));
      } finally {
        cache.peek = peek;
      }
    });

    it('refuses a revoked key at once', async () => {
      const {
        key: doomed,
        record: { prefix },
      } = await issueApiKey(store.db, {
        tier: services.config.tiers[0]!,
        emailHmac: null,
        requestsPerMinute: 1_000,
      });
      await get(port, PATH, { 'x-api-key': doomed });
      assert.equal((await get(port, PATH, { 'x-api-key': doomed })).status, 200);
      assert.ok(await revokeKeyByPrefix(store.db, prefix));
      services.liveKeys.clear();
      assert.equal((await get(port, PATH, { 'x-api-key': doomed })).status, 401);
    });
  });
