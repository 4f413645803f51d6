import { Type, type Static } from 'typebox';
import { PROJECTION_AREA_SLUGS } from '../domain/projections.js';
import { AreaSummarySchema, Nullable, MethodSchema, ProvenanceSchema, StringEnum } from './shared.js';

const MOVES_LIMIT = { minimum: 1, maximum: 50, default: 10 } as const;
const MIN_PAY_CHANGE = { minimum: -100, maximum: 1000 } as const;

const areaParam = StringEnum(PROJECTION_AREA_SLUGS, {
  default: 'uk',
  description:
    'The area of the outlook, as /v1/occupations/{soc}/projections takes it: uk (default, Working Futures 2017-2027 on SOC 2010), england (2020-2035 on SOC 2020); other areas give every outlook null with the reason',
});

export const MovesQuerySchema = Type.Object(
  {
    limit: Type.Integer({
      ...MOVES_LIMIT,
      description: `How many moves, ${MOVES_LIMIT.minimum} to ${MOVES_LIMIT.maximum} (default ${MOVES_LIMIT.default})`,
    }),
    minPayChange: Type.Optional(
      Type.Number({
        ...MIN_PAY_CHANGE,
        description: `Only moves whose median gross annual pay is at least this many percent above the occupation's (${MIN_PAY_CHANGE.minimum} to ${MIN_PAY_CHANGE.maximum}; negative allows a cut); moves with no presentable pay difference are then left out`,
      }),
    ),
    area: areaParam,
  },
  { additionalProperties: false },
);
export type MovesQuery = Static<typeof MovesQuerySchema>;

export const CompareParamsSchema = Type.Object({
  soc: Type.String({ description: 'Four-digit SOC 2020 unit group code: the occupation moved from' }),
  other: Type.String({ description: 'Four-digit SOC 2020 unit group code: the occupation moved to' }),
});

export const CompareQuerySchema = Type.Object({ area: areaParam }, { additionalProperties: false });
export type CompareQuery = Static<typeof CompareQuerySchema>;

const Share = (description: string) => Type.Number({ minimum: 0, maximum: 1, description });

const MoveSkillSchema = Type.Object(
  {
    skillTitle: Type.String(),
    type: StringEnum(['skill', 'knowledge'] as const),
    specificity: Share(
      'ln(N / ESCO occupations holding the skill) / ln(N), N the ESCO occupations with skills: 1 for a skill of one occupation, near 0 for one most occupations hold',
    ),
    heldInTarget: Share(
      "Weighted share of the target's related ESCO occupations holding the skill (essential counts 1, optional 0.25), as in its /skills profile",
    ),
    heldInSource: Share('The same for the occupation moved from'),
  },
  { title: 'MoveSkill' },
);

export const MoveSkillsSchema = Type.Object(
  {
    closeness: Share(
      "Share of the target's skill weight (its /skills profile: specificity x how widely its ESCO occupations hold each skill) the occupation moved from already has",
    ),
    distinguishable: Type.Boolean({
      description:
        'False when ESCO describes both occupations largely with the same ESCO occupations (sharedEvidence at least 0.5): then ESCO cannot tell what one needs that the other lacks, and an empty toLearn does not mean there is nothing to learn',
    }),
    sharedEvidence: Share(
      'The share of their ESCO evidence the two occupations have in common: the sum over ESCO occupations of the smaller of their two weights',
    ),
    basis: Type.String({ description: 'How the closeness was computed for this pair, in words' }),
    sharedCount: Type.Integer({
      description: "The target's core skills the source holds at least half as widely as the target",
    }),
    toLearnCount: Type.Integer({ description: "The target's other core skills" }),
    shared: Type.Array(MoveSkillSchema, { description: 'Most specific first (a few)' }),
    toLearn: Type.Array(MoveSkillSchema, { description: 'Most specific first (a few)' }),
  },
  { title: 'MoveSkills' },
);
export type MoveSkills = Static<typeof MoveSkillsSchema>;

export const MovePayFigureSchema = Type.Object(
  {
    year: Type.Integer({ description: 'ASHE reference year' }),
    median: Nullable(Type.Number({ description: 'Median gross annual pay, £, all employee jobs, UK' })),
    quality: Type.String({ description: "ONS band of the median's coefficient of variation" }),
    presentable: Type.Boolean(),
    provenance: ProvenanceSchema,
  },
  { title: 'MovePayFigure' },
);
export type MovePayFigure = Static<typeof MovePayFigureSchema>;

export const MovePaySchema = Type.Object(
  {
    from: Nullable(MovePayFigureSchema),
    to: Nullable(MovePayFigureSchema),
    differencePounds: Nullable(
      Type.Number({ description: 'To less from, £ a year; null unless both medians are presentable, same year' }),
    ),
    differencePercent: Nullable(Type.Number({ description: 'The difference as a percent of from, one decimal place' })),
    reason: Nullable(Type.String({ description: 'Why there is no difference, when there is none' })),
  },
  { title: 'MovePay' },
);
export type MovePay = Static<typeof MovePaySchema>;

export const MoveOutlookSchema = Type.Object(
  {
    group: Nullable(Type.Object({ code: Type.String(), title: Type.String() })),
    direction: Nullable(StringEnum(['growing', 'declining', 'little change'] as const)),
    netChange: Nullable(Type.Integer({ description: 'Jobs, nearest 1,000; null when not presentable' })),
    netChangePercent: Nullable(Type.Number()),
    presentable: Type.Boolean(),
    derivation: Nullable(Type.String()),
    reason: Nullable(Type.String({ description: 'Why there is no projection, when there is none' })),
    provenance: Nullable(ProvenanceSchema),
  },
  { title: 'MoveOutlook', description: "The projection of the occupation's sub-major group for the area" },
);
export type MoveOutlook = Static<typeof MoveOutlookSchema>;

export const MoveVacanciesSchema = Type.Object(
  {
    year: Nullable(Type.Integer({ description: 'Survey year' })),
    hardToFillPercent: Nullable(Type.Number({ description: 'Hard-to-fill vacancies as a percent of vacancies' })),
    presentable: Type.Boolean(),
    derivation: Nullable(Type.String()),
    reason: Nullable(Type.String()),
    provenance: Nullable(ProvenanceSchema),
  },
  { title: 'MoveVacancies', description: 'Employer Skills Survey (UK), SOC 2010 carried over' },
);
export type MoveVacancies = Static<typeof MoveVacanciesSchema>;

const CountSchema = Type.Object({
  count: Nullable(Type.Integer()),
  reason: Nullable(Type.String()),
  provenance: Nullable(ProvenanceSchema),
});

export const MoveRoutesInSchema = Type.Object(
  {
    howToBecomeProfiles: CountSchema,
    apprenticeships: CountSchema,
  },
  {
    title: 'MoveRoutesIn',
    description:
      'National Careers Service profiles placed on the occupation (/how-to-become) and related approved apprenticeship standards (/apprenticeships)',
  },
);
export type MoveRoutesIn = Static<typeof MoveRoutesInSchema>;

const SubMajorGroupSchema = Type.Object({ code: Type.String(), title: Type.String() });

export const MoveSchema = Type.Object(
  {
    soc2020: Type.String(),
    title: Type.String(),
    subMajorGroup: SubMajorGroupSchema,
    rankScore: Type.Number({
      description:
        "The order of the list (docs/skills-and-moves.md#moves): skills closeness, times 3 when the two share a route in (sharedRoutesIn > 0), times 2 when the target is in the same SOC 2020 minor group, times (pay ratio / 1.5, at most 1, and 2 / pay ratio past double) and times 3 more when the target pays at least as much as the source, times (the target's ASHE employee jobs in thousands / 100) ^ 0.3; a withheld figure leaves the score as it is",
    }),
    sharedRoutesIn: Type.Integer({
      description:
        'NCS job profiles placed on both occupations and apprenticeship standards those profiles link to both: evidence of a real route between them',
    }),
    skills: MoveSkillsSchema,
    pay: MovePaySchema,
    outlook: MoveOutlookSchema,
    vacancies: MoveVacanciesSchema,
    routesIn: MoveRoutesInSchema,
  },
  { title: 'Move' },
);
export type Move = Static<typeof MoveSchema>;

const shared = {
  area: AreaSummarySchema,
  method: MethodSchema,
  outlookCitation: Nullable(Type.String({ description: 'Must be displayed wherever the outlook figures are' })),
  skillsAttribution: Type.String({ description: 'Must be displayed wherever the skills are' }),
  provenance: ProvenanceSchema,
};

export const MovesResponseSchema = Type.Object(
  {
    soc2020: Type.String(),
    title: Type.String(),
    subMajorGroup: SubMajorGroupSchema,
    skillsDerivation: Type.String({ description: 'Which ESCO occupations the skills of the occupation come from' }),
    candidates: Type.Integer({ description: 'Unit groups with skills that were scored' }),
    moves: Type.Array(MoveSchema, { description: 'Closest first' }),
    ...shared,
  },
  { title: 'MovesResponse' },
);
export type MovesResponse = Static<typeof MovesResponseSchema>;

const ComparedOccupationSchema = Type.Object(
  {
    soc2020: Type.String(),
    title: Type.String(),
    subMajorGroup: SubMajorGroupSchema,
    outlook: MoveOutlookSchema,
    vacancies: MoveVacanciesSchema,
    routesIn: MoveRoutesInSchema,
  },
  { title: 'ComparedOccupation' },
);

export const CompareResponseSchema = Type.Object(
  {
    from: ComparedOccupationSchema,
    to: ComparedOccupationSchema,
    pay: MovePaySchema,
    forward: MoveSkillsSchema,
    backward: MoveSkillsSchema,
    skillsDerivation: Type.String(),
    ...shared,
  },
  { title: 'CompareResponse' },
);
export type CompareResponse = Static<typeof CompareResponseSchema>;
