import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { migrateToLatest } from '../../src/store/migrate.js';
import { DIALECTS, openTestStore, type TestStore } from '../helpers/stores.js';

for (const dialect of DIALECTS) {
  describe(`migrations (${dialect})`, () => {
    let store: TestStore;
    before(async () => {
      store = await openTestStore(dialect);
    });
    after(() => store.dispose());

    it('creates every table, and running again applies nothing', async () => {
      const tables = (await store.db.introspection.getTables()).map((t) => t.name).sort();
      for (const table of ['api_keys', 'editions', 'ingest_runs', 'key_requests', 'soc_groups', 'sources']) {
        assert.ok(tables.includes(table), `${table} exists`);
      }
      assert.deepEqual(await migrateToLatest(store), []);
    });

    it('allows only one published edition per series of a source', async () => {
      const row = (id: string, series: string | null) => ({
        id,
        source_key: 'soc2020-structure',
        label: id,
        series_key: series,
        status: 'published' as const,
        detected_at: '2026-01-01T00:00:00.000Z',
        published_at: '2026-01-01T00:00:00.000Z',
        source_uri: 'x',
        sha256: id,
        checks: '[]',
        rows_stored: 0,
      });
      await store.db.insertInto('editions').values(row('a', null)).execute();
      await assert.rejects(store.db.insertInto('editions').values(row('b', null)).execute());
      await store.db.insertInto('editions').values(row('c', '2024')).execute();
      const count = await sql<{ n: number }>`select count(*) as n from editions where status = 'published'`.execute(
        store.db,
      );
      assert.equal(Number(count.rows[0]!.n), 2);
    });
  });
}
