/**
 * Builds the template databases the tests copy (see test/helpers/template-databases.ts): every
 * source of the registry ingested from the real mirror, once into SQLite and once into
 * PostgreSQL, through the real pipeline. `npm test` runs this before the test runner, which has
 * no global setup of its own.
 *
 * Both ingests run at once and share each release's parse (parsing is nearly all the time: ASHE
 * Table 14 alone is most of it), which worker threads make ahead of them, one per core
 * (test/helpers/template-parses.ts); detection, hashing, checks, staging and publishing run for
 * each dialect on its own. Templates are kept under a key hashed from everything they are made of,
 * so a developer's next run reuses them; `--fresh` (or LMI_TEST_FRESH_TEMPLATES=1) rebuilds.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Client as PgClient } from 'pg';
import { sql } from 'kysely';
import { ingestSources, type SourceResult } from '../src/ingest/pipeline.js';
import { SOURCES } from '../src/ingest/registry.js';
import { readLimits } from '../src/ingest/read-limits.js';
import { mirrorUpstream } from '../src/ingest/upstream.js';
import { openStore, type Store } from '../src/store/database.js';
import { migrateToLatest } from '../src/store/migrate.js';
import { registerSources } from '../src/store/sources.js';
import { parsedAhead } from './helpers/template-parses.js';
import { databaseUrl, withPgAdmin } from './helpers/stores.js';
import {
  COPY_PREFIX,
  MANIFEST_FILE,
  REPO_ROOT,
  TEMPLATES_DIR,
  type TemplateManifest,
} from './helpers/template-databases.js';
import { UPSTREAM_DIR } from './helpers/upstream.js';

/** What the stored rows depend on. Routes, schemas and HTTP code do not change them. */
const KEYED_PATHS = [
  'src/ingest',
  'src/store',
  'src/domain',
  'package-lock.json',
  'test/build-templates.ts',
  'test/helpers/template-databases.ts',
  'test/helpers/template-parses.ts',
];
/** Worker threads parsing the mirror's releases ahead of the two ingests: one per core. */
const PARSE_WORKERS = Math.max(1, availableParallelism());
/** Copies a crashed run left behind are dropped after this long. */
const STALE_COPY_MS = 6 * 3600_000;
/** Besides this run's, the templates last used most recently are kept (other checkouts, other branches)... */
const KEEP_OTHER_TEMPLATES = 2;
/** ...and any used within this time, which a run elsewhere may be copying now. */
const IN_USE_MS = 3600_000;

const started = performance.now();
const fresh = process.argv.includes('--fresh') || process.env.LMI_TEST_FRESH_TEMPLATES === '1';
mkdirSync(TEMPLATES_DIR, { recursive: true });

const key = templateKey();
const name = `lmi_template_${key.slice(0, 16)}`;
const folder = path.join(TEMPLATES_DIR, name);
const completeFile = path.join(folder, 'complete.json');

let built: TemplateManifest;
if (!fresh && existsSync(completeFile) && (await pgDatabaseExists(name))) {
  built = JSON.parse(readFileSync(completeFile, 'utf8')) as TemplateManifest;
  console.log(`templates: reusing ${name} (built ${built.builtAt} from the same mirror and code)`);
} else {
  built = await buildTemplates();
}
const now = new Date();
utimesSync(folder, now, now);
writeFileSync(MANIFEST_FILE, JSON.stringify(built, null, 2));
await dropStaleDatabases();
const cpu = process.cpuUsage();
console.log(
  `templates: ready in ${seconds(performance.now() - started)}, CPU ${seconds((cpu.user + cpu.system) / 1000)} (manifest ${MANIFEST_FILE})`,
);

async function buildTemplates(): Promise<TemplateManifest> {
  const building = `${name}_b${process.pid}`;
  const buildFolder = `${folder}.building-${process.pid}`;
  rmSync(buildFolder, { recursive: true, force: true });
  await withPgAdmin(async (client) => {
    await client.query(`create database ${building}`);
  });
  const stores: Record<'sqlite' | 'postgres', Store> = {
    sqlite: openStore({ databaseUrl: null, dataDir: buildFolder }),
    postgres: openStore({ databaseUrl: databaseUrl(building), dataDir: buildFolder }),
  };
  const upstream = mirrorUpstream(UPSTREAM_DIR);
  const parses = await parsedAhead(SOURCES, upstream, {
    workers: PARSE_WORKERS,
    readers: 2,
    limits: readLimits(),
  });
  const { sources, parseMs } = parses;
  const ms: Record<string, number> = {};
  const ingest = async (dialect: 'sqlite' | 'postgres'): Promise<SourceResult[]> => {
    const store = stores[dialect];
    await migrateToLatest(store);
    await registerSources(store.db, SOURCES);
    const results = await ingestSources({ store, upstream, sources });
    ms[dialect] = performance.now() - started;
    return results;
  };
  const [sqliteResults, postgresResults] = await Promise.all([ingest('sqlite'), ingest('postgres')]).finally(() =>
    parses.close(),
  );
  for (const [dialect, results] of [
    ['sqlite', sqliteResults],
    ['postgres', postgresResults],
  ] as const) {
    const bad = results.filter((r) => r.outcome !== 'published' && r.outcome !== 'unavailable');
    if (bad.length > 0)
      throw new Error(
        `template ingest (${dialect}) of the real mirror did not publish: ${bad.map((r) => `${r.sourceKey} ${r.outcome}: ${r.message}`).join('; ')}`,
      );
  }
  const rows = await rowCounts(stores.sqlite);
  const postgresRows = await rowCounts(stores.postgres);
  if (JSON.stringify(rows) !== JSON.stringify(postgresRows)) {
    throw new Error(`the templates differ: sqlite ${JSON.stringify(rows)}, postgres ${JSON.stringify(postgresRows)}`);
  }
  await stores.sqlite.close();
  await stores.postgres.close();

  // One self-contained file to copy: the write-ahead log folded in and switched off.
  const file = new SQLite(path.join(buildFolder, 'lmi.sqlite'));
  file.pragma('wal_checkpoint(TRUNCATE)');
  file.pragma('journal_mode = DELETE');
  file.close();
  rmSync(folder, { recursive: true, force: true });
  renameSync(buildFolder, folder);

  await withPgAdmin(async (client) => {
    await dropTemplate(client, name);
    await client.query(`alter database ${building} rename to ${name}`);
    // A template must have no connections while it is copied: none are allowed.
    await client.query(`alter database ${name} with is_template true allow_connections false`);
  });
  const manifest: TemplateManifest = {
    key,
    builtAt: new Date().toISOString(),
    sqliteFile: path.join(folder, 'lmi.sqlite'),
    postgresDatabase: name,
    rows,
  };
  writeFileSync(completeFile, JSON.stringify(manifest, null, 2));
  console.log(
    `templates: built ${name} from ${UPSTREAM_DIR}: sqlite ${seconds(ms.sqlite!)}, postgres ${seconds(ms.postgres!)} (ingested at once, each release parsed once)`,
  );
  for (const result of sqliteResults)
    console.log(
      `  ${result.sourceKey.padEnd(26)} ${result.outcome.padEnd(12)} ${seconds(result.ms).padStart(7)} (parse ${seconds(parseMs[result.sourceKey] ?? 0)}) ${result.releases.map((r) => `${r.label} (${r.rowsStored} rows)`).join('; ')}`,
    );
  return manifest;
}

async function rowCounts(store: Store): Promise<Record<string, number>> {
  const tables = (await store.db.introspection.getTables())
    .map((t) => t.name)
    .filter((t) => !t.startsWith('kysely_'))
    .sort();
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(store.db);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

function templateKey(): string {
  const hash = createHash('sha256');
  const add = (file: string, shown: string) => hash.update(`${shown}\n`).update(readFileSync(file));
  const walk = (dir: string, shown: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full, `${shown}/${entry.name}`);
      else add(full, `${shown}/${entry.name}`);
    }
  };
  for (const relative of KEYED_PATHS) {
    const full = path.join(REPO_ROOT, relative);
    if (statSync(full).isDirectory()) walk(full, relative);
    else add(full, relative);
  }
  walk(UPSTREAM_DIR, 'upstream');
  // The mirror's path is in what the templates hold (a missing release's message names it), and
  // checkouts on one PostgreSQL server share its template databases by this key.
  hash.update(`mirror at ${UPSTREAM_DIR}\n`);
  return hash.digest('hex');
}

async function pgDatabaseExists(database: string): Promise<boolean> {
  return withPgAdmin(
    async (client) => (await client.query('select 1 from pg_database where datname = $1', [database])).rowCount === 1,
  );
}

async function dropTemplate(client: PgClient, database: string): Promise<void> {
  if ((await client.query('select 1 from pg_database where datname = $1', [database])).rowCount === 0) return;
  await client.query(`alter database ${database} with is_template false`);
  await client.query(`drop database ${database} with (force)`);
}

/** Copies older than a run can last, half-built templates of dead builds, and all but the few templates last used. */
async function dropStaleDatabases(): Promise<void> {
  const TEMPLATE = /^lmi_template_[0-9a-f]{16}$/;
  await withPgAdmin(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like 'lmi\\_copy\\_%' or datname like 'lmi\\_template\\_%'`,
    );
    const databases = rows.map((r) => r.datname);
    const drop = async (database: string | null, folders: string[]) => {
      try {
        if (database) await dropTemplate(client, database);
        for (const folder of folders) rmSync(path.join(TEMPLATES_DIR, folder), { recursive: true, force: true });
      } catch (error) {
        console.warn(
          `templates: could not drop ${database ?? folders.join(', ')}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    };
    for (const database of databases) {
      const copied = new RegExp(`^${COPY_PREFIX}(\\d+)_`).exec(database);
      if (copied && Date.now() - Number(copied[1]) * 1000 > STALE_COPY_MS) await drop(database, []);
      const building = /^(lmi_template_[0-9a-f]{16})_b(\d+)$/.exec(database);
      if (building && !processAlive(Number(building[2])))
        await drop(database, [`${building[1]}.building-${building[2]}`]);
    }
    const lastUsed = (template: string) => {
      const dir = path.join(TEMPLATES_DIR, template);
      return existsSync(dir) ? statSync(dir).mtimeMs : 0;
    };
    const others = [
      ...new Set([...databases, ...readdirSync(TEMPLATES_DIR)].filter((t) => TEMPLATE.test(t) && t !== name)),
    ].sort((a, b) => lastUsed(b) - lastUsed(a));
    for (const [rank, template] of others.entries()) {
      if (rank < KEEP_OTHER_TEMPLATES || Date.now() - lastUsed(template) < IN_USE_MS) continue;
      await drop(databases.includes(template) ? template : null, [template]);
    }
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
