import { Type, type Static } from 'typebox';
import { RELATED_OCCUPATIONS_LISTED, SKILL_RELATIONS } from '../domain/skills.js';
import { Nullable, MethodSchema, ProvenanceSchema, StringEnum } from './shared.js';

export const SKILLS_LIMIT = { minimum: 1, maximum: 200, default: 40 } as const;

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
    weight: Type.Number({
      description:
        "The occupation's share of the unit group's skills evidence (the weights of all related occupations sum to 1; an occupation named exactly like one of the unit group's titles weighs most)",
    }),
    closeness: Type.Number({
      description:
        'How closely the occupation matches the unit group, 0 to 1 (titles voting and text similarity; see derivation)',
    }),
  },
  { title: 'RelatedOccupation' },
);

const SharedSkillSchema = Type.Object(
  {
    skillTitle: Type.String(),
    type: StringEnum(['skill', 'knowledge'] as const),
    sharedBy: Type.Integer({ description: 'How many of the related occupations ESCO relates the skill to' }),
    essential: Type.Boolean({ description: 'True if at least one related occupation marks it essential' }),
    score: Type.Number({
      description:
        "The skill's weight in the unit group's profile (related occupations' weight × (1 essential, 0.1 optional), times its specificity across ESCO, squared), times 0.7 + 0.3 × the share of its label's words the unit group's own text uses, for the part of it that no occupation the group's titles name gives (docs/skills-and-moves.md); the order of the list",
    }),
  },
  { title: 'SharedSkill' },
);

export const SkillsResponseSchema = Type.Object(
  {
    soc2020: Type.String({ pattern: '^\\d{4}$' }),
    title: Type.String(),
    isco08: Type.String({ description: 'The main ISCO-08 group of the occupation (as in the profile)' }),
    relatedOccupationCount: Type.Integer({
      description:
        'The ESCO occupations the skills come from: those of the ISCO-08 groups the occupation maps to that are close enough to it to be kept, and those whose preferred label is one of its titles word for word',
    }),
    relatedOccupations: Type.Array(RelatedOccupationSchema, {
      maxItems: RELATED_OCCUPATIONS_LISTED,
      description: `Up to ${RELATED_OCCUPATIONS_LISTED}, the largest weight first`,
    }),
    skills: Type.Array(SharedSkillSchema, { description: 'Highest score first' }),
    derivation: Type.String({
      description:
        'What the skills are, in two sentences; must be passed on: these are related, not equivalent, occupations',
    }),
    method: MethodSchema,
    attribution: Type.String({ description: "ESCO's attribution: must be displayed wherever the skills are" }),
    provenance: ProvenanceSchema,
  },
  { title: 'SkillsResponse' },
);
export type SkillsResponse = Static<typeof SkillsResponseSchema>;
