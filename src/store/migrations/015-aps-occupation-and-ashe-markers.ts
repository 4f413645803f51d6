import type { Kysely } from 'kysely';

/**
 * APS people in employment by SOC 2020 unit group (Nomis NM_218_1, or a relay of its counts), one
 * release per Jan-Dec period; and the ONS marker that stood in an ASHE median's place (`x`, `..`,
 * `:`), so that quality says why a median is missing. Null marker: a row read before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('aps_occupation_periods')
    .addColumn('edition_id', 'text', (c) => c.primaryKey().references('editions.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('relayed_by', 'text')
    .execute();
  await db.schema
    .createTable('aps_occupation_counts')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('soc2020', 'text', (c) => c.notNull())
    .addColumn('sex', 'text', (c) => c.notNull())
    .addColumn('pattern', 'text', (c) => c.notNull())
    .addColumn('employment_type', 'text', (c) => c.notNull())
    .addColumn('people', 'integer')
    .addColumn('confidence', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('aps_occupation_counts_pk', [
      'edition_id',
      'area',
      'soc2020',
      'sex',
      'pattern',
      'employment_type',
    ])
    .execute();
  await db.schema.alterTable('ashe_pay').addColumn('median_marker', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ashe_pay').dropColumn('median_marker').execute();
  await db.schema.dropTable('aps_occupation_counts').execute();
  await db.schema.dropTable('aps_occupation_periods').execute();
}
