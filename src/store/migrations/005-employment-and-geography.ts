import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('aps_years')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('aps_years_pk', ['edition_id', 'year'])
    .execute();
  await db.schema
    .createTable('aps_industries')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('aps_industries_pk', ['edition_id', 'section'])
    .execute();
  await db.schema
    .createTable('aps_employment_cells')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('soc2020', 'text', (c) => c.notNull())
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('people', 'integer')
    .addColumn('marker', 'text', (c) => c.notNull())
    .addColumn('small_sample', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('aps_employment_cells_pk', ['edition_id', 'soc2020', 'year', 'section'])
    .execute();

  await db.schema
    .createTable('geography_areas')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    /** `district`, `region`, `nation` or `uk` */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('region_code', 'text')
    .addColumn('region_name', 'text')
    .addPrimaryKeyConstraint('geography_areas_pk', ['edition_id', 'code'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['geography_areas', 'aps_employment_cells', 'aps_industries', 'aps_years'])
    await db.schema.dropTable(table).execute();
}
