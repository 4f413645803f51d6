import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { issueApiKey } from '../../../../src/keys/api-key.js';
import { WEBHOOKS_PER_KEY } from '../../../../src/queries/webhooks/index.js';
import { DIALECTS, openTestStore } from '../../../helpers/stores.js';
import { serve, testConfig, type ServedApp } from '../../../helpers/served-app.js';

interface Webhook {
  id: string;
  url: string;
  status: string;
  disabledAt: string | null;
  disabledReason: string | null;
  consecutiveFailures: number;
  pendingDeliveries: number;
  secret?: string;
  previousSecretExpiresAt?: string;
}

interface ProblemBody {
  type: string;
  status: number;
  detail: string;
  invalidParams?: Array<{ name: string; reason: string }>;
}

for (const dialect of DIALECTS) {
  describe(`webhooks (${dialect})`, () => {
    let served: ServedApp;
    let otherKey: string;
    before(async () => {
      served = await serve(await openTestStore(dialect));
      ({ key: otherKey } = await issueApiKey(served.store.db, {
        tier: served.services.config.tiers[0]!,
        emailHmac: null,
        requestsPerMinute: 1_000_000,
      }));
    });
    after(() => served.close());

    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, key: string | null, payload?: object) =>
      served.app.inject({ method, url, headers: key ? { 'x-api-key': key } : {}, ...(payload ? { payload } : {}) });
    const create = (url: string, key = served.key) => call('POST', '/v1/webhooks', key, { url });

    it('registers an https:// address, returning its secret once, then lists and gets it without it', async () => {
      const res = await create('https://hooks.example.org/lmi');
      assert.equal(res.statusCode, 201);
      const created = res.json<Webhook>();
      assert.match(created.id, /^wh_[\w-]{22}$/);
      assert.match(created.secret!, /^whsec_[A-Za-z0-9+/]{43}=$/);
      assert.equal(res.headers.location, `/v1/webhooks/${created.id}`);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.deepEqual(
        {
          url: created.url,
          status: created.status,
          failures: created.consecutiveFailures,
          pending: created.pendingDeliveries,
        },
        { url: 'https://hooks.example.org/lmi', status: 'active', failures: 0, pending: 0 },
      );
      const listed = (await call('GET', '/v1/webhooks', served.key)).json<Webhook[]>();
      assert.deepEqual(
        listed.map((w) => w.id),
        [created.id],
      );
      const got = await call('GET', `/v1/webhooks/${created.id}`, served.key);
      assert.equal(got.statusCode, 200);
      const { secret, ...withoutSecret } = created;
      assert.ok(secret);
      assert.deepEqual(got.json(), withoutSecret);
      assert.equal('secret' in listed[0]!, false);
      const stored = await served.store.db
        .selectFrom('webhooks')
        .select('secret')
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      assert.match(stored.secret, /^sealed\.v1\./, 'kept sealed under the service secret, never as issued');
    });

    it('refuses http://, a relative address, a private one and a missing url with a 400 naming `url`', async () => {
      for (const url of ['http://hooks.example.org/lmi', '/lmi', 'https://127.0.0.1:8443/lmi']) {
        const res = await create(url);
        assert.equal(res.statusCode, 400, url);
        const problem = res.json<ProblemBody>();
        assert.equal(problem.type, '/problems/invalid-parameter');
        assert.equal(problem.invalidParams![0]!.name, 'url');
      }
      assert.match((await create('http://hooks.example.org/lmi')).json<ProblemBody>().detail, /https:\/\//);
      const nat64 = (await create('https://[64:ff9b::a9fe:a9fe]/lmi')).json<ProblemBody>();
      assert.equal(nat64.status, 400);
      assert.match(nat64.invalidParams![0]!.reason, /the NAT64 form of 169\.254\.169\.254 \(link-local\)/);
      const missing = await call('POST', '/v1/webhooks', served.key, {});
      assert.equal(missing.statusCode, 400);
      assert.match(missing.body, /url/);
    });

    it("shows a key only its own webhooks: another key's is a 404, for reading and for deleting", async () => {
      const mine = (await create('https://hooks.example.org/mine')).json<Webhook>();
      const theirs = (await create('https://hooks.example.org/theirs', otherKey)).json<Webhook>();
      const otherList = (await call('GET', '/v1/webhooks', otherKey)).json<Webhook[]>();
      assert.deepEqual(
        otherList.map((w) => w.id),
        [theirs.id],
      );
      for (const [method, url] of [
        ['GET', `/v1/webhooks/${mine.id}`],
        ['GET', `/v1/webhooks/${mine.id}/deliveries`],
        ['POST', `/v1/webhooks/${mine.id}/rotate-secret`],
        ['POST', `/v1/webhooks/${mine.id}/enable`],
        ['DELETE', `/v1/webhooks/${mine.id}`],
      ] as const) {
        const res = await call(method, url, otherKey);
        assert.equal(res.statusCode, 404, `${method} ${url}`);
        const problem = res.json<ProblemBody>();
        assert.equal(problem.type, '/problems/webhook-not-found');
        assert.match(problem.detail, new RegExp(`no webhook "${mine.id}".*GET /v1/webhooks`));
      }
      assert.equal((await call('GET', `/v1/webhooks/${mine.id}`, served.key)).statusCode, 200);
      assert.deepEqual((await call('GET', `/v1/webhooks/${mine.id}/deliveries`, served.key)).json(), []);
    });

    /** The stored secrets of a webhook, sealed. */
    const stored = (id: string) =>
      served.store.db
        .selectFrom('webhooks')
        .select(['secret', 'previous_secret', 'previous_secret_until'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    it('rotates a secret: a new one returned once, the old one kept sealed for 24 hours beside it', async () => {
      const created = (await create('https://hooks.example.org/rotated')).json<Webhook>();
      const before = await stored(created.id);
      const started = Date.now();
      const res = await call('POST', `/v1/webhooks/${created.id}/rotate-secret`, served.key);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['cache-control'], 'no-store');
      const rotated = res.json<Webhook>();
      assert.match(rotated.secret!, /^whsec_[A-Za-z0-9+/]{43}=$/);
      assert.notEqual(rotated.secret, created.secret);
      const expires = Date.parse(rotated.previousSecretExpiresAt!);
      assert.ok(
        expires >= started + 24 * 3_600_000 && expires <= Date.now() + 24 * 3_600_000,
        rotated.previousSecretExpiresAt,
      );
      // The webhook is otherwise as it was, and the secret is not shown again.
      const { secret, previousSecretExpiresAt, ...rest } = rotated;
      assert.ok(secret && previousSecretExpiresAt);
      const { secret: _first, ...registered } = created;
      assert.deepEqual(rest, registered);
      assert.deepEqual((await call('GET', `/v1/webhooks/${created.id}`, served.key)).json(), registered);
      const after = await stored(created.id);
      assert.equal(after.previous_secret, before.secret, 'the old secret, still sealed');
      assert.match(after.secret, /^sealed\.v1\./);
      assert.notEqual(after.secret, before.secret);
      assert.equal(after.previous_secret_until, rotated.previousSecretExpiresAt);
      // Rotating again keeps only the secret it replaces: two secrets at most sign a delivery.
      const again = (await call('POST', `/v1/webhooks/${created.id}/rotate-secret`, served.key)).json<Webhook>();
      assert.notEqual(again.secret, rotated.secret);
      assert.equal((await stored(created.id)).previous_secret, after.secret);
    });

    it('enables a disabled webhook again, its failures back to zero; an active one stays as it is', async () => {
      const created = (await create('https://hooks.example.org/disabled')).json<Webhook>();
      const enable = () => call('POST', `/v1/webhooks/${created.id}/enable`, served.key);
      const active = await enable();
      assert.equal(active.statusCode, 200);
      const { secret: _secret, ...registered } = created;
      assert.deepEqual(active.json(), registered);
      await served.store.db
        .updateTable('webhooks')
        .set({
          consecutive_failures: 8,
          disabled_at: new Date().toISOString(),
          disabled_reason: '8 delivery attempts in a row failed (the last: HTTP 500)',
        })
        .where('id', '=', created.id)
        .execute();
      assert.equal((await call('GET', `/v1/webhooks/${created.id}`, served.key)).json<Webhook>().status, 'disabled');
      const res = await enable();
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['cache-control'], 'no-store');
      const enabled = res.json<Webhook>();
      assert.deepEqual(
        [enabled.status, enabled.consecutiveFailures, enabled.disabledAt, enabled.disabledReason],
        ['active', 0, null, null],
      );
      assert.deepEqual((await call('GET', `/v1/webhooks/${created.id}`, served.key)).json(), enabled);
    });

    it('answers an unknown webhook id with a 404 for rotating and enabling, and an overlong one with a 414', async () => {
      for (const action of ['rotate-secret', 'enable']) {
        const res = await call('POST', `/v1/webhooks/wh_none/${action}`, served.key);
        assert.equal(res.statusCode, 404, action);
        assert.equal(res.json<ProblemBody>().type, '/problems/webhook-not-found');
        const long = await call('POST', `/v1/webhooks/wh_${'x'.repeat(120)}/${action}`, served.key);
        assert.equal(long.statusCode, 414, action);
        assert.equal(long.json<ProblemBody>().type, '/problems/uri-too-long');
      }
    });

    it('deletes a webhook: 204, then it is gone (404) and no longer listed', async () => {
      const created = (await create('https://hooks.example.org/short-lived')).json<Webhook>();
      const deleted = await call('DELETE', `/v1/webhooks/${created.id}`, served.key);
      assert.equal(deleted.statusCode, 204);
      assert.equal(deleted.body, '');
      assert.equal((await call('GET', `/v1/webhooks/${created.id}`, served.key)).statusCode, 404);
      assert.equal((await call('DELETE', `/v1/webhooks/${created.id}`, served.key)).statusCode, 404);
      const listed = (await call('GET', '/v1/webhooks', served.key)).json<Webhook[]>();
      assert.ok(!listed.some((w) => w.id === created.id));
    });

    it('needs a key for every operation', async () => {
      for (const [method, url] of [
        ['GET', '/v1/webhooks'],
        ['POST', '/v1/webhooks'],
        ['GET', '/v1/webhooks/wh_x'],
        ['DELETE', '/v1/webhooks/wh_x'],
        ['GET', '/v1/webhooks/wh_x/deliveries'],
        ['POST', '/v1/webhooks/wh_x/rotate-secret'],
        ['POST', '/v1/webhooks/wh_x/enable'],
      ] as const) {
        const res = await call(
          method,
          url,
          null,
          method === 'POST' ? { url: 'https://hooks.example.org/' } : undefined,
        );
        assert.equal(res.statusCode, 401, `${method} ${url}`);
      }
    });

    it(`lets a key register at most ${WEBHOOKS_PER_KEY} webhooks`, async () => {
      const { key } = await issueApiKey(served.store.db, { tier: served.services.config.tiers[0]!, emailHmac: null });
      for (let i = 0; i < WEBHOOKS_PER_KEY; i++)
        assert.equal((await create(`https://hooks.example.org/${i}`, key)).statusCode, 201);
      const refused = await create('https://hooks.example.org/one-more', key);
      assert.equal(refused.statusCode, 400);
      assert.match(refused.json<ProblemBody>().detail, /delete one first/);
    });
  });
}

describe('webhooks to private addresses', () => {
  it('are accepted when LMI_WEBHOOK_PRIVATE_ADDRESSES allows them', async () => {
    const store = await openTestStore('sqlite');
    const { webhooks } = testConfig(store.dataDir);
    const served = await serve(store, { webhooks: { ...webhooks, privateAddresses: true } });
    try {
      const res = await served.app.inject({
        method: 'POST',
        url: '/v1/webhooks',
        headers: { 'x-api-key': served.key },
        payload: { url: 'https://127.0.0.1:8443/lmi' },
      });
      assert.equal(res.statusCode, 201);
    } finally {
      await served.close();
    }
  });
});
