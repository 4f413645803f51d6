import type { Kysely } from 'kysely';

/**
 * What reading the publishers themselves needs to remember between runs: each address's validators
 * and the release it gave (conditional GET, no download when nothing changed), the releases found
 * but not read (detect-only sources, superseded ones), each source's schedule of checks, and the
 * lease that keeps one ingest at a time on SQLite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upstream_fetches')
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('file_sha256', 'text')
    .addColumn('release_sha256', 'text')
    .addColumn('fingerprint', 'text')
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('upstream_fetches_pk', ['source_key', 'url'])
    .execute();
  await db.schema
    .createTable('found_releases')
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('series_key', 'text')
    .addColumn('released_at', 'text')
    .addColumn('page_url', 'text', (c) => c.notNull())
    .addColumn('first_found_at', 'text', (c) => c.notNull())
    .addColumn('last_found_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('found_releases_pk', ['source_key', 'url'])
    .execute();
  await db.schema
    .createTable('source_checks')
    .addColumn('source_key', 'text', (c) => c.primaryKey())
    .addColumn('last_checked_at', 'text', (c) => c.notNull())
    .addColumn('next_check_at', 'text')
    .addColumn('last_outcome', 'text', (c) => c.notNull())
    .addColumn('last_message', 'text')
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull())
    .addColumn('upstream', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ingest_lease')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ingest_lease', 'source_checks', 'found_releases', 'upstream_fetches'])
    await db.schema.dropTable(table).execute();
}
