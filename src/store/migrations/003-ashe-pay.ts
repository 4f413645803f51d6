import type { Kysely } from 'kysely';

const FIGURES = [
  'jobs_thousands',
  'median',
  'median_change',
  'mean',
  'p10',
  'p20',
  'p25',
  'p30',
  'p40',
  'p60',
  'p70',
  'p75',
  'p80',
  'p90',
  'median_cv',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ashe_releases')
    .addColumn('edition_id', 'text', (c) => c.primaryKey().references('editions.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('provisional', 'integer', (c) => c.notNull())
    .execute();

  let table = db.schema
    .createTable('ashe_pay')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('soc', 'text', (c) => c.notNull())
    .addColumn('measure', 'text', (c) => c.notNull())
    .addColumn('sex', 'text', (c) => c.notNull())
    .addColumn('pattern', 'text', (c) => c.notNull());
  for (const figure of FIGURES) table = table.addColumn(figure, 'double precision');
  await table
    .addPrimaryKeyConstraint('ashe_pay_pk', ['edition_id', 'soc', 'measure', 'sex', 'pattern', 'area'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ashe_pay').execute();
  await db.schema.dropTable('ashe_releases').execute();
}
