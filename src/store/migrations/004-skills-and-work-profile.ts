import type { Kysely } from 'kysely';

/**
 * ESCO (occupations, skills, the relations between them) and the O*NET chain (US occupations,
 * their rating scores, the ISCO-08 <-> US SOC 2010 and O*NET-SOC 2010 crosswalks). Each table
 * belongs to one source; ESCO concepts are keyed by the id at the end of their URI. ESCO's
 * 124,000 occupation-skill relations are stored as one row per occupation (its essential and
 * optional skill ids as JSON arrays): 3,000 rows, read only per occupation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('esco_occupations')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('concept_id', 'text', (c) => c.notNull())
    .addColumn('uri', 'text', (c) => c.notNull())
    .addColumn('isco_group', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addPrimaryKeyConstraint('esco_occupations_pk', ['edition_id', 'concept_id'])
    .execute();
  await db.schema
    .createIndex('esco_occupations_isco')
    .on('esco_occupations')
    .columns(['edition_id', 'isco_group'])
    .execute();

  await db.schema
    .createTable('esco_skills')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('concept_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('skill_type', 'text')
    .addPrimaryKeyConstraint('esco_skills_pk', ['edition_id', 'concept_id'])
    .execute();

  await db.schema
    .createTable('esco_occupation_skills')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('occupation_id', 'text', (c) => c.notNull())
    .addColumn('essential_skill_ids', 'text', (c) => c.notNull())
    .addColumn('optional_skill_ids', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('esco_occupation_skills_pk', ['edition_id', 'occupation_id'])
    .execute();

  await db.schema
    .createTable('onet_occupations')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('onet_occupations_pk', ['edition_id', 'code'])
    .execute();

  await db.schema
    .createTable('onet_scores')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('element_id', 'text', (c) => c.notNull())
    .addColumn('element_name', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('onet_scores_pk', ['edition_id', 'code', 'element_id'])
    .execute();

  await db.schema
    .createTable('isco_us_soc_links')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('isco08', 'text', (c) => c.notNull())
    .addColumn('us_soc_2010', 'text', (c) => c.notNull())
    .addColumn('us_soc_title', 'text', (c) => c.notNull())
    .addColumn('partial', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('isco_us_soc_links_pk', ['edition_id', 'isco08', 'us_soc_2010'])
    .execute();

  await db.schema
    .createTable('onet_soc_2010_links')
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('onet_soc_2010', 'text', (c) => c.notNull())
    .addColumn('onet_title', 'text', (c) => c.notNull())
    .addColumn('us_soc_2010', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('onet_soc_2010_links_pk', ['edition_id', 'onet_soc_2010'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'onet_soc_2010_links',
    'isco_us_soc_links',
    'onet_scores',
    'onet_occupations',
    'esco_occupation_skills',
    'esco_skills',
    'esco_occupations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
