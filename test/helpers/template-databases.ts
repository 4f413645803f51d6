import { constants, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openStore, type Dialect, type Store } from '../../src/store/database.js';
import { databaseUrl, withPgAdmin, type TestStore } from './stores.js';

/**
 * Every source of the registry ingested once from the real mirror, per dialect, by
 * test/build-templates.ts (the step `npm test` runs before the test runner). Each test file
 * copies a template (SQLite: the file; PostgreSQL: CREATE DATABASE ... TEMPLATE) instead of
 * ingesting the real files again.
 */
export interface TemplateManifest {
  /** Hash of what the templates are made from: the mirror, the ingest, store and domain code, the migrations, the lockfile. */
  key: string;
  builtAt: string;
  sqliteFile: string;
  postgresDatabase: string;
  /** Rows in each table of both templates (the build checks they are the same). */
  rows: Record<string, number>;
}

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Templates live outside the repository; the manifest names this checkout's current ones. */
export const TEMPLATES_DIR = path.join(tmpdir(), 'lmi-test-templates');
export const MANIFEST_FILE = path.join(
  TEMPLATES_DIR,
  `manifest-${createHash('sha256').update(REPO_ROOT).digest('hex').slice(0, 12)}.json`,
);

/** Copies of the PostgreSQL template are named with their creation time, so a build can drop ones a crashed run left. */
export const COPY_PREFIX = 'lmi_copy_';

let manifest: TemplateManifest | null = null;

function templateManifest(): TemplateManifest {
  if (manifest) return manifest;
  if (!existsSync(MANIFEST_FILE)) {
    throw new Error(
      `No template databases: ${MANIFEST_FILE} is missing. Build them first with \`npx tsx test/build-templates.ts\` (npm test does).`,
    );
  }
  const read = JSON.parse(readFileSync(MANIFEST_FILE, 'utf8')) as TemplateManifest;
  if (!existsSync(read.sqliteFile))
    throw new Error(
      `The SQLite template ${read.sqliteFile} named by ${MANIFEST_FILE} is gone; run \`npx tsx test/build-templates.ts\` again.`,
    );
  manifest = read;
  return read;
}

/** A private copy of the template of a dialect: the real data, ready to serve, to ingest into or to change. */
export async function copyTemplate(dialect: Dialect): Promise<TestStore> {
  const { sqliteFile, postgresDatabase } = templateManifest();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lmi-test-'));
  if (dialect === 'sqlite') {
    copyFileSync(sqliteFile, path.join(dataDir, 'lmi.sqlite'), constants.COPYFILE_FICLONE);
    const store = openStore({ databaseUrl: null, dataDir });
    return {
      ...store,
      dataDir,
      async dispose() {
        await store.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const database = `${COPY_PREFIX}${Math.floor(Date.now() / 1000)}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withPgAdmin((client) => client.query(`create database ${database} template ${postgresDatabase}`));
  const store = openStore({ databaseUrl: databaseUrl(database), dataDir });
  return {
    ...store,
    dataDir,
    async dispose() {
      await store.close();
      await withPgAdmin((client) => client.query(`drop database if exists ${database} with (force)`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Takes sources out of a copy as if they had never been ingested: their rows, editions and
 * ingest runs. For tests of what the API says before a source has a release.
 */
export async function withdrawSources(store: Store, sourceKeys: string[]): Promise<void> {
  const tables = (await store.db.introspection.getTables()).filter((t) =>
    t.columns.some((c) => c.name === 'edition_id'),
  );
  await store.db.transaction().execute(async (trx) => {
    const editions = sql`(select id from editions where source_key in (${sql.join(sourceKeys)}))`;
    for (const table of tables)
      await sql`delete from ${sql.table(table.name)} where edition_id in ${editions}`.execute(trx);
    await trx.deleteFrom('editions').where('source_key', 'in', sourceKeys).execute();
    await trx.deleteFrom('ingest_runs').where('source_key', 'in', sourceKeys).execute();
  });
}
