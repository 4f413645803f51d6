import type { Kysely } from 'kysely';

/** The tables the visa, occupations-in-demand and online job advert releases will be staged into once their parsers exist. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visa_quarters')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('quarter', 'text', (c) => c.notNull())
    .addColumn('provisional', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('visa_quarters_pk', ['edition_id', 'quarter'])
    .execute();
  await db.schema
    .createTable('visa_figures')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('soc2020', 'text', (c) => c.notNull())
    .addColumn('quarter', 'text', (c) => c.notNull())
    .addColumn('applications', 'integer', (c) => c.notNull())
    .addColumn('grants', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('visa_figures_pk', ['edition_id', 'soc2020', 'quarter'])
    .execute();
  await db.schema
    .createTable('visa_breakdowns')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('soc2020', 'text', (c) => c.notNull())
    .addColumn('quarter', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('grants', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('visa_breakdowns_pk', ['edition_id', 'soc2020', 'quarter', 'kind', 'name'])
    .execute();
  await db.schema
    .createTable('demand_assessments')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('soc2020', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('demand_index', 'double precision')
    .addColumn('uncertainty', 'text')
    .addColumn('imputation', 'text')
    .addColumn('capping', 'text')
    .addColumn('on_immigration_salary_list', 'integer')
    .addColumn('workers', 'integer')
    .addPrimaryKeyConstraint('demand_assessments_pk', ['edition_id', 'soc2020', 'year'])
    .execute();
  await db.schema
    .createTable('demand_indicators')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('soc2020', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('indicator', 'text', (c) => c.notNull())
    .addColumn('signal', 'text', (c) => c.notNull())
    .addColumn('measures', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('demand_indicators_pk', ['edition_id', 'soc2020', 'year', 'indicator'])
    .execute();
  await db.schema
    .createTable('job_advert_months')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('area_code', 'text', (c) => c.notNull())
    .addColumn('soc2020', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('adverts', 'integer')
    .addPrimaryKeyConstraint('job_advert_months_pk', ['edition_id', 'area_code', 'soc2020', 'month'])
    .execute();
  await db.schema
    .createTable('local_advert_quarters')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('area_code', 'text', (c) => c.notNull())
    .addColumn('row_key', 'text', (c) => c.notNull())
    .addColumn('quarter', 'text', (c) => c.notNull())
    .addColumn('adverts', 'integer')
    .addPrimaryKeyConstraint('local_advert_quarters_pk', ['edition_id', 'area_code', 'row_key', 'quarter'])
    .execute();
  await db.schema
    .createTable('job_advert_notices')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('heading', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_advert_notices_pk', ['edition_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'job_advert_notices',
    'local_advert_quarters',
    'job_advert_months',
    'demand_indicators',
    'demand_assessments',
    'visa_breakdowns',
    'visa_figures',
    'visa_quarters',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
