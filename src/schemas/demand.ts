import { Type, type Static } from 'typebox';
import { DEMAND_INDICATORS, DEMAND_LEVELS, DEMAND_SIGNALS } from '../domain/demand.js';
import { CoverageSchema, Nullable, ProvenanceSchema, StringEnum } from './shared.js';

export const DemandYearSchema = Type.Object(
  {
    year: Type.Integer(),
    level: StringEnum(DEMAND_LEVELS),
    demandIndex: Nullable(
      Type.Number({
        description:
          'Average of the five indicators; ranks occupations but does not decide the level; compare within a year, not across years',
      }),
    ),
    indicators: Type.Array(
      Type.Object({
        indicator: StringEnum(DEMAND_INDICATORS),
        signal: StringEnum(DEMAND_SIGNALS),
        measures: Type.String(),
      }),
    ),
    uncertainty: Nullable(Type.String({ description: "The publisher's caveat, to be displayed where present" })),
    imputation: Nullable(Type.String({ description: "The publisher's caveat, to be displayed where present" })),
    capping: Nullable(Type.String({ description: "The publisher's caveat, to be displayed where present" })),
    onImmigrationSalaryList: Nullable(Type.Boolean()),
  },
  { title: 'DemandYear' },
);
export type DemandYear = Static<typeof DemandYearSchema>;

export const DemandResponseSchema = Type.Object(
  {
    soc2020: Type.String(),
    title: Type.String(),
    latest: DemandYearSchema,
    previous: Nullable(DemandYearSchema),
    definitions: Type.String(),
    coverage: CoverageSchema,
    provenance: ProvenanceSchema,
  },
  { title: 'DemandResponse' },
);
export type DemandResponse = Static<typeof DemandResponseSchema>;

export const DemandListQuerySchema = Type.Object(
  {
    level: Type.Optional(
      StringEnum(DEMAND_LEVELS, {
        description:
          'critical, elevated or not_in_high_demand; without it, occupations in critical and elevated demand',
      }),
    ),
  },
  { additionalProperties: false },
);

export const DemandListResponseSchema = Type.Object(
  {
    year: Type.Integer(),
    occupations: Type.Array(
      Type.Object({
        soc2020: Type.String(),
        title: Type.String(),
        level: StringEnum(DEMAND_LEVELS),
        demandIndex: Nullable(Type.Number()),
        indicatorsInDemand: Type.Integer({ description: 'How many of the five indicators were elevated or critical' }),
        workers: Nullable(Type.Integer()),
      }),
      { description: 'Highest demandIndex first' },
    ),
    definitions: Type.String(),
    provenance: ProvenanceSchema,
  },
  { title: 'DemandListResponse' },
);
export type DemandListResponse = Static<typeof DemandListResponseSchema>;
