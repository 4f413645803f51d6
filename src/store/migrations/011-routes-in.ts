import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ncs_profiles')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('alternative_titles', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('routes_intro', 'text')
    .addColumn('routes_listed', 'text', (c) => c.notNull())
    .addColumn('routes', 'text', (c) => c.notNull())
    .addColumn('requirements', 'text', (c) => c.notNull())
    .addColumn('requirement_notes', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('soc2010', 'text')
    .addColumn('standards', 'text', (c) => c.notNull())
    .addColumn('retrieved_at', 'text')
    .addPrimaryKeyConstraint('ncs_profiles_pk', ['edition_id', 'slug'])
    .execute();
  await db.schema
    .createTable('ncs_live_slugs')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ncs_live_slugs_pk', ['edition_id', 'slug'])
    .execute();
  await db.schema
    .createTable('apprenticeship_standards')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('level', 'integer')
    .addColumn('status', 'text')
    .addColumn('route', 'text')
    .addColumn('typical_job_titles', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('duration_months', 'integer')
    .addColumn('version', 'text')
    .addColumn('lars_code', 'integer')
    .addColumn('max_funding', 'integer')
    .addColumn('approved_for_delivery', 'text')
    .addPrimaryKeyConstraint('apprenticeship_standards_pk', ['edition_id', 'code'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('apprenticeship_standards').execute();
  await db.schema.dropTable('ncs_live_slugs').execute();
  await db.schema.dropTable('ncs_profiles').execute();
}
