import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { retryDelayMs } from '../../src/domain/webhooks.js';
import { issueApiKey } from '../../src/keys/api-key.js';
import { publishEdition, quarantineEdition, recordDetectedEdition } from '../../src/store/editions.js';
import { revokeKeyByPrefix } from '../../src/store/keys.js';
import { findWebhook } from '../../src/store/webhooks.js';
import { resolveSecret } from '../../src/keys/secret.js';
import { WebhookDeliverer } from '../../src/webhooks/deliverer.js';
import { makeTestCertificates } from '../helpers/publisher-double/tls.js';
import { serve, testConfig, type ServedApp } from '../helpers/served-app.js';
import { DIALECTS, openTestStore } from '../helpers/stores.js';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * The receivers: one HTTPS server (its certificate from a CA made for this run) whose path says
 * how it answers: `/ok/...` 204, `/fail/...` 500, `/hang/...` never; `answers` overrides a path.
 */
function receiverDouble() {
  const certificates = makeTestCertificates(['localhost']);
  const received: Received[] = [];
  const answers = new Map<string, number>();
  const server = https.createServer({ key: certificates.key, cert: certificates.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (path.startsWith('/hang/')) return;
      res.statusCode = answers.get(path) ?? (path.startsWith('/fail/') ? 500 : 204);
      res.end();
    });
  });
  return {
    certificates,
    received,
    answers,
    server,
    at: (path: string) => `https://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    to: (path: string) => received.filter((r) => r.path === path),
  };
}

/** The Standard Webhooks check as a receiver writes it, from the spec, not from src. */
function verifies(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${String(r.headers['webhook-id'])}.${String(r.headers['webhook-timestamp'])}.${r.body}`;
  const expected = createHmac('sha256', key).update(signed).digest('base64');
  return String(r.headers['webhook-signature'])
    .split(' ')
    .some((s) => s === `v1,${expected}`);
}

/** The `v1,` signatures of a delivery, in the order sent. */
function signatures(r: Received): string[] {
  return String(r.headers['webhook-signature']).split(' ');
}

/** Whether one signature of a delivery is the Standard Webhooks HMAC of it by `secret`. */
function signedWith(secret: string, r: Received, signature: string): boolean {
  return verifies(secret, { ...r, headers: { ...r.headers, 'webhook-signature': signature } });
}

interface Created {
  id: string;
  secret: string;
}

for (const dialect of DIALECTS) {
  describe(`webhook deliveries (${dialect})`, () => {
    const receiver = receiverDouble();
    before(() => new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve)));
    after(() => new Promise<void>((resolve) => receiver.server.close(() => resolve())));

    /** A fresh store served, a clock the test moves, and a deliverer reading it. */
    async function setup(timeoutMs = 5_000) {
      const store = await openTestStore(dialect);
      const { webhooks } = testConfig(store.dataDir);
      const served: ServedApp = await serve(store, { webhooks: { ...webhooks, privateAddresses: true } });
      const clock = { now: new Date(Date.now() + 1_000) };
      const deliverer = new WebhookDeliverer(
        store.db,
        served.services.changes,
        {
          publicUrl: 'https://lmi.example.org',
          serviceSecret: resolveSecret(served.services.config),
          maxFailures: 8,
          privateAddresses: true,
          ca: [receiver.certificates.caPem],
          timeoutMs,
        },
        () => clock.now,
      );
      const register = async (path: string, key = served.key): Promise<Created> => {
        const res = await served.app.inject({
          method: 'POST',
          url: '/v1/webhooks',
          headers: { 'x-api-key': key },
          payload: { url: receiver.at(path) },
        });
        assert.equal(res.statusCode, 201, res.body);
        return res.json<Created>();
      };
      const status = async (id: string, key = served.key) =>
        (await served.app.inject({ url: `/v1/webhooks/${id}`, headers: { 'x-api-key': key } })).json<{
          status: string;
          consecutiveFailures: number;
          lastSuccessAt: string | null;
          lastFailure: string | null;
          disabledReason: string | null;
          pendingDeliveries: number;
        }>();
      const deliveries = async (id: string) =>
        (await served.app.inject({ url: `/v1/webhooks/${id}/deliveries`, headers: { 'x-api-key': served.key } })).json<
          Array<{
            id: string;
            event: string;
            edition: string;
            state: string;
            attempts: number;
            lastStatus: number | null;
          }>
        >();
      const newKey = async () =>
        issueApiKey(store.db, { tier: served.services.config.tiers[0]!, emailHmac: null, requestsPerMinute: 1_000 });
      const publish = async () => {
        const edition = await recordDetectedEdition(store.db, {
          sourceKey: 'ons-geography',
          label: `Local authority districts ${randomBytes(3).toString('hex')}`,
          seriesKey: null,
          sourceUri: 'test://districts',
          sha256: randomBytes(32).toString('hex'),
        });
        await publishEdition(store.db, edition, [], async () => 374);
        return edition;
      };
      const advance = (ms: number) => {
        clock.now = new Date(clock.now.getTime() + ms);
      };
      const post = async (path: string) => {
        const res = await served.app.inject({ method: 'POST', url: path, headers: { 'x-api-key': served.key } });
        assert.equal(res.statusCode, 200, res.body);
        return res.json<{ secret: string; previousSecretExpiresAt: string; status: string }>();
      };
      return { served, deliverer, register, status, deliveries, newKey, publish, advance, clock, post };
    }

    it('POSTs a publish exactly once to each active webhook, signed with its own secret', async () => {
      const t = await setup();
      try {
        const other = await t.newKey();
        const a = await t.register(`/ok/a-${dialect}`);
        const b = await t.register(`/ok/b-${dialect}`, other.key);
        const edition = await t.publish();
        const late = await t.register(`/ok/late-${dialect}`);
        const attempts = await t.deliverer.deliverDue();
        assert.deepEqual(
          attempts.map((x) => [x.ok, x.status]),
          [
            [true, 204],
            [true, 204],
          ],
        );
        for (const [hook, path] of [
          [a, `/ok/a-${dialect}`],
          [b, `/ok/b-${dialect}`],
        ] as const) {
          const [got, ...more] = receiver.to(path);
          assert.ok(got, path);
          assert.equal(more.length, 0, path);
          assert.ok(verifies(hook.secret, got), `${path}: the signature verifies with its secret`);
          assert.ok(!verifies(hook === a ? b.secret : a.secret, got), `${path}: and not with another's`);
          assert.match(String(got.headers['webhook-id']), /^msg_[\w-]{22}$/);
          assert.equal(got.headers['webhook-timestamp'], String(Math.floor(t.clock.now.getTime() / 1000)));
          assert.equal(got.headers['content-type'], 'application/json');
          assert.match(String(got.headers['user-agent']), /^uk-lmi-webhooks\/\S+ \(\+https:\/\/lmi\.example\.org\)$/);
          const body = JSON.parse(got.body) as { type: string; timestamp: string; data: { _lmi: { edition: string } } };
          assert.equal(body.type, 'edition.published');
          assert.equal(body.data._lmi.edition, edition.id);
          const feed = (await t.served.app.inject({ url: '/v1/meta/changes' })).json<{ items: unknown[] }>();
          assert.deepEqual(body.data, feed.items[0], 'the data is the feed item');
        }
        // An entry is sent to the webhooks registered before it, never again.
        assert.equal(receiver.to(`/ok/late-${dialect}`).length, 0);
        t.advance(7 * 86_400_000);
        assert.deepEqual(await t.deliverer.deliverDue(), []);
        const seen = await t.status(a.id);
        assert.ok(seen.lastSuccessAt);
        const [delivery, ...others] = await t.deliveries(a.id);
        assert.equal(others.length, 0);
        assert.deepEqual(
          [delivery!.id, delivery!.event, delivery!.edition, delivery!.state, delivery!.attempts, delivery!.lastStatus],
          [
            receiver.to(`/ok/a-${dialect}`)[0]!.headers['webhook-id'],
            'edition.published',
            edition.id,
            'delivered',
            1,
            204,
          ],
        );
        assert.equal(seen.pendingDeliveries, 0);
        assert.equal((await t.status(late.id)).pendingDeliveries, 0);
      } finally {
        await t.served.close();
      }
    });

    it('sends a quarantine as edition.quarantined', async () => {
      const t = await setup();
      try {
        const hook = await t.register(`/ok/q-${dialect}`);
        const held = await recordDetectedEdition(t.served.store.db, {
          sourceKey: 'ashe-table14',
          label: 'ASHE Table 14, held back',
          seriesKey: '2025',
          sourceUri: 'test://held',
          sha256: 'd'.repeat(64),
        });
        await quarantineEdition(t.served.store.db, held.id, [
          { rule: 'every expected sheet present', status: 'fail', observed: 'no sheet "All employees"' },
        ]);
        assert.equal((await t.status(hook.id)).pendingDeliveries, 1);
        await t.deliverer.deliverDue();
        const [got] = receiver.to(`/ok/q-${dialect}`);
        assert.ok(got && verifies(hook.secret, got));
        assert.equal((JSON.parse(got.body) as { type: string }).type, 'edition.quarantined');
      } finally {
        await t.served.close();
      }
    });

    it('retries a failing receiver with back-off, the same id and body freshly signed, and disables it after 8 failures', async () => {
      const t = await setup();
      try {
        const path = `/fail/${dialect}`;
        const hook = await t.register(path);
        await t.publish();
        assert.equal((await t.deliverer.deliverDue())[0]!.ok, false);
        for (let failures = 1; failures < 8; failures++) {
          // Not before its time...
          t.advance(retryDelayMs(failures) - 1_000);
          assert.deepEqual(await t.deliverer.deliverDue(), [], `not yet after ${failures} failures`);
          // ...and at it.
          t.advance(1_000);
          const [attempt, ...more] = await t.deliverer.deliverDue();
          assert.equal(more.length, 0);
          assert.deepEqual([attempt!.ok, attempt!.status, attempt!.disabled], [false, 500, failures + 1 === 8]);
        }
        const posts = receiver.to(path);
        assert.equal(posts.length, 8);
        assert.equal(new Set(posts.map((p) => p.headers['webhook-id'])).size, 1, 'one id across retries');
        assert.equal(new Set(posts.map((p) => p.body)).size, 1, 'the same body');
        assert.equal(new Set(posts.map((p) => p.headers['webhook-timestamp'])).size, 8, 'each attempt signed anew');
        assert.ok(posts.every((p) => verifies(hook.secret, p)));
        const seen = await t.status(hook.id);
        assert.deepEqual(
          [seen.status, seen.consecutiveFailures, seen.lastFailure, seen.pendingDeliveries, seen.lastSuccessAt],
          ['disabled', 8, 'HTTP 500', 0, null],
        );
        assert.match(seen.disabledReason!, /^8 delivery attempts in a row failed \(the last: HTTP 500\)$/);
        const [delivery] = await t.deliveries(hook.id);
        assert.deepEqual([delivery!.state, delivery!.attempts, delivery!.lastStatus], ['abandoned', 8, 500]);
        // A disabled webhook is sent nothing more.
        await t.publish();
        t.advance(7 * 86_400_000);
        assert.deepEqual(await t.deliverer.deliverDue(), []);
        assert.equal(receiver.to(path).length, 8);
      } finally {
        await t.served.close();
      }
    });

    it('forgives the failures of a receiver that recovers', async () => {
      const t = await setup();
      try {
        const path = `/ok/recovers-${dialect}`;
        receiver.answers.set(path, 503);
        const hook = await t.register(path);
        await t.publish();
        await t.deliverer.deliverDue();
        t.advance(retryDelayMs(1));
        await t.deliverer.deliverDue();
        assert.equal((await t.status(hook.id)).consecutiveFailures, 2);
        receiver.answers.set(path, 200);
        t.advance(retryDelayMs(2));
        assert.equal((await t.deliverer.deliverDue())[0]!.ok, true);
        const seen = await t.status(hook.id);
        assert.deepEqual(
          [seen.status, seen.consecutiveFailures, seen.lastFailure, seen.pendingDeliveries],
          ['active', 0, 'HTTP 503', 0],
        );
        assert.ok(seen.lastSuccessAt);
      } finally {
        await t.served.close();
      }
    });

    it('counts a receiver that does not answer in time as a failure', async () => {
      const t = await setup(300);
      try {
        const hook = await t.register(`/hang/${dialect}`);
        await t.publish();
        const [attempt] = await t.deliverer.deliverDue();
        assert.deepEqual([attempt!.ok, attempt!.status], [false, null]);
        assert.equal((await t.status(hook.id)).lastFailure, 'timed out after 0.3 s');
      } finally {
        await t.served.close();
      }
    });

    it('signs with the old secret and the new, space-separated, for 24 hours after a rotation, then the new only', async () => {
      const t = await setup();
      try {
        const path = `/ok/rotated-${dialect}`;
        const hook = await t.register(path);
        const rotated = await t.post(`/v1/webhooks/${hook.id}/rotate-secret`);
        await t.publish();
        await t.deliverer.deliverDue();
        const [during] = receiver.to(path);
        assert.ok(during);
        const [first, second, ...more] = signatures(during);
        assert.equal(more.length, 0, 'two signatures');
        assert.ok(signedWith(rotated.secret, during, first!), 'the first by the new secret');
        assert.ok(signedWith(hook.secret, during, second!), 'the second by the old one');
        assert.ok(verifies(rotated.secret, during) && verifies(hook.secret, during), 'either secret verifies it');
        // Past the grace period: the new secret only, and the old one is deleted from the store.
        t.clock.now = new Date(Date.parse(rotated.previousSecretExpiresAt) + 1_000);
        await t.publish();
        await t.deliverer.deliverDue();
        const [, after] = receiver.to(path);
        assert.ok(after);
        assert.deepEqual(signatures(after).length, 1);
        assert.ok(verifies(rotated.secret, after), 'signed with the new secret');
        assert.ok(!verifies(hook.secret, after), 'and no longer with the old');
        const row = await t.served.store.db
          .selectFrom('webhooks')
          .select(['previous_secret', 'previous_secret_until'])
          .where('id', '=', hook.id)
          .executeTakeFirstOrThrow();
        assert.deepEqual(row, { previous_secret: null, previous_secret_until: null });
      } finally {
        await t.served.close();
      }
    });

    it('delivers again to a disabled webhook once it is enabled, its failures counted from zero', async () => {
      const t = await setup();
      try {
        const path = `/ok/enabled-${dialect}`;
        receiver.answers.set(path, 500);
        const hook = await t.register(path);
        await t.publish();
        for (let failures = 1; failures <= 8; failures++) {
          const [attempt] = await t.deliverer.deliverDue();
          assert.equal(attempt!.disabled, failures === 8);
          t.advance(retryDelayMs(failures));
        }
        assert.equal((await t.status(hook.id)).status, 'disabled');
        receiver.answers.set(path, 204);
        const enabled = await t.post(`/v1/webhooks/${hook.id}/enable`);
        assert.equal(enabled.status, 'active');
        // What was abandoned stays so; an entry written from now on is delivered, signed as before.
        assert.deepEqual(await t.deliverer.deliverDue(), []);
        const edition = await t.publish();
        const [attempt, ...more] = await t.deliverer.deliverDue();
        assert.equal(more.length, 0);
        assert.deepEqual([attempt!.ok, attempt!.status], [true, 204]);
        const sent = receiver.to(path);
        assert.equal(sent.length, 9);
        const last = sent.at(-1)!;
        assert.ok(verifies(hook.secret, last));
        assert.equal((JSON.parse(last.body) as { data: { _lmi: { edition: string } } }).data._lmi.edition, edition.id);
        const seen = await t.status(hook.id);
        assert.deepEqual([seen.status, seen.consecutiveFailures, seen.pendingDeliveries], ['active', 0, 0]);
        assert.deepEqual(
          (await t.deliveries(hook.id)).map((d) => d.state),
          ['delivered', 'abandoned'],
        );
      } finally {
        await t.served.close();
      }
    });

    it('stops the webhooks of a revoked key, its queued deliveries included', async () => {
      const t = await setup();
      try {
        const { key, record } = await t.newKey();
        const hook = await t.register(`/ok/revoked-${dialect}`, key);
        await t.publish();
        assert.ok(await revokeKeyByPrefix(t.served.store.db, record.prefix));
        assert.deepEqual(await t.deliverer.deliverDue(), []);
        assert.equal(receiver.to(`/ok/revoked-${dialect}`).length, 0);
        const seen = (await findWebhook(t.served.store.db, record.id, hook.id))!;
        assert.deepEqual(
          [seen.status, seen.disabledReason, seen.pendingDeliveries],
          ['disabled', 'the API key that registered it was revoked', 0],
        );
        // And a release published since is queued for no one.
        await t.publish();
        assert.equal((await findWebhook(t.served.store.db, record.id, hook.id))!.pendingDeliveries, 0);
      } finally {
        await t.served.close();
      }
    });
  });
}
