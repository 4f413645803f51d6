import type { Kysely } from 'kysely';

/**
 * Issue 34: what the NCS site said of a profile's own page (gone: a 404 or soft 404; moved: a
 * redirect to another profile's address), so that a profile leaves only when its page says so;
 * and Skills England's `careerStarter` flag of a standard (null where the release has none).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ncs_page_outcomes')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('moved_to', 'text')
    .addPrimaryKeyConstraint('ncs_page_outcomes_pk', ['edition_id', 'slug'])
    .execute();
  await db.schema.alterTable('apprenticeship_standards').addColumn('career_starter', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('apprenticeship_standards').dropColumn('career_starter').execute();
  await db.schema.dropTable('ncs_page_outcomes').execute();
}
