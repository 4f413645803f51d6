/** ESCO occupations, skills and the relations between them. */

/** One row of ESCO's `occupations_en.csv`. */
export interface EscoOccupation {
  /** The id at the end of the concept URI. */
  conceptId: string;
  uri: string;
  /** Four-digit ISCO-08 unit group the occupation belongs to. */
  iscoGroup: string;
  title: string;
  description: string | null;
  modifiedDate: string | null;
}

/** ESCO's `skillType` values: a skill or competence, or knowledge. */
export type EscoSkillType = 'skill/competence' | 'knowledge';

/** One row of ESCO's `skills_en.csv`. */
export interface EscoSkill {
  conceptId: string;
  title: string;
  /** Null where ESCO gives no type (a handful of digital-competence concepts in v1.1.1). */
  skillType: EscoSkillType | null;
  modifiedDate: string | null;
}

/** One row of ESCO's `occupationSkillRelations.csv`: an occupation needs a skill, essentially or optionally. */
export interface EscoOccupationSkill {
  occupationId: string;
  skillId: string;
  essential: boolean;
}
