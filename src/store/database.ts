import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { StoreHealth } from './faults.js';
import type { Database, Db } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  db: Db;
  dialect: Dialect;
  /** Where the data lives, for logs: the SQLite file, or the PostgreSQL host and database. */
  location: string;
  /** What the store has learnt of its own health (corruption), for readiness and the error answers. */
  health: StoreHealth;
  /** What opened it: a worker thread opens its own connection to the same database with these. */
  options: StoreOptions;
  close(): Promise<void>;
}

export interface StoreOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** PostgreSQL schema to use (it must exist); tests use one per run so runs never collide. */
  pgSchema?: string;
  /** SQLite file name inside dataDir. */
  sqliteFile?: string;
}

/** Whether the database answers a trivial query (readiness). */
export async function databaseAnswers(db: Db): Promise<boolean> {
  return sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
}

export function openStore(options: StoreOptions): Store {
  return options.databaseUrl ? openPostgres(options, options.databaseUrl, options.pgSchema) : openSqlite(options);
}

function openSqlite(options: StoreOptions): Store {
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, options.sqliteFile ?? 'lmi.sqlite');
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', location: file, health: new StoreHealth(), options, close: () => db.destroy() };
}

function openPostgres(options: StoreOptions, databaseUrl: string, schema?: string): Store {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A client whose backend goes away (a failover, a restart, pg_terminate_backend) emits 'error';
  // unheard, that is an uncaught exception that ends the process. The pool hears its idle clients
  // only, so every client gets its own listener too: a checked-out client's query fails with the
  // same error (answered 503, src/http/errors.ts), the pool discards the client, and the next
  // query opens a new connection, so there is nothing else to do.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const url = new URL(databaseUrl);
  return {
    db,
    dialect: 'postgres',
    options,
    location: `${url.hostname}:${url.port || 5432}${url.pathname}${schema ? ` (schema ${schema})` : ''}`,
    health: new StoreHealth(),
    close: () => db.destroy(),
  };
}

/**
 * SQLite's `quick_check` of the embedded file (every page and index entry well formed; not the
 * full `integrity_check`'s cross-check of indexes against rows): null when it passes, else its
 * first finding. PostgreSQL checks its own pages. Run at start, before the process serves.
 */
export async function integrityProblem(store: Store): Promise<string | null> {
  if (store.dialect !== 'sqlite') return null;
  try {
    const { rows } = await sql<{ quick_check: string }>`pragma quick_check(1)`.execute(store.db);
    const finding = rows[0]?.quick_check ?? 'no answer';
    return finding === 'ok' ? null : finding;
  } catch (error) {
    return (error as Error).message;
  }
}
