import { Type, type Static } from 'typebox';
import { UK_AND_NATIONS } from '../domain/areas.js';
import { AreaSummarySchema, CoverageSchema, Nullable, ProvenanceSchema, StringEnum } from './shared.js';

const BreakdownShareSchema = Nullable(
  Type.Object({ count: Type.Integer(), percent: Type.Number(), quality: Type.String(), presentable: Type.Boolean() }),
);

export const EmploymentResponseSchema = Type.Object(
  {
    soc2020: Type.String(),
    title: Type.String(),
    area: AreaSummarySchema,
    period: Nullable(Type.String({ description: 'Most recent survey period' })),
    employment: Nullable(
      Type.Object({
        count: Nullable(Type.Integer()),
        confidenceInterval: Nullable(Type.Integer({ description: 'Half-width of the 95% interval, in people' })),
        quality: Type.String(),
        presentable: Type.Boolean(),
        shareOfAllEmploymentPercent: Nullable(Type.Number()),
      }),
    ),
    breakdown: Nullable(
      Type.Object({ female: BreakdownShareSchema, partTime: BreakdownShareSchema, selfEmployed: BreakdownShareSchema }),
    ),
    series: Type.Array(
      Type.Object({
        year: Type.Integer(),
        period: Type.String(),
        count: Nullable(Type.Integer()),
        confidenceInterval: Nullable(Type.Integer()),
        quality: Type.String(),
      }),
    ),
    notes: Type.Array(Type.String()),
    coverage: CoverageSchema,
    provenance: ProvenanceSchema,
  },
  { title: 'EmploymentResponse' },
);
export type EmploymentResponse = Static<typeof EmploymentResponseSchema>;

export const WorkforceShareSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  people: Nullable(Type.Integer()),
  percent: Nullable(Type.Number()),
  quality: StringEnum(['reasonable', 'acceptable', 'unreliable'] as const),
  presentable: Type.Boolean(),
});
export type WorkforceShare = Static<typeof WorkforceShareSchema>;

export const WorkforceResponseSchema = Type.Object(
  {
    soc2020: Type.String(),
    title: Type.String(),
    people: Type.Integer(),
    agedUnder25Percent: Nullable(Type.Number()),
    aged55AndOverPercent: Nullable(Type.Number()),
    degreePercent: Nullable(Type.Number()),
    ageBands: Type.Array(WorkforceShareSchema),
    qualifications: Type.Array(WorkforceShareSchema),
    industries: Type.Array(WorkforceShareSchema),
    coverage: CoverageSchema,
    provenance: ProvenanceSchema,
  },
  { title: 'WorkforceResponse' },
);
export type WorkforceResponse = Static<typeof WorkforceResponseSchema>;

export const EmploymentQuerySchema = Type.Object(
  {
    area: StringEnum(UK_AND_NATIONS, {
      default: 'uk',
      description: 'uk (default), england, wales, scotland or northern-ireland',
    }),
  },
  { additionalProperties: false },
);
