import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { ingestSources, type SourceResult } from '../../src/ingest/pipeline.js';
import { findSource } from '../../src/ingest/registry.js';
import { mirrorUpstream } from '../../src/ingest/upstream.js';
import { listEditions } from '../../src/store/editions.js';
import { servedFromTemplate, type ServedApp } from '../helpers/served-app.js';
import { VOLUME2_FILE, alteredVolume2, makeMirror } from '../helpers/upstream.js';

/**
 * A full disk, made real without a mount: `max_page_count` at the file's current size makes
 * SQLite refuse any write that needs a new page with SQLITE_FULL, as a full disk does.
 */
describe('the embedded database with its disk full', () => {
  let served: ServedApp;
  before(async () => {
    served = await servedFromTemplate('sqlite');
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(served.store.db);
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(served.store.db);
  });
  after(() => served?.close());

  it('closes the ingest run as failed, saying the disk is full, and the previous release keeps serving', async () => {
    const before = await listEditions(served.store.db, 'soc2020-structure');
    const mirror = makeMirror();
    mirror.write(
      VOLUME2_FILE,
      alteredVolume2((sheets) => {
        sheets['SOC2020 framework']!.find((r) => r[4] === 2134)![5] = 'Programmers and software developers';
      }),
    );
    const [result] = (await ingestSources({
      store: served.store,
      upstream: mirrorUpstream(mirror.root),
      sources: [findSource('soc2020-structure')!],
    })) as [SourceResult];
    assert.equal(result.outcome, 'failed');
    assert.match(result.releases[0]!.checks[0]!.rule, /written to the database \(its disk is full\)/);
    const run = await served.store.db
      .selectFrom('ingest_runs')
      .selectAll()
      .where('source_key', '=', 'soc2020-structure')
      .orderBy('started_at', 'desc')
      .executeTakeFirstOrThrow();
    assert.equal(run.outcome, 'failed');
    assert.ok(run.finished_at, 'the run is closed');
    assert.match(run.message ?? '', /full/);
    assert.deepEqual(
      (await listEditions(served.store.db, 'soc2020-structure')).map((e) => [e.id, e.status]),
      before.map((e) => [e.id, e.status]),
      'no release held back for a write the database refused',
    );
    served.refresh();
    assert.equal((await served.get('/v1/occupations/2134')).statusCode, 200);
  });

  it('answers key requests 503 store-unavailable once their table has no room left, never 500', async () => {
    // Each request stores a row; the table's last page fills, and the next needs a page there is none of.
    const statuses: number[] = [];
    for (let i = 0; i < 300 && !statuses.includes(503); i++) {
      const response = await served.app.inject({
        method: 'POST',
        url: '/v1/keys/requests',
        remoteAddress: `10.0.${Math.floor(i / 250)}.${i % 250}`,
        payload: { email: `someone-${i}@example.org` },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 503) {
        assert.equal(response.json().type, '/problems/store-unavailable');
        assert.equal(response.headers['retry-after'], '60');
      }
    }
    assert.deepEqual([...new Set(statuses)], [202, 503]);
  });
});
