import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ess_vacancies')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    /** four-digit SOC 2010 code, `not-codeable` or `total` */
    .addColumn('row_key', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('employers_reporting', 'integer')
    .addColumn('vacancies', 'double precision')
    .addColumn('hard_to_fill', 'double precision')
    .addColumn('skill_shortage', 'double precision')
    .addColumn('hard_to_fill_percent', 'double precision')
    .addColumn('skill_shortage_percent', 'double precision')
    .addPrimaryKeyConstraint('ess_vacancies_pk', ['edition_id', 'row_key', 'year'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ess_vacancies').execute();
}
