import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database, Db } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  db: Db;
  dialect: Dialect;
  /** Where the data lives, for logs: the SQLite file, or the PostgreSQL host and database. */
  location: string;
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
  return { db, dialect: 'sqlite', location: file, options, close: () => db.destroy() };
}

function openPostgres(options: StoreOptions, databaseUrl: string, schema?: string): Store {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client whose backend goes away (a server restart, a dropped database) emits 'error' on
  // the pool; unheard, that is an uncaught exception that ends the process. The pool has already
  // discarded the client, and the next query opens a new one, so there is nothing else to do.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const url = new URL(databaseUrl);
  return {
    db,
    dialect: 'postgres',
    options,
    location: `${url.hostname}:${url.port || 5432}${url.pathname}${schema ? ` (schema ${schema})` : ''}`,
    close: () => db.destroy(),
  };
}
