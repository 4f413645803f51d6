import type { Kysely } from 'kysely';

/**
 * Issue 50: Census 2021 people in employment by unit group, age band and sex (England and Wales,
 * March 2021), the release /workforce's age bands come from. `band` 0 is a row's total column;
 * `people` is null where ONS printed `[c]` (marker `withheld`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('census_age_bands')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('age_from', 'integer', (c) => c.notNull())
    .addColumn('age_to', 'integer')
    .addPrimaryKeyConstraint('census_age_bands_pk', ['edition_id', 'position'])
    .execute();
  await db.schema
    .createTable('census_age_cells')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('soc2020', 'text', (c) => c.notNull())
    .addColumn('sex', 'text', (c) => c.notNull())
    .addColumn('band', 'integer', (c) => c.notNull())
    .addColumn('people', 'integer')
    .addColumn('marker', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('census_age_cells_pk', ['edition_id', 'soc2020', 'sex', 'band'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('census_age_cells').execute();
  await db.schema.dropTable('census_age_bands').execute();
}
