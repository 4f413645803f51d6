import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import { migrateToLatest } from '../../src/store/migrate.js';
import { up as editionChanges } from '../../src/store/migrations/019-edition-changes.js';
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

    it('019 gives the editions settled before it their change feed entries', async () => {
      const edition = (id: string, status: 'published' | 'superseded' | 'quarantined', at: string) => ({
        id,
        source_key: 'soc2020-index',
        label: id,
        series_key: null,
        status,
        detected_at: at,
        published_at: status === 'quarantined' ? null : at,
        source_uri: 'x',
        sha256: id,
        checks: status === 'quarantined' ? '[{"rule":"rows","status":"fail","observed":"0"}]' : '[]',
        rows_stored: status === 'quarantined' ? null : 10,
      });
      await store.db.deleteFrom('edition_changes').execute();
      await store.db
        .insertInto('editions')
        .values([
          edition('v1', 'superseded', '2026-01-01T00:00:00.000Z'),
          edition('v2', 'published', '2026-02-01T00:00:00.000Z'),
          edition('bad', 'quarantined', '2026-03-01T00:00:00.000Z'),
        ])
        .execute();
      // As on a database migrated to 018: no change feed yet, editions already settled. (PostgreSQL
      // also drops the foreign keys of later tables that point at it; this copy is thrown away.)
      const drop = store.db.schema.dropTable('edition_changes');
      await (dialect === 'postgres' ? drop.cascade() : drop).execute();
      await editionChanges(store.db as unknown as Kysely<unknown>);
      const changes = await store.db
        .selectFrom('edition_changes')
        .select(['edition_id', 'kind', 'settled_at', 'superseded_id', 'previous_id', 'summary'])
        .where('source_key', '=', 'soc2020-index')
        .orderBy('settled_at')
        .execute();
      assert.deepEqual(changes, [
        {
          edition_id: 'v1',
          kind: 'published',
          settled_at: '2026-01-01T00:00:00.000Z',
          superseded_id: null,
          previous_id: null,
          summary: 'First release of the source read: 10 rows.',
        },
        {
          edition_id: 'v2',
          kind: 'published',
          settled_at: '2026-02-01T00:00:00.000Z',
          superseded_id: 'v1',
          previous_id: 'v1',
          summary: '10 rows, as many as v1. no headline figure changed.',
        },
        {
          edition_id: 'bad',
          kind: 'quarantined',
          settled_at: '2026-03-01T00:00:00.000Z',
          superseded_id: null,
          previous_id: null,
          summary: 'Held back, not served: rows (0). The previous release keeps serving.',
        },
      ]);
    });
  });
}
