import type { EscoOccupation, EscoOccupationSkill, EscoSkill } from '../domain/skills.js';
import { insertInBatches } from './batch.js';
import type { DbOrTx } from './schema.js';

export async function insertEscoOccupations(
  db: DbOrTx,
  editionId: string,
  occupations: EscoOccupation[],
): Promise<number> {
  return insertInBatches(
    db,
    'esco_occupations',
    occupations.map((o) => ({
      edition_id: editionId,
      concept_id: o.conceptId,
      uri: o.uri,
      isco_group: o.iscoGroup,
      title: o.title,
      description: o.description,
      alt_labels: o.altLabels.join('\n'),
    })),
  );
}

export async function insertEscoSkills(db: DbOrTx, editionId: string, skills: EscoSkill[]): Promise<number> {
  return insertInBatches(
    db,
    'esco_skills',
    skills.map((s) => ({ edition_id: editionId, concept_id: s.conceptId, title: s.title, skill_type: s.skillType })),
  );
}

/** Relations grouped by occupation: one row each, its essential and optional skills as JSON arrays of ids. */
export async function insertEscoOccupationSkills(
  db: DbOrTx,
  editionId: string,
  relations: EscoOccupationSkill[],
): Promise<number> {
  const byOccupation = new Map<string, { essential: string[]; optional: string[] }>();
  for (const r of relations) {
    const entry = byOccupation.get(r.occupationId) ?? { essential: [], optional: [] };
    (r.essential ? entry.essential : entry.optional).push(r.skillId);
    byOccupation.set(r.occupationId, entry);
  }
  await insertInBatches(
    db,
    'esco_occupation_skills',
    [...byOccupation].map(([occupationId, skills]) => ({
      edition_id: editionId,
      occupation_id: occupationId,
      essential_skill_ids: JSON.stringify(skills.essential),
      optional_skill_ids: JSON.stringify(skills.optional),
    })),
  );
  return relations.length;
}

export interface StoredEscoOccupation {
  conceptId: string;
  uri: string;
  iscoGroup: string;
  title: string;
  description: string | null;
}

/** A skill with how many of a set of occupations are related to it. */
interface SharedSkill {
  skillId: string;
  title: string;
  skillType: string | null;
  /** Occupations of the set with the relation (of the kind asked for). */
  sharedBy: number;
  /** Of those, how many mark it essential. */
  essentialFor: number;
}

/**
 * The skills related to any of the occupations, with counts, from one relations edition and one
 * skills edition. `essential`: only essential (true) or only optional (false) relations count.
 * A relation to a skill missing from the skills edition is left out.
 */
export async function skillsSharedByOccupations(
  db: DbOrTx,
  editions: { relations: string; skills: string },
  occupationIds: string[],
  essential: boolean | null,
): Promise<SharedSkill[]> {
  if (occupationIds.length === 0) return [];
  const rows = await db
    .selectFrom('esco_occupation_skills')
    .select(['essential_skill_ids', 'optional_skill_ids'])
    .where('edition_id', '=', editions.relations)
    .where('occupation_id', 'in', occupationIds)
    .orderBy('occupation_id')
    .execute();
  const counts = new Map<string, { sharedBy: number; essentialFor: number }>();
  const count = (ids: string, isEssential: boolean) => {
    for (const id of JSON.parse(ids) as string[]) {
      const entry = counts.get(id) ?? { sharedBy: 0, essentialFor: 0 };
      entry.sharedBy += 1;
      if (isEssential) entry.essentialFor += 1;
      counts.set(id, entry);
    }
  };
  for (const row of rows) {
    if (essential !== false) count(row.essential_skill_ids, true);
    if (essential !== true) count(row.optional_skill_ids, false);
  }
  const skills: SharedSkill[] = [];
  const ids = [...counts.keys()];
  // Chunks keep the IN list within both dialects' bound-parameter limits.
  for (let i = 0; i < ids.length; i += 5000) {
    const found = await db
      .selectFrom('esco_skills')
      .select(['concept_id', 'title', 'skill_type'])
      .where('edition_id', '=', editions.skills)
      .where('concept_id', 'in', ids.slice(i, i + 5000))
      .orderBy('concept_id')
      .execute();
    for (const s of found)
      skills.push({ skillId: s.concept_id, title: s.title, skillType: s.skill_type, ...counts.get(s.concept_id)! });
  }
  return skills;
}

/** Every occupation of the edition with its alternative labels: the candidates the skills join weighs by closeness. */
export async function escoOccupationsWithLabels(
  db: DbOrTx,
  editionId: string,
): Promise<Array<StoredEscoOccupation & { altLabels: string[] }>> {
  const rows = await db
    .selectFrom('esco_occupations')
    .select(['concept_id', 'uri', 'isco_group', 'title', 'description', 'alt_labels'])
    .where('edition_id', '=', editionId)
    .orderBy('concept_id')
    .execute();
  return rows.map((r) => ({
    conceptId: r.concept_id,
    uri: r.uri,
    iscoGroup: r.isco_group,
    title: r.title,
    description: r.description,
    altLabels: r.alt_labels.split('\n').filter((label) => label !== ''),
  }));
}

/** Every occupation's essential and optional skill ids in a relations edition. */
export async function escoSkillsByOccupation(
  db: DbOrTx,
  relationsEditionId: string,
): Promise<Map<string, { essential: string[]; optional: string[] }>> {
  const rows = await db
    .selectFrom('esco_occupation_skills')
    .select(['occupation_id', 'essential_skill_ids', 'optional_skill_ids'])
    .where('edition_id', '=', relationsEditionId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.occupation_id,
      {
        essential: JSON.parse(r.essential_skill_ids) as string[],
        optional: JSON.parse(r.optional_skill_ids) as string[],
      },
    ]),
  );
}

/** The skills of an edition that ESCO gives a type, ordered by concept id: the catalogue the skills model indexes. */
export async function escoSkillTitles(
  db: DbOrTx,
  editionId: string,
): Promise<Array<{ conceptId: string; title: string; skillType: string }>> {
  const rows = await db
    .selectFrom('esco_skills')
    .select(['concept_id', 'title', 'skill_type'])
    .where('edition_id', '=', editionId)
    .where('skill_type', 'is not', null)
    .orderBy('concept_id')
    .execute();
  return rows.map((r) => ({ conceptId: r.concept_id, title: r.title, skillType: r.skill_type! }));
}
