import { Type, type Static } from 'typebox';
import { ListLimitSchema } from './list-limit.js';
import { CoverageSchema, Nullable, ProvenanceSchema } from './shared.js';

const QuarterLabel = (description: string) => Type.String({ pattern: '^\\d{4} Q[1-4]$', description });

export const VisaShareSchema = Type.Object(
  {
    name: Type.String(),
    grants: Type.Integer(),
    percent: Type.Number({ description: "Share of the occupation's grants in the latest year, in percent" }),
  },
  { title: 'VisaShare' },
);
export type VisaShare = Static<typeof VisaShareSchema>;

const VisaQuarterSchema = Type.Object(
  {
    period: QuarterLabel('`YYYY Qn`'),
    year: Type.Integer(),
    quarter: Type.Integer({ minimum: 1, maximum: 4 }),
    applications: Type.Integer(),
    grants: Type.Integer(),
    provisional: Type.Boolean(),
  },
  { title: 'VisaQuarter' },
);

export const VisaResponseSchema = Type.Object(
  {
    soc2020: Type.String(),
    title: Type.String(),
    latestYear: Type.Object({
      from: QuarterLabel('First quarter of the latest four, `YYYY Qn`'),
      to: QuarterLabel('Latest quarter, `YYYY Qn`'),
      applications: Type.Integer(),
      grants: Type.Integer(),
      rank: Nullable(Type.Integer({ description: 'By grants among all occupations, 1 the most; null when none' })),
      occupationsRanked: Type.Integer(),
      routes: Type.Array(VisaShareSchema, { description: 'Largest first' }),
      nationalities: Type.Array(VisaShareSchema, { description: 'The ten largest, largest first' }),
      industries: Type.Array(VisaShareSchema, {
        description: 'The five largest, largest first; the industry sponsors assign themselves',
      }),
    }),
    quarters: Type.Array(VisaQuarterSchema, {
      description: 'Every quarter since 2024 Q4, oldest first, zero where the occupation had no visas',
    }),
    coverage: CoverageSchema,
    provenance: ProvenanceSchema,
  },
  { title: 'VisaResponse' },
);
export type VisaResponse = Static<typeof VisaResponseSchema>;

export const VisaListQuerySchema = Type.Object({ limit: ListLimitSchema }, { additionalProperties: false });

export const VisaListResponseSchema = Type.Object(
  {
    from: Type.String(),
    to: Type.String(),
    occupations: Type.Array(
      Type.Object({
        rank: Type.Integer(),
        soc2020: Type.String(),
        title: Type.String(),
        grants: Type.Integer(),
        applications: Type.Integer(),
      }),
      { description: 'Every occupation with at least one grant in the latest four quarters, most grants first' },
    ),
    coverage: CoverageSchema,
    provenance: ProvenanceSchema,
  },
  { title: 'VisaListResponse' },
);
export type VisaListResponse = Static<typeof VisaListResponseSchema>;
