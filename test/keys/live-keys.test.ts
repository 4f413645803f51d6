import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { issueApiKey } from '../../src/keys/api-key.js';
import { LIVE_KEY_TTL_MS, LiveKeys } from '../../src/keys/live-keys.js';
import { revokeKeyByPrefix } from '../../src/store/keys.js';
import { DEFAULT_TIERS } from '../../src/config.js';
import { DIALECTS, openTestStore, type TestStore } from '../helpers/stores.js';

const randomKey = () => `lmi_${randomBytes(32).toString('base64url')}`;

for (const dialect of DIALECTS) {
  describe(`LiveKeys (${dialect})`, () => {
    let store: TestStore;
    let clock = 0;
    const now = () => clock;
    before(async () => {
      store = await openTestStore(dialect);
    });
    after(() => store.dispose());

    const issue = (rpm: number | null = null) =>
      issueApiKey(store.db, { tier: DEFAULT_TIERS[0]!, emailHmac: null, requestsPerMinute: rpm });

    it('sees a revocation made elsewhere within its TTL, and not before: the stated bound', async () => {
      const keys = new LiveKeys(store.db, { now });
      const { key, record } = await issue();
      assert.equal((await keys.find(key))?.id, record.id);
      assert.ok(await revokeKeyByPrefix(store.db, record.prefix));
      clock += LIVE_KEY_TTL_MS - 1;
      assert.equal(
        (keys.find(key) as Awaited<ReturnType<LiveKeys['find']>>)?.id,
        record.id,
        'still the remembered record, answered without a query',
      );
      clock += 1;
      assert.equal(await keys.find(key), null, 'revoked once the TTL has passed');
    });

    it('sees a limit change within its TTL', async () => {
      const keys = new LiveKeys(store.db, { now });
      const { key, record } = await issue(100);
      assert.equal((await keys.find(key))?.requestsPerMinute, 100);
      await store.db.updateTable('api_keys').set({ requests_per_minute: 7 }).where('id', '=', record.id).execute();
      clock += LIVE_KEY_TTL_MS;
      assert.equal((await keys.find(key))?.requestsPerMinute, 7);
    });

    it('remembers unknown keys in a bounded space of their own: random keys neither grow memory nor push out live keys', async () => {
      const keys = new LiveKeys(store.db, { now, maxLive: 10, maxUnknown: 20 });
      const { key, record } = await issue();
      await keys.find(key);
      for (let i = 0; i < 200; i++) assert.equal(await keys.find(randomKey()), null);
      assert.deepEqual(keys.size, { live: 1, unknown: 20 });
      // Revoked in the database: still remembered as live, so the flood did not evict it.
      await revokeKeyByPrefix(store.db, record.prefix);
      assert.equal((keys.find(key) as Awaited<ReturnType<LiveKeys['find']>>)?.id, record.id);
    });

    it('answers a malformed key without a lookup or an entry, and a remembered unknown key without a query', async () => {
      const keys = new LiveKeys(store.db, { now });
      assert.equal(keys.find('not-a-key'), null);
      assert.deepEqual(keys.size, { live: 0, unknown: 0 });
      const unknown = randomKey();
      assert.equal(await keys.find(unknown), null);
      assert.equal(keys.find(unknown), null, 'answered at once, not with a promise');
    });

    it('shares one query between concurrent first lookups of a key, and forgets everything on clear()', async () => {
      const keys = new LiveKeys(store.db, { now });
      const { key, record } = await issue();
      const first = keys.find(key);
      assert.ok(first instanceof Promise);
      assert.equal(keys.find(key), first);
      assert.equal((await first)?.id, record.id);
      await revokeKeyByPrefix(store.db, record.prefix);
      keys.clear();
      assert.equal(await keys.find(key), null, 'after clear() the revocation is seen at once');
    });
  });
}
