import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sources')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('publisher', 'text', (c) => c.notNull())
    .addColumn('licence', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('cadence', 'text')
    .addColumn('tier', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('editions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source_key', 'text', (c) => c.notNull().references('sources.key'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('series_key', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('detected_at', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .addColumn('source_uri', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('checks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('rows_stored', 'integer')
    .execute();
  await db.schema.createIndex('editions_source_status').on('editions').columns(['source_key', 'status']).execute();
  await db.schema.createIndex('editions_source_sha').on('editions').columns(['source_key', 'sha256']).execute();
  // At most one published edition per series of a source: the database itself guards atomic publish.
  await sql`create unique index editions_one_current on editions (source_key, coalesce(series_key, '')) where status = 'published'`.execute(
    db,
  );

  await db.schema
    .createTable('ingest_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source_key', 'text', (c) => c.notNull().references('sources.key'))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('outcome', 'text')
    .addColumn('message', 'text')
    .execute();
  await db.schema.createIndex('ingest_runs_source').on('ingest_runs').columns(['source_key', 'started_at']).execute();

  await db.schema
    .createTable('soc_groups')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('parent_code', 'text')
    .addPrimaryKeyConstraint('soc_groups_pk', ['edition_id', 'code'])
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('prefix', 'text', (c) => c.notNull().unique())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email_hmac', 'text')
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('requests_per_minute', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_email').on('api_keys').column('email_hmac').execute();

  await db.schema
    .createTable('key_requests')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('email_hmac', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('issued_key_id', 'text', (c) => c.references('api_keys.id'))
    .execute();
  await db.schema.createIndex('key_requests_email').on('key_requests').columns(['email_hmac', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['key_requests', 'api_keys', 'soc_groups', 'ingest_runs', 'editions', 'sources']) {
    await db.schema.dropTable(table).execute();
  }
}
