import { Type, type Static } from 'typebox';
import { UK_AND_NATIONS } from '../domain/areas.js';
import { VACANCY_GROUP_LEVELS } from '../domain/vacancies.js';
import { AreaSummarySchema, CoverageSchema, Nullable, MethodSchema, ProvenanceSchema, StringEnum } from './shared.js';

export const VacancyQuerySchema = Type.Object(
  {
    area: StringEnum(UK_AND_NATIONS, {
      default: 'uk',
      description: 'uk (default), england, wales, scotland or northern-ireland; English regions are not published',
    }),
  },
  { additionalProperties: false },
);
export type VacancyQuery = Static<typeof VacancyQuerySchema>;

export const VacancyYearSchema = Type.Object(
  {
    year: Type.Integer({ description: 'Survey year' }),
    vacancies: Nullable(Type.Integer({ description: 'Nearest 100' })),
    hardToFill: Nullable(Type.Integer({ description: 'Nearest whole vacancy (a weighted estimate)' })),
    skillShortage: Nullable(Type.Integer({ description: 'Nearest whole vacancy (a weighted estimate)' })),
    hardToFillPercent: Nullable(
      Type.Number({ description: 'Hard-to-fill vacancies as a percent of all vacancies, one decimal place' }),
    ),
    skillShortagePercent: Nullable(
      Type.Number({ description: 'Skill-shortage vacancies as a percent of all vacancies, one decimal place' }),
    ),
    employersReporting: Nullable(
      Type.Integer({
        description:
          'Employers (establishments) in the sample with a vacancy in the group; null when the survey keeps it confidential',
      }),
    ),
    presentable: Type.Boolean({
      description:
        'False when the survey withheld the figures (fewer than 30 employers reporting) or has none for the group that year',
    }),
  },
  { title: 'VacancyYear' },
);
export type VacancyYear = Static<typeof VacancyYearSchema>;

export const VacancyResponseSchema = Type.Object(
  {
    soc2020: Type.String(),
    title: Type.String(),
    group: Type.Object(
      {
        code: Type.String({ description: "The group's code in `classification` (not a SOC 2020 code)" }),
        title: Type.String(),
        level: StringEnum(VACANCY_GROUP_LEVELS, { description: 'The level of the group in `classification`' }),
        classification: StringEnum(['SOC 2010', 'SOC 2020'] as const, {
          description: 'The classification `code` belongs to: the survey codes occupations to SOC 2010',
        }),
      },
      {
        description:
          "The group whose figures `latest` and `previous` are (a SOC 2010 group: the survey codes to SOC 2010): the occupation's own unit group, or a group above it that the release publishes; `derivation` says how it relates to the occupation",
      },
    ),
    area: AreaSummarySchema,
    latest: VacancyYearSchema,
    previous: Nullable(VacancyYearSchema),
    allOccupations: VacancyYearSchema,
    siblingsContext: Nullable(
      Type.Object(
        {
          label: Type.String({ description: 'What the figures are, for a reader: context, not this occupation' }),
          code: Type.String({ description: 'The SOC 2010 group whose published unit groups are summed' }),
          level: StringEnum(VACANCY_GROUP_LEVELS, { description: 'The level of the group, in SOC 2010' }),
          classification: StringEnum(['SOC 2010'] as const),
          published: Type.Array(Type.String(), {
            description: 'SOC 2010 unit groups in the group whose published figures are summed (at least two)',
          }),
          withheld: Type.Array(Type.String(), {
            description:
              'SOC 2010 unit groups in the group the survey lists with its figures withheld (the occupation among them): missing from the sums, which are therefore a lower bound',
          }),
          employerReports: Type.Object(
            { summed: Nullable(Type.Integer()), listed: Nullable(Type.Integer()) },
            {
              description:
                "Sampled employers reporting a vacancy, added over the unit groups summed and over all the group's listed unit groups (an employer counts once per unit group): how much of the group the sums stand for; null where the survey keeps a count confidential",
            },
          ),
          latest: VacancyYearSchema,
          previous: Nullable(VacancyYearSchema),
        },
        {
          description:
            "An addition to the spec. Where the survey withheld the occupation and the release publishes no row for a group above it, `latest` is null with `presentable: false`; this is the sum of the unit groups of the finest group above it that the survey published, for context only: other occupations' figures, never this one's. Null when the figures shown are published ones, or when fewer than two unit groups of the group are published (one would be a single other occupation's figures).",
        },
      ),
    ),
    derivation: Type.String({ description: 'What the figures are, in at most two plain sentences' }),
    method: MethodSchema,
    definitions: Type.String(),
    coverage: CoverageSchema,
    provenance: ProvenanceSchema,
  },
  { title: 'VacancyResponse' },
);
export type VacancyResponse = Static<typeof VacancyResponseSchema>;
