import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { integrityProblem, openStore } from '../../src/store/database.js';
import { corruptRowsOf } from '../helpers/corrupt-sqlite.js';
import { serve, type ServedApp } from '../helpers/served-app.js';
import { copyTemplate } from '../helpers/template-databases.js';

/**
 * A page of the embedded file overwritten in the middle of its biggest table (the pay rows of
 * 2134), as a failing disk leaves it: the check at start finds it, and a query that reads it
 * marks the store corrupt, so /readyz fails and the answer is a 503, never a 500.
 */
describe('a corrupt page in the embedded database', () => {
  let served: ServedApp;
  let pages: number[] = [];

  before(async () => {
    const copy = await copyTemplate('sqlite');
    assert.equal(await integrityProblem(copy), null, 'the template passes the check');
    const { rows } = await sql<{ rowid: number }>`select rowid from ashe_pay where soc = '2134'`.execute(copy.db);
    await copy.close();
    pages = corruptRowsOf(
      path.join(copy.dataDir, 'lmi.sqlite'),
      'ashe_pay',
      rows.map((row) => row.rowid),
    );
    const store = openStore({ databaseUrl: null, dataDir: copy.dataDir });
    served = await serve({
      ...store,
      dataDir: copy.dataDir,
      async dispose() {
        await store.close();
        rmSync(copy.dataDir, { recursive: true, force: true });
      },
    });
  });
  after(() => served?.close());

  it('fails the integrity check run at start, naming a page', async () => {
    assert.ok(pages.length > 0);
    assert.match((await integrityProblem(served.store)) ?? 'passed', /page/i);
  });

  it('answers a read of the damaged rows 503 store-unavailable, and /readyz fails from then on', async () => {
    // The app built here skipped the check at start (lmi serve runs it): only the read can tell.
    assert.equal((await served.app.inject({ url: '/readyz' })).statusCode, 200);
    const pay = await served.get('/v1/occupations/2134/pay');
    assert.equal(pay.statusCode, 503, pay.body);
    assert.equal(pay.json().type, '/problems/store-unavailable');
    assert.equal(pay.headers['retry-after'], '60');
    const ready = await served.app.inject({ url: '/readyz' });
    assert.equal(ready.statusCode, 503);
    assert.match(ready.json().detail, /database file is damaged/);
  });
});
