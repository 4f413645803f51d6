/** ESCO occupations, skills and the relations between them. */

/** How ESCO relates a skill to an occupation. */
export const SKILL_RELATIONS = ['essential', 'optional'] as const;
export type SkillRelation = (typeof SKILL_RELATIONS)[number];

/** How many related ESCO occupations a skills response lists (all are counted). */
export const RELATED_OCCUPATIONS_LISTED = 25;

/** One row of ESCO's `occupations_en.csv`. */
export interface EscoOccupation {
  /** The id at the end of the concept URI. */
  conceptId: string;
  uri: string;
  /** Four-digit ISCO-08 unit group the occupation belongs to. */
  iscoGroup: string;
  title: string;
  /** ESCO's alternative labels (`altLabels`, one a line): other names people use for the occupation. */
  altLabels: string[];
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
