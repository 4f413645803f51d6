import type { Kysely } from 'kysely';

/**
 * Issue 46: the institute's full API answers (January 2023) give a standard's overview, pathway,
 * entry requirements, regulator, professional recognition, degree and qualifications: kept as one
 * JSON column, null where the release has none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('apprenticeship_standards').addColumn('detail', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('apprenticeship_standards').dropColumn('detail').execute();
}
