import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { openTestStore, withPgAdmin, type TestStore } from '../helpers/stores.js';

describe('PostgreSQL store (database.ts)', () => {
  let store: TestStore;
  before(async () => {
    store = await openTestStore('postgres', []);
  });
  after(async () => {
    await store.dispose();
  });

  it('survives its idle connections being ended by the server (a restart, a dropped database) and reconnects', async () => {
    const backendPid = async () =>
      Number((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(store.db)).rows[0]!.pid);
    const before = await backendPid();
    await withPgAdmin((client) => client.query('select pg_terminate_backend($1)', [before]));
    // The idle client's 'error' arrives on the pool shortly after; without a listener it would end this process.
    await sleep(200);
    const after = await backendPid();
    assert.notEqual(after, before);
  });
});
