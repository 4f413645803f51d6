import type { Kysely } from 'kysely';

const SAMPLES = ['men_lfs', 'men_census', 'women_lfs', 'women_census'];

export async function up(db: Kysely<unknown>): Promise<void> {
  let bases = db.schema
    .createTable('soc2010_bases')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('soc2010', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull());
  for (const sample of SAMPLES) bases = bases.addColumn(sample, 'double precision');
  await bases.addPrimaryKeyConstraint('soc2010_bases_pk', ['edition_id', 'soc2010']).execute();

  let links = db.schema
    .createTable('soc_crosswalk_links')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('soc2010', 'text', (c) => c.notNull())
    .addColumn('soc2020', 'text', (c) => c.notNull())
    .addColumn('soc2020_title', 'text', (c) => c.notNull());
  for (const sample of SAMPLES) links = links.addColumn(sample, 'double precision');
  await links.addPrimaryKeyConstraint('soc_crosswalk_links_pk', ['edition_id', 'soc2010', 'soc2020']).execute();
  await db.schema
    .createIndex('soc_crosswalk_links_by_soc2020')
    .on('soc_crosswalk_links')
    .columns(['edition_id', 'soc2020'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('soc_crosswalk_links').execute();
  await db.schema.dropTable('soc2010_bases').execute();
}
