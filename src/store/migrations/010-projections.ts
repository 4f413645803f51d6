import type { CreateTableBuilder, Kysely } from 'kysely';

/** The five figures of a group between the base and target years, thousands. */
function withFigures<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('employment_base', 'double precision', (c) => c.notNull())
    .addColumn('employment_target', 'double precision', (c) => c.notNull())
    .addColumn('net_change', 'double precision', (c) => c.notNull())
    .addColumn('replacement_demand', 'double precision', (c) => c.notNull())
    .addColumn('total_requirement', 'double precision', (c) => c.notNull());
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('projection_workbooks')
    .addColumn('edition_id', 'text', (c) => c.primaryKey().references('editions.id'))
    .addColumn('area_name', 'text', (c) => c.notNull())
    .addColumn('classification', 'text', (c) => c.notNull())
    .addColumn('base_year', 'integer', (c) => c.notNull())
    .addColumn('target_year', 'integer', (c) => c.notNull())
    .addColumn('database_created', 'text')
    .addColumn('copyright', 'text', (c) => c.notNull())
    .addColumn('reporting', 'text', (c) => c.notNull())
    .addColumn('publish_threshold', 'integer', (c) => c.notNull())
    .execute();
  await withFigures(
    db.schema
      .createTable('projection_groups')
      .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
      /** two-digit sub-major group or `all` */
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('projection_groups_pk', ['edition_id', 'code'])
    .execute();
  await db.schema
    .createTable('projection_series')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('employment', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('projection_series_pk', ['edition_id', 'code', 'year'])
    .execute();
  await withFigures(
    db.schema
      .createTable('projection_qualifications')
      .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('qualification', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('projection_qualifications_pk', ['edition_id', 'code', 'qualification'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['projection_qualifications', 'projection_series', 'projection_groups', 'projection_workbooks'])
    await db.schema.dropTable(table).execute();
}
