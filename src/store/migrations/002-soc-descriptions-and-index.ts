import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('soc_descriptions')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('entry_routes', 'text')
    .addColumn('tasks', 'text', (c) => c.notNull())
    .addColumn('related_titles', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('soc_descriptions_pk', ['edition_id', 'code'])
    .execute();

  await db.schema
    .createTable('coding_index_entries')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('record_number', 'integer', (c) => c.notNull())
    .addColumn('unique_id', 'text', (c) => c.notNull())
    .addColumn('default_flag', 'text')
    .addColumn('soc2020', 'text')
    .addColumn('soc2020_ext', 'text')
    .addColumn('indexed_title', 'text', (c) => c.notNull())
    .addColumn('natural_title', 'text', (c) => c.notNull())
    .addColumn('add_qualifier', 'text')
    .addColumn('ind_qualifier', 'text')
    .addColumn('qualifier', 'text')
    .addColumn('see', 'text')
    .addColumn('isco08', 'text')
    .addPrimaryKeyConstraint('coding_index_entries_pk', ['edition_id', 'record_number'])
    .execute();
  await db.schema
    .createIndex('coding_index_entries_soc')
    .on('coding_index_entries')
    .columns(['edition_id', 'soc2020'])
    .execute();

  await db.schema
    .createTable('coding_index_abbreviations')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('abbreviation', 'text', (c) => c.notNull())
    .addColumn('meaning', 'text', (c) => c.notNull())
    .addColumn('frequent', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('coding_index_abbreviations_pk', ['edition_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['coding_index_abbreviations', 'coding_index_entries', 'soc_descriptions']) {
    await db.schema.dropTable(table).execute();
  }
}
