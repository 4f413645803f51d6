import { Type, type Static } from 'typebox';
import { ProvenanceSchema, StringEnum } from './shared.js';

const InterestSchema = Type.Object(
  {
    type: StringEnum(['Realistic', 'Investigative', 'Artistic', 'Social', 'Enterprising', 'Conventional'] as const),
    letter: Type.String(),
    score: Type.Number({
      minimum: 1,
      maximum: 7,
      description: 'Weighted average of O*NET occupational interest ratings, 1 to 7',
    }),
    meaning: Type.String({ description: "O*NET's description of the interest type" }),
  },
  { title: 'Interest' },
);

const AbilitySchema = Type.Object(
  {
    ability: Type.String(),
    importance: Type.Number({
      minimum: 1,
      maximum: 5,
      description: 'Weighted average of O*NET importance ratings, 1 to 5',
    }),
  },
  { title: 'Ability' },
);

const MatchedUsOccupationSchema = Type.Object(
  {
    code: Type.String({ description: 'O*NET-SOC 2019 code' }),
    title: Type.String(),
    weightPercent: Type.Number({
      description: 'Its weight in the averages, percent: chain weight × (closeness / largest closeness)³, rescaled',
    }),
    chainWeightPercent: Type.Number({
      description:
        'The weight the crosswalk chain alone gives it (equal shares at each step), percent of the matched weight',
    }),
    closeness: Type.Number({
      description:
        "How closely its O*NET title matches the unit group's texts (TF-IDF cosine, plus a bonus for a coding-index title)",
    }),
  },
  { title: 'MatchedUsOccupation' },
);

export const WorkProfileResponseSchema = Type.Object(
  {
    soc2020: Type.String({ pattern: '^\\d{4}$' }),
    title: Type.String(),
    hollandCode: Type.String({ description: 'Letters of the three highest interest types, highest first' }),
    interests: Type.Array(InterestSchema, { description: 'All six, highest first' }),
    abilities: Type.Array(AbilitySchema, {
      description: 'Most important first; empty while no abilities release is available (derivation says so)',
    }),
    basedOn: Type.Array(MatchedUsOccupationSchema, {
      description: 'The matched US occupations that are averaged, largest weight first',
    }),
    derivation: Type.String(),
    attribution: Type.String({ description: 'Required wherever the profile is shown' }),
    provenance: ProvenanceSchema,
  },
  { title: 'WorkProfileResponse' },
);
export type WorkProfileResponse = Static<typeof WorkProfileResponseSchema>;
