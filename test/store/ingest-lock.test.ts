import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IngestBusyError, withIngestLock } from '../../src/store/ingest-lock.js';
import { openTestStore } from '../helpers/stores.js';

describe('ingest lock (postgres)', () => {
  it('lets ingests into different schemas of one database run at once, but not two into the same schema', async () => {
    const [a, b] = [await openTestStore('postgres'), await openTestStore('postgres')];
    try {
      let release!: () => void;
      const held = withIngestLock(a, () => new Promise<void>((resolve) => (release = resolve)));
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(await withIngestLock(b, async () => 'ran'), 'ran', 'another schema is not blocked');
      await assert.rejects(
        withIngestLock(a, async () => 'ran'),
        IngestBusyError,
      );
      release();
      await held;
      assert.equal(await withIngestLock(a, async () => 'ran'), 'ran', 'free again once the first is done');
    } finally {
      await a.dispose();
      await b.dispose();
    }
  });
});

describe('ingest lock (sqlite lease)', () => {
  it('lets one ingest run at a time, takes over a lease whose holder went silent, and frees it at the end', async () => {
    const store = await openTestStore('sqlite');
    try {
      let release!: () => void;
      const held = withIngestLock(store, () => new Promise<void>((resolve) => (release = resolve)));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await assert.rejects(
        withIngestLock(store, async () => 'ran'),
        IngestBusyError,
      );
      release();
      await held;
      assert.equal(await withIngestLock(store, async () => 'ran'), 'ran', 'free again once the first is done');
      const silent = new Date(Date.now() - 60_000).toISOString();
      await store.db
        .insertInto('ingest_lease')
        .values({ id: 1, owner: 'dead-host:1:x', heartbeat_at: silent })
        .execute();
      assert.equal(await withIngestLock(store, async () => 'ran'), 'ran', 'a silent holder is taken over');
      assert.equal(await store.db.selectFrom('ingest_lease').selectAll().executeTakeFirst(), undefined);
    } finally {
      await store.dispose();
    }
  });
});
