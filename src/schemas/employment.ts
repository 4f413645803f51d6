import { Type, type Static } from 'typebox';
import { UK_AND_NATIONS } from '../domain/areas.js';
import { QUALITY_DOC } from '../domain/quality.js';
import { AreaSummarySchema, CoverageSchema, Nullable, ProvenanceSchema, StringEnum } from './shared.js';

const QualitySchema = Type.String({ description: QUALITY_DOC });

const EmploymentSourceSchema = StringEnum(['aps-occupation', 'aps-occupation-industry'] as const, {
  description:
    'The source of the figure: `aps-occupation` (APS people in employment by unit group, Nomis NM_218_1) or `aps-occupation-industry` (the APS occupation x industry table: its total where every industry figure was published)',
});

const BreakdownShareSchema = Nullable(
  Type.Object({ count: Type.Integer(), percent: Type.Number(), quality: QualitySchema, presentable: Type.Boolean() }),
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
        confidenceInterval: Nullable(
          Type.Integer({ description: 'Half-width of the 95% interval, in people; null where the release has none' }),
        ),
        quality: QualitySchema,
        presentable: Type.Boolean(),
        shareOfAllEmploymentPercent: Nullable(Type.Number()),
        source: EmploymentSourceSchema,
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
        quality: QualitySchema,
        presentable: Type.Boolean(),
        source: EmploymentSourceSchema,
        edition: Type.String({ description: 'The label of the release the point was read from' }),
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
    people: Type.Integer({
      description: "The occupation's employment, as /employment answers it (its latest period with a published count)",
    }),
    peoplePeriod: Type.String({ description: 'The survey period of `people`' }),
    peopleProvenance: ProvenanceSchema,
    agedUnder25Percent: Nullable(
      Type.Number({
        description:
          "Share of the age bands' people aged 16 to 24 (16 to 19 and 20 to 24), Census 2021, England and Wales; null if either band is withheld or the release has no row for the occupation",
      }),
    ),
    aged55AndOverPercent: Nullable(
      Type.Number({ description: 'Share aged 55 and over, from the same bands; the same null rule' }),
    ),
    degreePercent: Nullable(Type.Number()),
    ageBands: Type.Array(WorkforceShareSchema, {
      description:
        'Census 2021 people in employment by age band, youngest first (`code` the band number), England and Wales, March 2021: another source, year and area from `people`; empty without the release',
    }),
    ageBandsPeople: Nullable(
      Type.Integer({
        description:
          "What the age bands' percents are shares of: the occupation's Census 2021 people in employment in England and Wales (the row's total, else the sum of its bands); null when not known",
      }),
    ),
    ageBandsPeriod: Nullable(
      Type.String({ description: 'Where and when the age bands count, as the release states it' }),
    ),
    ageBandsProvenance: Nullable(ProvenanceSchema),
    qualifications: Type.Array(WorkforceShareSchema),
    industries: Type.Array(WorkforceShareSchema),
    industriesPeriod: Type.String({ description: 'The survey period of the industry figures' }),
    industryPercentBase: Type.Object(
      {
        people: Type.Integer(),
        basis: StringEnum(['occupation employment', 'published industry cells'] as const),
      },
      {
        description:
          "What each industry's percent is a share of, in the industries' own year: the occupation's employment that year when it is known, otherwise the sum of its published industry figures (some were withheld)",
      },
    ),
    derivation: Type.String({
      description: 'How the figures were put together from their releases, and which population each counts',
    }),
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
