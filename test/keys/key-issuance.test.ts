import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp, type App } from '../../src/app.js';
import { createServices } from '../../src/services.js';
import { testConfig } from '../helpers/served-app.js';
import { confirmationLink, startSmtpServer } from '../helpers/smtp.js';
import { DIALECTS, openTestStore, type TestStore } from '../helpers/stores.js';

for (const dialect of DIALECTS) {
  describe(`free keys by e-mail confirmation (${dialect}, real SMTP server)`, () => {
    let store: TestStore;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let app: App;
    let clientNumber = 0;
    /** Each call from its own client address, so the per-client limit stays out of the way. */
    const post = (url: string, payload: unknown, remoteAddress = `10.0.0.${++clientNumber}`) =>
      app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
    const requestLink = async (email: string): Promise<string> => {
      const res = await post('/v1/keys/requests', { email });
      assert.equal(res.statusCode, 202);
      const mail = await smtp.next();
      assert.deepEqual(
        mail.to.map((a) => a.toLowerCase()),
        [email.trim().toLowerCase()],
      );
      return confirmationLink(mail.raw);
    };
    const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token')!);

    before(async () => {
      store = await openTestStore(dialect);
      smtp = await startSmtpServer();
      const config = testConfig(store.dataDir, { smtpUrl: smtp.url, publicUrl: 'https://api.example.org' });
      app = await buildApp(createServices(config, store));
      await app.ready();
    });
    after(async () => {
      await app.close();
      await smtp.close();
      await store.dispose();
    });

    it('mails a link to a page with no side effects; its button issues a key shown once, that works', async () => {
      const link = await requestLink('someone@example.org');
      assert.match(link, /^https:\/\/api\.example\.org\/keys\/confirm\?token=/);
      const token = tokenOf(link);

      const page = await app.inject({ url: `/keys/confirm?token=${encodeURIComponent(token)}` });
      assert.equal(page.statusCode, 200);
      assert.match(page.headers['content-type'] as string, /^text\/html/);
      assert.equal(page.headers['cache-control'], 'no-store');
      assert.equal(page.headers['referrer-policy'], 'no-referrer');
      assert.match(page.body, /<form method="post" action="\/v1\/keys\/confirm">/);
      assert.ok(!/<script/i.test(page.body), 'no JavaScript');
      assert.equal(
        (await app.inject({ url: `/keys/confirm?token=${encodeURIComponent(token)}` })).statusCode,
        200,
        'opening the page again (a mail scanner) uses nothing up',
      );

      const form = await app.inject({
        method: 'POST',
        url: '/v1/keys/confirm',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token=${encodeURIComponent(token)}`,
      });
      assert.equal(form.statusCode, 200);
      assert.equal(form.headers['cache-control'], 'no-store');
      const key = /<code>(lmi_[A-Za-z0-9_-]{43})<\/code>/.exec(form.body)?.[1];
      assert.ok(key, 'the page shows the key');
      assert.equal(
        (await app.inject({ url: '/v1/occupations', headers: { 'x-api-key': key } })).statusCode !== 401,
        true,
      );

      const again = await app.inject({
        method: 'POST',
        url: '/v1/keys/confirm',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token=${encodeURIComponent(token)}`,
      });
      assert.equal(again.statusCode, 400);
      assert.ok(!again.body.includes(key), 'the key is never shown again');
    });

    it("confirms with JSON: 200 IssuedKey, and a new confirmation revokes the address's earlier keys", async () => {
      const first = await post('/v1/keys/confirm', { token: tokenOf(await requestLink('replace@example.org')) });
      assert.equal(first.statusCode, 200);
      const issued = first.json();
      assert.deepEqual(Object.keys(issued).sort(), ['key', 'prefix', 'replacedKeys', 'requestsPerMinute', 'tier']);
      assert.equal(issued.tier, 'free');
      assert.equal(issued.requestsPerMinute, 60);
      assert.equal(issued.replacedKeys, 0);
      assert.equal(issued.prefix, issued.key.slice(0, 12));
      // Used once, so the key is in this process's key cache when the next confirmation revokes it.
      assert.notEqual(
        (await app.inject({ url: '/v1/occupations', headers: { 'x-api-key': issued.key } })).statusCode,
        401,
      );

      const second = (
        await post('/v1/keys/confirm', { token: tokenOf(await requestLink('Replace@Example.org ')) })
      ).json();
      assert.equal(second.replacedKeys, 1, 'the address is matched case-insensitively');
      assert.equal(
        (await app.inject({ url: '/v1/occupations', headers: { 'x-api-key': issued.key } })).statusCode,
        401,
        "revoked here: at once, not after the cache's few seconds",
      );
      assert.notEqual(
        (await app.inject({ url: '/v1/occupations', headers: { 'x-api-key': second.key } })).statusCode,
        401,
      );
    });

    it('issues exactly one key when two confirmations of one token race', async () => {
      const token = tokenOf(await requestLink('race@example.org'));
      const results = await Promise.all([
        post('/v1/keys/confirm', { token }),
        post('/v1/keys/confirm', { token }),
        post('/v1/keys/confirm', { token }),
      ]);
      assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 400, 400]);
      const keys = await store.db.selectFrom('api_keys').select('id').where('email_hmac', 'is not', null).execute();
      const issuedForToken = await store.db
        .selectFrom('key_requests')
        .select('issued_key_id')
        .where('issued_key_id', 'is not', null)
        .execute();
      assert.equal(new Set(issuedForToken.map((r) => r.issued_key_id)).size, issuedForToken.length);
      assert.ok(keys.length >= issuedForToken.length);
    });

    it('refuses unknown and expired tokens with 400', async () => {
      const unknown = await post('/v1/keys/confirm', { token: 'x'.repeat(43) });
      assert.equal(unknown.statusCode, 400);
      assert.match(unknown.json().detail, /unknown, has been used, or has expired/);
      const token = tokenOf(await requestLink('late@example.org'));
      await store.db
        .updateTable('key_requests')
        .set({ expires_at: '2000-01-01T00:00:00.000Z' })
        .where('used_at', 'is', null)
        .execute();
      assert.equal((await post('/v1/keys/confirm', { token })).statusCode, 400);
      assert.equal((await post('/v1/keys/confirm', {})).statusCode, 400);
    });

    it('stores neither the address nor the token nor the key in the clear', async () => {
      const link = await requestLink('private.person@example.org');
      const token = tokenOf(link);
      const issued = (await post('/v1/keys/confirm', { token })).json();
      const everything = JSON.stringify([
        await store.db.selectFrom('key_requests').selectAll().execute(),
        await store.db.selectFrom('api_keys').selectAll().execute(),
      ]);
      for (const secret of ['private.person', token, issued.key, issued.key.slice(12)])
        assert.ok(!everything.includes(secret), `${secret.slice(0, 8)}… not stored`);
      assert.match(everything, /"email_hmac":"[0-9a-f]{64}"/);
    });

    it('answers a request identically whether or not the address has a key (no enumeration)', async () => {
      await post('/v1/keys/confirm', { token: tokenOf(await requestLink('known@example.org')) });
      const known = await post('/v1/keys/requests', { email: 'known@example.org' }, '10.9.9.1');
      const unknown = await post('/v1/keys/requests', { email: 'never-seen@example.org' }, '10.9.9.2');
      await smtp.next();
      await smtp.next();
      assert.equal(known.statusCode, 202);
      assert.equal(known.statusCode, unknown.statusCode);
      assert.equal(known.body, unknown.body);
      const comparable = (headers: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(headers).filter(([name]) => !['x-request-id', 'date'].includes(name)));
      assert.deepEqual(comparable(known.headers), comparable(unknown.headers));
    });

    it('rejects an address that is not one, with 400 naming the rule', async () => {
      for (const payload of [
        { email: 'nope' },
        { email: 'a@b' },
        { email: 'two@@example.org' },
        { email: 'spa ce@example.org' },
        { email: `${'a'.repeat(65)}@example.org` },
        {},
        { email: 'a@example.org', extra: 1 },
        { email: 42 },
      ]) {
        const res = await post('/v1/keys/requests', payload);
        assert.equal(res.statusCode, 400, JSON.stringify(payload));
        assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
        assert.ok(res.json().detail.length > 0);
      }
    });

    it('limits requests per address from a client (3 an hour) and per client address (10 an hour), with 429 and Retry-After', async () => {
      const asker = '10.40.0.1';
      for (let i = 0; i < 3; i++)
        assert.equal((await post('/v1/keys/requests', { email: 'busy@example.org' }, asker)).statusCode, 202);
      const over = await post('/v1/keys/requests', { email: 'busy@example.org' }, asker);
      assert.equal(over.statusCode, 429);
      assert.equal(over.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.ok(Number(over.headers['retry-after']) > 3500);
      for (let i = 0; i < 3; i++) await smtp.next();

      const client = '10.50.0.1';
      for (let i = 0; i < 10; i++)
        assert.equal((await post('/v1/keys/requests', { email: `c${i}@example.org` }, client)).statusCode, 202);
      const tooMany = await post('/v1/keys/requests', { email: 'c10@example.org' }, client);
      assert.equal(tooMany.statusCode, 429);
      assert.match(tooMany.headers.ratelimit as string, /"key-requests";r=0;t=\d+/);
      for (let i = 0; i < 10; i++) await smtp.next();
    });

    it('never lets one client lock another out of an address: the per-address limit counts per client address too', async () => {
      const attacker = '10.66.0.1';
      for (let i = 0; i < 3; i++)
        assert.equal((await post('/v1/keys/requests', { email: 'victim@example.org' }, attacker)).statusCode, 202);
      assert.equal(
        (await post('/v1/keys/requests', { email: 'victim@example.org' }, attacker)).statusCode,
        429,
        'the attacker is limited',
      );
      assert.equal(
        (await post('/v1/keys/requests', { email: 'victim@example.org' }, '10.77.0.1')).statusCode,
        202,
        'the owner, from their own address, is not',
      );
      for (let i = 0; i < 4; i++) await smtp.next();
    });

    it('mails one address at most 5 times an hour whatever the clients: past the cap 202 as ever, nothing sent', async () => {
      const before = smtp.received.length;
      for (let i = 1; i <= 20; i++) {
        const res = await post('/v1/keys/requests', { email: 'flooded@example.org' }, `10.90.0.${i}`);
        assert.equal(res.statusCode, 202, 'the answer never tells a stranger the address was asked for');
        assert.match(
          String(res.headers.ratelimit),
          /^"key-requests";r=9;t=\d+$/,
          'the recipient cap is not advertised',
        );
      }
      await app.services.keyIssuance.settled();
      const mine = smtp.received.slice(before);
      assert.deepEqual(
        mine.map((m) => m.to.join()),
        Array(5).fill('flooded@example.org'),
      );
      for (const _ of mine) await smtp.next();
    });

    it('counts IPv6 clients by their /64 for the per-client limit', async () => {
      for (let i = 1; i <= 10; i++) {
        const res = await post(
          '/v1/keys/requests',
          { email: `six${i}@example.org` },
          `2001:db8:47:1::${i.toString(16)}`,
        );
        assert.equal(res.statusCode, 202);
      }
      const sameNetwork = await post('/v1/keys/requests', { email: 'six11@example.org' }, '2001:db8:47:1:ffff::1');
      assert.equal(sameNetwork.statusCode, 429, 'a fresh address in the same /64 is the same client');
      const otherNetwork = await post('/v1/keys/requests', { email: 'six12@example.org' }, '2001:db8:47:2::1');
      assert.equal(otherNetwork.statusCode, 202, 'the next /64 is another client');
      for (let i = 0; i < 11; i++) await smtp.next();
    });
  });
}

describe('the default mail transport writes to the outbox folder', () => {
  let store: TestStore;
  let app: App;
  before(async () => {
    store = await openTestStore('sqlite');
    app = await buildApp(createServices(testConfig(store.dataDir), store));
  });
  after(async () => {
    await app.close();
    await store.dispose();
  });

  it('leaves one .eml file per message, with the link', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/keys/requests',
      payload: { email: 'outbox@example.org' },
    });
    assert.equal(res.statusCode, 202);
    await app.services.keyIssuance.settled();
    const outbox = path.join(store.dataDir, 'outbox');
    const files = readdirSync(outbox);
    assert.equal(files.length, 1);
    assert.match(files[0]!, /\.eml$/);
    const raw = readFileSync(path.join(outbox, files[0]!), 'utf8');
    assert.match(raw, /^To: outbox@example\.org$/m);
    assert.match(confirmationLink(raw), /^http:\/\/localhost:8080\/keys\/confirm\?token=/);
  });
});
