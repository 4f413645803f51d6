import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openStore, type Dialect, type Store } from '../../src/store/database.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { registerSources } from '../../src/store/sources.js';
import { SOURCES } from '../../src/ingest/registry.js';
import type { AnySourceDescriptor } from '../../src/ingest/source.js';

export const DIALECTS: Dialect[] = ['sqlite', 'postgres'];

/**
 * The dialects of the tests above the store (queries, routes). All the SQL is in src/store, and
 * test/store/database.parity.test.ts proves both templates hold the same rows and every store read answers
 * the same on both; so what sits above the store runs once, on the embedded default. The store's
 * own tests, the ingest's, and those of what differs between dialects (replicas, keys, locks)
 * keep `DIALECTS`. `LMI_TEST_DIALECTS=sqlite,postgres` runs these on both as well.
 */
export const DIALECTS_ABOVE_STORE: Dialect[] = (process.env.LMI_TEST_DIALECTS ?? 'sqlite')
  .split(',')
  .map((d) => d.trim())
  .filter((d): d is Dialect => {
    if (!DIALECTS.includes(d as Dialect))
      throw new Error(`LMI_TEST_DIALECTS: ${d} is not one of ${DIALECTS.join(', ')}`);
    return true;
  });

/** The PostgreSQL every developer machine and CI runs (trust auth, database `test`). */
const TEST_DATABASE_URL = process.env.LMI_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestStore extends Store {
  dataDir: string;
  /** Closes the store and removes everything it created (its folder, its PostgreSQL schema or database). */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated, empty store isolated from every other run: SQLite in its own temporary
 * folder, PostgreSQL in its own schema of the test database, dropped afterwards. For tests of
 * what happens before anything is ingested; tests that need the real data copy a template
 * (template-databases.ts) instead of ingesting it again.
 */
export async function openTestStore(dialect: Dialect, sources: AnySourceDescriptor[] = SOURCES): Promise<TestStore> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lmi-test-'));
  let store: Store;
  let dropSchema = async () => undefined;
  if (dialect === 'postgres') {
    const schema = `lmi_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await withPgAdmin((client) => client.query(`create schema ${schema}`));
    store = openStore({ databaseUrl: TEST_DATABASE_URL, dataDir, pgSchema: schema });
    dropSchema = async () => {
      await withPgAdmin((client) => client.query(`drop schema ${schema} cascade`));
    };
  } else {
    store = openStore({ databaseUrl: null, dataDir });
  }
  await migrateToLatest(store);
  await registerSources(store.db, sources);
  return {
    ...store,
    dataDir,
    async dispose() {
      await store.close();
      await dropSchema();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The address of another database on the test server. */
export function databaseUrl(database: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.href;
}

/** One connection to the test database, for what a store does not do (schemas, databases). */
export async function withPgAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
