import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp, type App } from '../../src/app.js';
import { issueApiKey } from '../../src/keys/api-key.js';
import { announceRevocation } from '../../src/keys/key-revocations.js';
import { createServices } from '../../src/services.js';
import { revokeKeyByPrefix } from '../../src/store/keys.js';
import { confirmationLink } from '../helpers/smtp.js';
import { servedFromTemplate, testConfig, type ServedApp } from '../helpers/served-app.js';

const REDIS_URL = process.env.LMI_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two replicas on one database: a revoked key is refused by both at once when they share Redis.
 * Without Redis each replica sees a revocation made elsewhere within LIVE_KEY_TTL_MS, the bound
 * tested with a clock of its own in live-keys.test.ts.
 */
describe('key revocations reach every replica', () => {
  let served: ServedApp;
  const apps: App[] = [];
  const replica = async (redisUrl: string | null) => {
    const config = testConfig(served.store.dataDir, { redisUrl, publicUrl: 'https://api.example.org' });
    const app = await buildApp(createServices(config, served.store));
    await app.ready();
    apps.push(app);
    await app.services.keyRevocations.listening;
    // The first request of a fresh replica loads what every later one reuses (seconds on a busy
    // machine): made here, so that the replica's memory of the test's key stays well within its TTL.
    assert.equal(
      (await app.inject({ url: '/v1/occupations/2134', headers: { 'x-api-key': served.key } })).statusCode,
      200,
    );
    return app;
  };
  const status = async (app: App, key: string) =>
    (await app.inject({ url: '/v1/occupations/2134', headers: { 'x-api-key': key } })).statusCode;
  /** Every replica has served the key once, so each remembers it as live (LiveKeys). */
  const usedOnAll = async (replicas: App[], key: string) => {
    for (const app of replicas) assert.equal(await status(app, key), 200);
  };
  /** Waits for the announcement to arrive over Redis: a few milliseconds, bounded well under the 5 s TTL. */
  const refusedWithin = async (app: App, key: string, ms: number) => {
    const until = Date.now() + ms;
    while ((await status(app, key)) !== 401 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    return status(app, key);
  };
  const issue = () => issueApiKey(served.store.db, { tier: served.services.config.tiers[0]!, emailHmac: null });

  before(async () => {
    served = await servedFromTemplate('sqlite');
  });
  after(async () => {
    for (const app of apps) await app.close();
    await served.close();
  });

  it('`lmi keys revoke` (revoke, then announce on REDIS_URL): both replicas refuse the key within a second', async () => {
    const [a, b] = [await replica(REDIS_URL), await replica(REDIS_URL)];
    const { key, record } = await issue();
    await usedOnAll([a, b], key);
    assert.ok(await revokeKeyByPrefix(served.store.db, record.prefix));
    assert.equal(await status(a, key), 200, 'before the announcement, a replica still remembers the key');
    assert.equal(await announceRevocation(REDIS_URL), true);
    assert.equal(await refusedWithin(a, key, 1_000), 401);
    assert.equal(await refusedWithin(b, key, 1_000), 401);
  });

  it('a confirmation that replaces an address’s key on one replica: the other refuses the old key at once', async () => {
    const [a, b] = [await replica(REDIS_URL), await replica(REDIS_URL)];
    const email = `replaced-${Date.now()}@example.org`;
    const confirmKey = async () => {
      const requested = await a.inject({ method: 'POST', url: '/v1/keys/requests', payload: { email } });
      assert.equal(requested.statusCode, 202);
      await a.services.keyIssuance.settled();
      const outbox = path.join(served.store.dataDir, 'outbox');
      const mail = readdirSync(outbox)
        .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
        .filter((raw) => raw.includes(`To: ${email}`))
        .at(-1)!;
      const token = new URL(confirmationLink(mail)).searchParams.get('token')!;
      const confirmed = await a.inject({ method: 'POST', url: '/v1/keys/confirm', payload: { token } });
      assert.equal(confirmed.statusCode, 200, confirmed.body);
      return confirmed.json().key as string;
    };
    const first = await confirmKey();
    await usedOnAll([a, b], first);
    const second = await confirmKey();
    assert.equal(await refusedWithin(b, first, 1_000), 401, 'the replaced key, on the replica that did not issue it');
    assert.equal(await status(a, first), 401);
    assert.equal(await status(b, second), 200);
  });
});
