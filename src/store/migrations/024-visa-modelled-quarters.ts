import type { Kysely } from 'kysely';

/**
 * Issue 50: the Home Office's notes say which quarters are modelled estimates converted from SOC
 * 2010 (Q1 2021 to Q3 2024 in the editions seen); each quarter records it, 0 where no note says so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('visa_quarters')
    .addColumn('modelled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visa_quarters').dropColumn('modelled').execute();
}
