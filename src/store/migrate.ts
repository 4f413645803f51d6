import { Migrator, sql, type Migration, type MigrationProvider, type MigrationResult } from 'kysely';
import type { Store } from './database.js';
import type { Db } from './schema.js';
import * as initial from './migrations/001-initial.js';
import * as socDescriptionsAndIndex from './migrations/002-soc-descriptions-and-index.js';
import * as ashePay from './migrations/003-ashe-pay.js';
import * as skillsAndWorkProfile from './migrations/004-skills-and-work-profile.js';
import * as employmentAndGeography from './migrations/005-employment-and-geography.js';

/** Migrations are listed here, in order, so that the compiled build needs no file scanning. */
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-soc-descriptions-and-index': socDescriptionsAndIndex,
  '003-ashe-pay': ashePay,
  '004-skills-and-work-profile': skillsAndWorkProfile,
  '005-employment-and-geography': employmentAndGeography,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]!.schema;
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema up to date; safe to call on every start. Returns the names applied now. */
export async function migrateToLatest(store: Pick<Store, 'db' | 'dialect'>): Promise<string[]> {
  const { db } = store;
  // Kysely looks for its migration tables in every schema unless told which; on a PostgreSQL
  // database shared by several schemas (one per test run) it must be told ours.
  const migrationTableSchema = store.dialect === 'postgres' ? await currentSchema(db) : undefined;
  // Migrations add independent tables, so one written later with a lower number may still run.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r: MigrationResult) => r.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
