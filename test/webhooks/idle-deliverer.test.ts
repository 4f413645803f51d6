import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { WebhookDeliverer } from '../../src/webhooks/deliverer.js';
import { serve, type ServedApp } from '../helpers/served-app.js';
import { openTestStore } from '../helpers/stores.js';

/**
 * A server with no webhooks while another process (an ingest) holds SQLite's write lock: the
 * deliverer's pass has nothing to write, so it neither waits for the lock (blocking the serving
 * thread for busy_timeout) nor fails with "database is locked".
 */
describe('the webhook deliverer with no webhooks, the write lock held elsewhere', () => {
  let served: ServedApp;
  let writer: SQLite.Database;
  before(async () => {
    served = await serve(await openTestStore('sqlite'));
    writer = new SQLite(path.join(served.store.dataDir, 'lmi.sqlite'));
    writer.prepare('begin immediate').run();
  });
  after(async () => {
    writer?.prepare('rollback').run();
    writer?.close();
    await served?.close();
  });

  it('passes without taking the lock', async () => {
    const logged: string[] = [];
    const log = { info: () => undefined, warn: () => undefined, error: (_: object, msg: string) => logged.push(msg) };
    const deliverer = new WebhookDeliverer(
      served.store.db,
      served.services.changes,
      { publicUrl: 'https://lmi.example.org', serviceSecret: 'x'.repeat(40), maxFailures: 8, privateAddresses: false },
      () => new Date(),
      log,
    );
    assert.deepEqual(await deliverer.deliverDue(), []);
    assert.deepEqual(logged, []);
  });
});
