import { Migrator, type Migration, type MigrationProvider, type MigrationResult } from 'kysely';
import type { Db } from './schema.js';
import * as initial from './migrations/001-initial.js';
import * as socDescriptionsAndIndex from './migrations/002-soc-descriptions-and-index.js';

/** Migrations are listed here, in order, so that the compiled build needs no file scanning. */
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-soc-descriptions-and-index': socDescriptionsAndIndex,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema up to date; safe to call on every start. Returns the names applied now. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r: MigrationResult) => r.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
