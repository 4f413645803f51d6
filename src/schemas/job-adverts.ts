import { Type, type Static } from 'typebox';
import { PAY_AREA_SLUGS } from '../domain/areas.js';
import { LocalAreaSchema } from './local-areas.js';
import { ListLimitSchema } from './list-limit.js';
import { AreaSummarySchema, CoverageSchema, Nullable, ProvenanceSchema, StringEnum } from './shared.js';

const AreaQuery = StringEnum(PAY_AREA_SLUGS, {
  default: 'uk',
  description: 'uk (default), wales, scotland or an English region',
});
const Month = (description: string) => Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description });
const Quarter = (description: string) => Type.String({ pattern: '^\\d{4} Q[1-4]$', description });

const JobAdvertNoticeItemSchema = Type.Object(
  { heading: Type.String(), text: Type.String() },
  { title: 'JobAdvertNoticeItem', description: "The statistics office's data-quality notice for the release" },
);
const Notices = Type.Array(JobAdvertNoticeItemSchema);

export const JobAdvertQuerySchema = Type.Object({ area: AreaQuery }, { additionalProperties: false });
export type JobAdvertQuery = Static<typeof JobAdvertQuerySchema>;

export const JobAdvertListQuerySchema = Type.Object(
  { area: AreaQuery, limit: ListLimitSchema },
  { additionalProperties: false },
);

const LOCAL_AREA_PARAM = Type.String({
  description:
    "A local authority's GSS code or slug as listed by /v1/local-areas (London is one area), either matched case-insensitively; `uk` and the eleven region slugs of the pay `area` are also taken",
});
export const SocLocalAreaParamsSchema = Type.Object({
  soc: Type.String({ description: 'Four-digit SOC 2020 unit group code' }),
  area: LOCAL_AREA_PARAM,
});
export const LocalAreaParamsSchema = Type.Object({ area: LOCAL_AREA_PARAM });

export const AreaAdvertsQuerySchema = Type.Object({ limit: ListLimitSchema }, { additionalProperties: false });

export const JobAdvertResponseSchema = Type.Object(
  {
    soc2020: Type.String(),
    title: Type.String(),
    area: AreaSummarySchema,
    latestYear: Type.Object({
      from: Month('First month of the latest twelve, `YYYY-MM`'),
      to: Month('Latest month, `YYYY-MM`'),
      adverts: Type.Integer({ description: 'New adverts over the published months only' }),
      monthsSuppressed: Type.Integer(),
      averagePerMonth: Nullable(Type.Number({ description: 'Adverts per published month' })),
      changePercent: Nullable(
        Type.Number({
          description: 'Against the twelve months before, over the months published in both; null if none',
        }),
      ),
      rank: Type.Integer({ description: 'By averagePerMonth among all occupations in the area, 1 the most' }),
      occupationsRanked: Type.Integer(),
    }),
    months: Type.Array(
      Type.Object({
        month: Month('`YYYY-MM`'),
        adverts: Nullable(Type.Integer({ description: 'Null where suppressed' })),
      }),
      { description: 'Every month since January 2017, oldest first' },
    ),
    notices: Notices,
    coverage: CoverageSchema,
    provenance: ProvenanceSchema,
  },
  { title: 'JobAdvertResponse' },
);
export type JobAdvertResponse = Static<typeof JobAdvertResponseSchema>;

export const JobAdvertListResponseSchema = Type.Object(
  {
    area: AreaSummarySchema,
    from: Type.String(),
    to: Type.String(),
    occupations: Type.Array(
      Type.Object({
        rank: Type.Integer(),
        soc2020: Type.String(),
        title: Type.String(),
        adverts: Type.Integer(),
        averagePerMonth: Nullable(Type.Number({ description: 'The list order key' })),
        changePercent: Nullable(Type.Number()),
      }),
      { description: 'Ranked by averagePerMonth, most first' },
    ),
    notices: Notices,
    coverage: CoverageSchema,
    provenance: ProvenanceSchema,
  },
  { title: 'JobAdvertListResponse' },
);
export type JobAdvertListResponse = Static<typeof JobAdvertListResponseSchema>;

export const LocalAdvertYearSchema = Type.Object(
  {
    from: Quarter('First quarter of the latest four, `YYYY Qn`'),
    to: Quarter('Latest quarter, `YYYY Qn`'),
    adverts: Type.Integer({ description: 'New adverts over the published quarters only' }),
    quartersSuppressed: Type.Integer(),
    averagePerQuarter: Nullable(Type.Number({ description: 'Adverts per published quarter; the ranking key' })),
    perThousand: Nullable(
      Type.Number({
        description: 'Adverts per 1,000 of all adverts in the area, over the quarters published for both',
      }),
    ),
    concentration: Nullable(
      Type.Number({
        description: 'Ratio to the UK share; above 1 means more in evidence locally; null if not comparable',
      }),
    ),
  },
  { title: 'LocalAdvertYear' },
);
export type LocalAdvertYear = Static<typeof LocalAdvertYearSchema>;

export const LocalAdvertAreasResponseSchema = Type.Object(
  {
    soc2020: Type.String(),
    title: Type.String(),
    areas: Type.Array(
      Type.Object({
        rank: Type.Integer({ description: '1 for the highest averagePerQuarter' }),
        area: LocalAreaSchema,
        latestYear: LocalAdvertYearSchema,
      }),
      { description: 'Every local area with adverts for the occupation over the latest four quarters, most first' },
    ),
    notices: Notices,
    coverage: CoverageSchema,
    provenance: ProvenanceSchema,
  },
  { title: 'LocalAdvertAreasResponse' },
);
export type LocalAdvertAreasResponse = Static<typeof LocalAdvertAreasResponseSchema>;

export const LocalAdvertResponseSchema = Type.Object(
  {
    soc2020: Type.String(),
    title: Type.String(),
    area: LocalAreaSchema,
    latestYear: LocalAdvertYearSchema,
    changePercent: Nullable(
      Type.Number({ description: 'Against the four quarters before, over the quarters published in both' }),
    ),
    rank: Type.Integer(),
    occupationsRanked: Type.Integer(),
    quarters: Type.Array(
      Type.Object({
        quarter: Quarter('`YYYY Qn`'),
        adverts: Nullable(Type.Integer({ description: 'Null where suppressed' })),
      }),
      { description: 'The last twelve quarters, oldest first' },
    ),
    notices: Notices,
    coverage: CoverageSchema,
    provenance: ProvenanceSchema,
  },
  { title: 'LocalAdvertResponse' },
);
export type LocalAdvertResponse = Static<typeof LocalAdvertResponseSchema>;

export const AreaAdvertsResponseSchema = Type.Object(
  {
    area: LocalAreaSchema,
    allOccupations: LocalAdvertYearSchema,
    occupations: Type.Array(
      Type.Object({
        rank: Type.Integer(),
        soc2020: Type.String(),
        title: Type.String(),
        latestYear: LocalAdvertYearSchema,
        changePercent: Nullable(Type.Number()),
      }),
      { description: 'Most adverts first' },
    ),
    notices: Notices,
    coverage: CoverageSchema,
    provenance: ProvenanceSchema,
  },
  { title: 'AreaAdvertsResponse' },
);
export type AreaAdvertsResponse = Static<typeof AreaAdvertsResponseSchema>;
