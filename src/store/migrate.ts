import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileMigrationProvider, Migrator, sql, type MigrationResult } from 'kysely';
import type { Store } from './database.js';
import type { Db } from './schema.js';
/**
 * Every file in `migrations/` is a migration, applied in name order (`001-initial.ts` first): a new
 * one is a new file and nothing else. The same folder holds `.ts` under tsx and `.js` in the build.
 */
const provider = new FileMigrationProvider({
  fs,
  path,
  migrationFolder: path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations'),
});

async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]!.schema;
}

class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema up to date; safe to call on every start. Returns the names applied now. */
export async function migrateToLatest(store: Pick<Store, 'db' | 'dialect'>): Promise<string[]> {
  const { db } = store;
  // Kysely looks for its migration tables in every schema unless told which; on a PostgreSQL
  // database shared by several schemas (one per test run) it must be told ours.
  const migrationTableSchema = store.dialect === 'postgres' ? await currentSchema(db) : undefined;
  // Migrations add independent tables, so one written later with a lower number may still run.
  const migrator = new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r: MigrationResult) => r.status === 'Error');
    // Kysely fails with an Error; anything else is shown as what it is rather than `[object Object]`.
    const reason = error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error);
    throw new MigrationError(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
