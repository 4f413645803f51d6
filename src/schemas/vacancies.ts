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
        summedFrom: Type.Union(
          [
            Type.Object({
              published: Type.Array(Type.String(), {
                description: 'SOC 2010 unit groups in the group whose published figures are summed',
              }),
              withheld: Type.Array(Type.String(), {
                description:
                  'SOC 2010 unit groups in the group the survey lists with its figures withheld: missing from the sums, which are therefore a lower bound',
              }),
              employerReports: Type.Object(
                { summed: Nullable(Type.Integer()), listed: Nullable(Type.Integer()) },
                {
                  description:
                    "Sampled employers reporting a vacancy, added over the unit groups summed and over all the group's listed unit groups (an employer counts once per unit group): how much of the group the sums stand for; null where the survey keeps a count confidential",
                },
              ),
            }),
            Type.Null(),
          ],
          {
            description:
              'Set when the release publishes no row for the group and its figures are derived by summing its published unit groups; null when the survey publishes the figures shown',
          },
        ),
      },
      {
        description:
          'The group whose figures these are (a SOC 2010 group: the survey codes to SOC 2010); `derivation` says how it relates to the occupation',
      },
    ),
    area: AreaSummarySchema,
    latest: VacancyYearSchema,
    previous: Nullable(VacancyYearSchema),
    allOccupations: VacancyYearSchema,
    derivation: Type.String({ description: 'What the figures are, in at most two plain sentences' }),
    method: MethodSchema,
    definitions: Type.String(),
    coverage: CoverageSchema,
    provenance: ProvenanceSchema,
  },
  { title: 'VacancyResponse' },
);
export type VacancyResponse = Static<typeof VacancyResponseSchema>;
