import type { Kysely } from 'kysely';

/**
 * The job advert tables are read by occupation across every area (the local areas of an
 * occupation: one of 1.6 million rows per release) and by period (the latest one): indexes so that
 * neither reads the whole release.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('local_advert_quarters_by_row_key')
    .on('local_advert_quarters')
    .columns(['edition_id', 'row_key'])
    .execute();
  await db.schema
    .createIndex('local_advert_quarters_by_quarter')
    .on('local_advert_quarters')
    .columns(['edition_id', 'quarter'])
    .execute();
  await db.schema
    .createIndex('job_advert_months_by_month')
    .on('job_advert_months')
    .columns(['edition_id', 'month'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('job_advert_months_by_month').execute();
  await db.schema.dropIndex('local_advert_quarters_by_quarter').execute();
  await db.schema.dropIndex('local_advert_quarters_by_row_key').execute();
}
