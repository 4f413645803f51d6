import { Type, type Static } from 'typebox';
import { MethodSchema, ProvenanceSchema, StringEnum } from './shared.js';

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
      description:
        "Its weight in the averages, percent: its share as one of the unit group's own twins (titleEvidence) plus its share of the crosswalk chain's closeness-weighted rest",
    }),
    chainWeightPercent: Type.Number({
      description:
        'The weight the crosswalk chain alone gives it (equal shares at each step), percent of the matched weight',
    }),
    closeness: Type.Number({
      description:
        "How closely its O*NET title matches the unit group's texts (TF-IDF cosine, plus a bonus for a coding-index title)",
    }),
    titleEvidence: Type.Number({
      minimum: 0,
      maximum: 1,
      description:
        "How surely the job-title search places its O*NET title on this unit group (1: a coding-index title of this unit group alone; a fuzzy match: the search's calibrated confidence); 0 when only the crosswalk chain reached it",
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
    derivation: Type.String({ description: 'What the figures are, in at most two plain sentences' }),
    method: MethodSchema,
    chain: Type.String({
      description:
        'The ISCO-08 crosswalk chain that fills in after the own twins, in words: its ISCO-08 groups and releases, the share of its weight that reached rated occupations, and what did not and why',
    }),
    attribution: Type.String({ description: 'Required wherever the profile is shown' }),
    provenance: ProvenanceSchema,
  },
  { title: 'WorkProfileResponse' },
);
export type WorkProfileResponse = Static<typeof WorkProfileResponseSchema>;
