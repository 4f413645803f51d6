import type { Kysely } from 'kysely';

/**
 * What the NCS profiles say beyond their text, as evidence for placing them (issue 27): the 2020
 * export's day-to-day tasks and O*NET-SOC code, and the apprenticeships a 2026 page names. Rows of
 * releases ingested before this keep the defaults (no tasks, no code, none named) until the source
 * is ingested again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ncs_profiles')
    .addColumn('tasks', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('ncs_profiles').addColumn('onet_soc_2010', 'text').execute();
  await db.schema
    .alterTable('ncs_profiles')
    .addColumn('apprenticeships_named', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ncs_profiles').dropColumn('apprenticeships_named').execute();
  await db.schema.alterTable('ncs_profiles').dropColumn('onet_soc_2010').execute();
  await db.schema.alterTable('ncs_profiles').dropColumn('tasks').execute();
}
