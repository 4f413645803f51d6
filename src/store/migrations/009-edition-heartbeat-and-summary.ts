import type { Kysely } from 'kysely';

/**
 * Editions learn who is reading them and when that reader last showed signs of life (so that one
 * left in progress by a killed process can be told from one being read now), and keep a summary
 * of their figures (so that the next release of the source can be compared with them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('editions').addColumn('ingest_owner', 'text').execute();
  await db.schema.alterTable('editions').addColumn('heartbeat_at', 'text').execute();
  await db.schema.alterTable('editions').addColumn('summary', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('editions').dropColumn('summary').execute();
  await db.schema.alterTable('editions').dropColumn('heartbeat_at').execute();
  await db.schema.alterTable('editions').dropColumn('ingest_owner').execute();
}
