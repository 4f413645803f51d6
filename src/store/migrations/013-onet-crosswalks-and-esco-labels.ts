import type { Kysely } from 'kysely';

/**
 * O*NET's taxonomy crosswalks: O*NET-SOC 2010 to O*NET-SOC 2019 (many-to-many), and O*NET-SOC
 * 2019 to 2018 SOC; and ESCO's alternative occupation labels, which the job-title search indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('esco_occupations')
    .addColumn('alt_labels', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('onet_soc_2019_links')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('onet_soc_2010', 'text', (c) => c.notNull())
    .addColumn('onet_soc_2019', 'text', (c) => c.notNull())
    .addColumn('onet_2019_title', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('onet_soc_2019_links_pk', ['edition_id', 'onet_soc_2010', 'onet_soc_2019'])
    .execute();
  await db.schema
    .createTable('onet_soc_2018_links')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('onet_soc_2019', 'text', (c) => c.notNull())
    .addColumn('onet_title', 'text', (c) => c.notNull())
    .addColumn('us_soc_2018', 'text', (c) => c.notNull())
    .addColumn('us_soc_2018_title', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('onet_soc_2018_links_pk', ['edition_id', 'onet_soc_2019'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('onet_soc_2018_links').execute();
  await db.schema.dropTable('onet_soc_2019_links').execute();
  await db.schema.alterTable('esco_occupations').dropColumn('alt_labels').execute();
}
