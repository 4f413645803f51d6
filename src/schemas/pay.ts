import { Type, type Static } from 'typebox';
import { PAY_AREA_SLUGS } from '../domain/areas.js';
import {
  PAY_DISTRIBUTION,
  PAY_MEASURES,
  PAY_SEXES,
  REGIONAL_PAY_MEASURES,
  WORK_PATTERNS,
  type DistributionPoint,
} from '../domain/pay.js';
import { QUALITIES, QUALITY_DOC } from '../domain/quality.js';
import { AreaSummarySchema, CoverageSchema, Nullable, ProvenanceSchema, StringEnum } from './shared.js';

const Figure = (description?: string) => Nullable(Type.Number(description ? { description } : {}));
const Quality = StringEnum(QUALITIES, {
  description: `Quality of the median. ${QUALITY_DOC}`,
});

const YearState = Type.Object({ year: Type.Integer(), provisional: Type.Boolean() });

const DISTRIBUTION_NOTES: Partial<Record<DistributionPoint, string>> = {
  p90: 'Often withheld for high-paying occupations',
};

const PayDistributionSchema = Type.Object(
  Object.fromEntries(PAY_DISTRIBUTION.map((point) => [point, Figure(DISTRIBUTION_NOTES[point])])) as Record<
    DistributionPoint,
    ReturnType<typeof Figure>
  >,
  { title: 'PayDistribution' },
);

export const PayResponseSchema = Type.Object(
  {
    soc2020: Type.String(),
    title: Type.String(),
    area: AreaSummarySchema,
    year: Type.Integer(),
    referencePeriod: Type.String(),
    provisional: Type.Boolean({ description: 'True until revised figures are published the following spring' }),
    measure: StringEnum(PAY_MEASURES),
    unit: Type.String({ description: 'The unit of every figure' }),
    sex: StringEnum(PAY_SEXES),
    workPattern: StringEnum(WORK_PATTERNS),
    mean: Figure(),
    distribution: PayDistributionSchema,
    employeeJobsThousands: Figure('Indicative only'),
    percentChange: Figure(
      "ONS's change in the median on the previous year, in percent: this year's median against the previous year's revised median (see `percentChangeBasis`)",
    ),
    percentChangeBasis: Nullable(
      Type.Object(
        { from: YearState, to: YearState, description: Type.String() },
        {
          description:
            "What `percentChange` compares; null when it is null. /pay/series serves each year as first published, so the change between its points can differ from ONS's",
        },
      ),
    ),
    quality: Quality,
    presentable: Type.Boolean({
      description: 'False when the median is withheld or unreliable: do not display it as a number',
    }),
    coverage: CoverageSchema,
    provenance: ProvenanceSchema,
  },
  { title: 'PayResponse' },
);
export type PayResponse = Static<typeof PayResponseSchema>;

const PaySeriesPointSchema = Type.Object(
  {
    year: Type.Integer(),
    referencePeriod: Type.String(),
    provisional: Type.Boolean(),
    median: Figure(),
    mean: Figure(),
    employeeJobsThousands: Figure(),
    quality: Quality,
    presentable: Type.Boolean(),
  },
  { title: 'PaySeriesPoint' },
);

export const PaySeriesResponseSchema = Type.Object(
  {
    soc2020: Type.String(),
    title: Type.String(),
    area: AreaSummarySchema,
    measure: StringEnum(PAY_MEASURES),
    unit: Type.String(),
    sex: StringEnum(PAY_SEXES),
    workPattern: StringEnum(WORK_PATTERNS),
    coverage: CoverageSchema,
    points: Type.Array(PaySeriesPointSchema, {
      description: 'One per published year, oldest first; withheld years carry nulls',
    }),
  },
  { title: 'PaySeriesResponse' },
);
export type PaySeriesResponse = Static<typeof PaySeriesResponseSchema>;

const RegionalPayFigureSchema = Type.Object(
  {
    area: AreaSummarySchema,
    median: Figure(),
    mean: Figure(),
    quality: Quality,
    presentable: Type.Boolean(),
    relativeToUkPercent: Figure('Percent above (+) or below (-) the UK median; null unless both can be displayed'),
  },
  { title: 'RegionalPayFigure' },
);

export const RegionalPayResponseSchema = Type.Object(
  {
    soc2020: Type.String(),
    title: Type.String(),
    year: Type.Integer(),
    referencePeriod: Type.String(),
    provisional: Type.Boolean(),
    measure: StringEnum(REGIONAL_PAY_MEASURES),
    unit: Type.String(),
    sex: StringEnum(PAY_SEXES),
    workPattern: StringEnum(WORK_PATTERNS),
    uk: Nullable(Type.Object({ median: Figure(), quality: Quality })),
    regions: Type.Array(RegionalPayFigureSchema, { description: 'Highest median first, withheld regions last' }),
    coverage: CoverageSchema,
    provenance: ProvenanceSchema,
  },
  { title: 'RegionalPayResponse' },
);
export type RegionalPayResponse = Static<typeof RegionalPayResponseSchema>;

const measureParam = StringEnum(PAY_MEASURES, {
  default: 'annual_pay_gross',
  description: 'What is measured (ASHE Table 14.1 to 14.11)',
});
const sexParam = StringEnum(PAY_SEXES, { default: 'all' });
const patternParam = StringEnum(WORK_PATTERNS, { default: 'all' });
const areaParam = StringEnum(PAY_AREA_SLUGS, {
  default: 'uk',
  description: 'The UK, or a region or nation (regional figures need ASHE Table 15)',
});

export const PayQuerySchema = Type.Object(
  {
    measure: measureParam,
    sex: sexParam,
    pattern: patternParam,
    year: Type.Optional(Type.Integer({ description: 'A published reference year; default the latest' })),
    edition: Type.Optional(
      Type.String({
        format: 'uuid',
        description: 'An edition id from /v1/meta/editions; pins that exact release and overrides `year`',
      }),
    ),
    area: areaParam,
  },
  { additionalProperties: false },
);
export type PayQuery = Static<typeof PayQuerySchema>;

export const PaySeriesQuerySchema = Type.Object(
  { measure: measureParam, sex: sexParam, pattern: patternParam, area: areaParam },
  { additionalProperties: false },
);
export type PaySeriesQuery = Static<typeof PaySeriesQuerySchema>;

export const RegionalPayQuerySchema = Type.Object(
  {
    measure: StringEnum(REGIONAL_PAY_MEASURES, { default: 'annual_pay_gross' }),
    sex: sexParam,
    pattern: patternParam,
    year: Type.Optional(Type.Integer({ description: 'A published reference year; default the latest' })),
  },
  { additionalProperties: false },
);
export type RegionalPayQuery = Static<typeof RegionalPayQuerySchema>;
