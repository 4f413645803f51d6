import { Type, type Static } from 'typebox';
import { RELATED_OCCUPATIONS_LISTED, SKILL_RELATIONS } from '../domain/skills.js';
import { Nullable, ProvenanceSchema, StringEnum } from './shared.js';

const SKILLS_LIMIT = { minimum: 1, maximum: 200, default: 40 } as const;

export const SkillsQuerySchema = Type.Object(
  {
    relation: Type.Optional(
      StringEnum(SKILL_RELATIONS, { description: 'Count only essential or only optional relations; omit for both' }),
    ),
    limit: Type.Integer({
      ...SKILLS_LIMIT,
      description: `How many skills, ${SKILLS_LIMIT.minimum} to ${SKILLS_LIMIT.maximum}`,
    }),
  },
  { additionalProperties: false },
);

const RelatedOccupationSchema = Type.Object(
  {
    title: Type.String(),
    description: Nullable(Type.String()),
    uri: Type.String({ description: 'The ESCO concept URI' }),
  },
  { title: 'RelatedOccupation' },
);

const SharedSkillSchema = Type.Object(
  {
    skillTitle: Type.String(),
    type: StringEnum(['skill', 'knowledge'] as const),
    sharedBy: Type.Integer({ description: 'How many of the related occupations ESCO relates the skill to' }),
    essential: Type.Boolean({ description: 'True if at least one related occupation marks it essential' }),
  },
  { title: 'SharedSkill' },
);

export const SkillsResponseSchema = Type.Object(
  {
    soc2020: Type.String({ pattern: '^\\d{4}$' }),
    title: Type.String(),
    isco08: Type.String({ description: 'The main ISCO-08 group of the occupation (as in the profile)' }),
    relatedOccupationCount: Type.Integer({
      description: 'All ESCO occupations in the ISCO-08 groups the occupation maps to',
    }),
    relatedOccupations: Type.Array(RelatedOccupationSchema, {
      maxItems: RELATED_OCCUPATIONS_LISTED,
      description: `Up to ${RELATED_OCCUPATIONS_LISTED}, main ISCO-08 group first`,
    }),
    skills: Type.Array(SharedSkillSchema, { description: 'Most widely shared first' }),
    derivation: Type.String({ description: 'Must be passed on: these are related, not equivalent, occupations' }),
    provenance: ProvenanceSchema,
  },
  { title: 'SkillsResponse' },
);
export type SkillsResponse = Static<typeof SkillsResponseSchema>;
