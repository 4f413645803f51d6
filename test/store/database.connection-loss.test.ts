import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { issueApiKey } from '../../src/keys/api-key.js';
import { startLmiServer, until, type LmiServer } from '../helpers/lmi-process.js';
import { databaseUrl, withPgAdmin, type TestStore } from '../helpers/stores.js';
import { copyTemplate } from '../helpers/template-databases.js';

/**
 * A failover as a replica meets it: `lmi serve` on PostgreSQL, requests in flight, and every
 * connection of its database terminated while the database refuses new ones; then the database
 * comes back. The replica must stay up, answer 503 problems meanwhile and recover by itself.
 */
describe('lmi serve on PostgreSQL when the database goes away under traffic', () => {
  let store: TestStore;
  let server: LmiServer;
  let database = '';
  let key = '';
  let dataDir = '';

  before(async () => {
    store = await copyTemplate('postgres');
    key = (
      await issueApiKey(store.db, {
        tier: { name: 'free', requestsPerMinute: 60 },
        emailHmac: null,
        requestsPerMinute: 1_000_000,
      })
    ).key;
    database = (await sql<{ name: string }>`select current_database() as name`.execute(store.db)).rows[0]!.name;
    dataDir = mkdtempSync(path.join(tmpdir(), 'lmi-connection-loss-'));
    server = await startLmiServer([], { LMI_DATA_DIR: dataDir, DATABASE_URL: databaseUrl(database) });
    await until(
      'GET /healthz 200',
      async () => ((await server.get('/healthz')).status === 200 ? true : undefined),
      60_000,
    );
  });

  after(async () => {
    await server?.stop();
    await withPgAdmin((client) => client.query(`alter database ${database} allow_connections true`)).catch(
      () => undefined,
    );
    await store?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('survives pg_terminate_backend of its connections, answers 503 with Retry-After meanwhile, and recovers', async () => {
    // The key's webhooks: read from the database on every request (no response cache in front).
    const ask = async () => {
      const response = await fetch(`${server.base}/v1/webhooks`, { headers: { 'x-api-key': key } });
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
    };
    const statuses: number[] = [];
    let load = true;
    const loops = Array.from({ length: 6 }, async () => {
      while (load) statuses.push((await ask().catch(() => ({ status: 0 }))).status);
    });
    await until('requests answered under load', async () => (statuses.length >= 30 ? true : undefined), 30_000);

    await withPgAdmin(async (client) => {
      await client.query(`alter database ${database} allow_connections false`);
      await client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
    });
    const away = await until(
      'a 503 while the database is away',
      async () => {
        const answer = await ask();
        return answer.status === 503 ? answer : undefined;
      },
      30_000,
    ).catch((error: unknown) => assert.fail(`${String(error)}\n${server.output().slice(-5000)}`));
    assert.equal((away.body as { type: string }).type, '/problems/store-unavailable');
    assert.equal(away.retryAfter, '5');

    await withPgAdmin((client) => client.query(`alter database ${database} allow_connections true`));
    await until(
      'a 200 once the database is back',
      async () => ((await ask()).status === 200 ? true : undefined),
      30_000,
    );
    load = false;
    await Promise.all(loops);

    assert.equal(server.child.exitCode, null, `the replica exited:\n${server.output().slice(-5000)}`);
    assert.deepEqual(
      [...new Set(statuses)].filter((status) => status !== 200 && status !== 503),
      [],
      'every answer under load was 200 or 503',
    );
    assert.ok(!server.output().includes('"level":50'), `no error logged:\n${server.output().slice(-5000)}`);
  });
});
