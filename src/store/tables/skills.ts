/** ESCO occupations, skills and their relations. */
export interface SkillsTables {
  esco_occupations: EscoOccupationsTable;
  esco_skills: EscoSkillsTable;
  esco_occupation_skills: EscoOccupationSkillsTable;
}

/** An ESCO occupation; `concept_id` is the last segment of its URI. */
export interface EscoOccupationsTable {
  edition_id: string;
  concept_id: string;
  uri: string;
  /** Four-digit ISCO-08 unit group. */
  isco_group: string;
  title: string;
  description: string | null;
  /** ESCO's alternative labels, one a line (added by migration 013; '' when none). */
  alt_labels: string;
}

export interface EscoSkillsTable {
  edition_id: string;
  concept_id: string;
  title: string;
  /** `skill/competence` or `knowledge` as ESCO writes it; null where ESCO gives none. */
  skill_type: string | null;
}

/** The skills ESCO relates to one occupation, by concept ids: JSON arrays of strings. */
export interface EscoOccupationSkillsTable {
  edition_id: string;
  occupation_id: string;
  essential_skill_ids: string;
  optional_skill_ids: string;
}
