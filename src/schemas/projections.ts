import { Type, type Static } from 'typebox';
import { PROJECTION_AREA_SLUGS, QUALIFICATION_LEVELS } from '../domain/projections.js';
import { AreaSummarySchema, CoverageSchema, Nullable, MethodSchema, ProvenanceSchema, StringEnum } from './shared.js';

export const ProjectionQuerySchema = Type.Object(
  {
    area: StringEnum(PROJECTION_AREA_SLUGS, {
      default: 'uk',
      description:
        'uk (default), england, a nation or an English region. England is the 2020-2035 round on SOC 2020; the UK is Working Futures 2017-2027 on SOC 2010 (`derivation` says so); other areas answer 404 naming the workbook not yet available',
    }),
  },
  { additionalProperties: false },
);

const Jobs = (description: string) =>
  Nullable(Type.Integer({ description: `${description}; nearest 1,000; null when not presentable` }));

export const ProjectionOutlookSchema = Type.Object({
  baseYear: Type.Integer({ description: '2020 (2017 for the UK, from Working Futures 2017-2027)' }),
  targetYear: Type.Integer({ description: '2035 (2027 for the UK, from Working Futures 2017-2027)' }),
  employmentBase: Jobs('Jobs in the base year'),
  employmentTarget: Jobs('Jobs in the target year'),
  netChange: Jobs('Target less base, as the workbook publishes it'),
  netChangePercent: Nullable(
    Type.Number({ description: 'Net change as a percent of the base, one decimal place, from the unrounded figures' }),
  ),
  direction: StringEnum(['growing', 'declining', 'little change'] as const, {
    description: '`little change` where the net change is under 1,000 jobs either way',
  }),
  replacementDemand: Jobs(
    'Jobs opening between the base and target years as people leave the occupation (retirement, moving to other work)',
  ),
  totalRequirement: Jobs('Net change plus replacement demand, as the workbook publishes it'),
  presentable: Type.Boolean({
    description: 'False when the group has under 10,000 jobs in the base or target year: the figures are then null',
  }),
});

const ProjectionPointSchema = Type.Object({
  year: Type.Integer(),
  employment: Jobs('Jobs'),
  projected: Type.Boolean({ description: 'False up to the base year, true after it' }),
  presentable: Type.Boolean({ description: 'False under 10,000 jobs' }),
});

const ProjectionQualificationSchema = Type.Object({
  qualification: StringEnum(QUALIFICATION_LEVELS),
  rqf: Nullable(Type.Integer({ minimum: 1, maximum: 8, description: 'RQF level; null for no qualification' })),
  label: Type.String({ description: "The workbook's name of the level" }),
  employmentBase: Jobs('Jobs held by people qualified at this level in the base year'),
  employmentTarget: Jobs('The same in the target year'),
  netChange: Jobs('Target less base'),
  replacementDemand: Jobs('Replacement demand at this level'),
  totalRequirement: Jobs(
    'Net change plus replacement demand at this level (negative where fewer people at this level will be needed)',
  ),
  sharePercent: Nullable(
    Type.Number({
      description:
        "This level's total requirement as a percent of the group's total requirement (all levels), one decimal place; null when that total is not positive or the cell is not presentable",
    }),
  ),
  presentable: Type.Boolean({
    description: 'False when the cell has under 10,000 jobs in the base or target year: its figures are then null',
  }),
});

export const ProjectionResponseSchema = Type.Object(
  {
    soc2020: Type.String(),
    title: Type.String(),
    group: Type.Object(
      {
        code: Type.String({ description: 'Two-digit sub-major group in `classification`' }),
        title: Type.String(),
        classification: StringEnum(['SOC 2020', 'SOC 2010'] as const, {
          description: 'The classification `code` belongs to: SOC 2020 for England, SOC 2010 for the UK round',
        }),
        unitGroups: Type.Integer({ description: 'SOC 2020 unit groups that are shown these same figures' }),
      },
      {
        description: 'The sub-major group whose figures these are: projections are published for sub-major groups only',
      },
    ),
    area: AreaSummarySchema,
    outlook: ProjectionOutlookSchema,
    series: Type.Array(ProjectionPointSchema, { description: 'Every year the workbook publishes, oldest first' }),
    byQualification: Type.Array(ProjectionQualificationSchema, {
      description: 'Highest level first: rqf8 .. rqf1, none',
    }),
    derivation: Type.String({ description: 'What the figures are, in at most two plain sentences' }),
    method: MethodSchema,
    accuracy: Type.String(),
    coverage: CoverageSchema,
    citation: Type.String({ description: 'Must be displayed wherever the figures are' }),
    provenance: ProvenanceSchema,
  },
  { title: 'ProjectionResponse' },
);
export type ProjectionResponse = Static<typeof ProjectionResponseSchema>;
export type ProjectionOutlook = Static<typeof ProjectionOutlookSchema>;
