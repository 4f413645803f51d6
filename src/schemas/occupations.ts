import { Type, type Static } from 'typebox';
import { Nullable, ProvenanceSchema, StringEnum } from './shared.js';

export const OccupationSummarySchema = Type.Object(
  {
    soc2020: Type.String({ pattern: '^\\d{4}$' }),
    title: Type.String(),
    majorGroup: Nullable(Type.String()),
    majorTitle: Nullable(Type.String()),
    subMajorGroup: Nullable(Type.String()),
    subMajorTitle: Nullable(Type.String()),
    titleCount: Type.Integer({
      description:
        'Distinct job titles (title and qualifier) in the coding index classified to it: the length of /titles',
    }),
  },
  { title: 'OccupationSummary' },
);
export type OccupationSummary = Static<typeof OccupationSummarySchema>;

const OccupationAboutSchema = Type.Object({
  description: Type.String(),
  tasks: Type.Array(Type.String(), {
    description: 'Each starts lower case and continues the phrase "job holders ..."',
  }),
  provenance: ProvenanceSchema,
});

export const OccupationProfileSchema = Type.Object(
  {
    soc2020: Type.String({ pattern: '^\\d{4}$' }),
    title: Type.String(),
    minorGroup: Nullable(Type.String()),
    minorTitle: Nullable(Type.String()),
    subMajorGroup: Nullable(Type.String()),
    subMajorTitle: Nullable(Type.String()),
    majorGroup: Nullable(Type.String()),
    majorTitle: Nullable(Type.String()),
    isco08: Nullable(
      Type.String({ description: 'The ISCO-08 unit group most coding-index records of the occupation map to' }),
    ),
    titleCount: Type.Integer({
      description:
        'Distinct job titles (title and qualifier) in the coding index classified to it: the length of /titles',
    }),
    examples: Type.Array(Type.String(), { description: 'Sample job titles, default titles first' }),
    about: Nullable(OccupationAboutSchema),
  },
  { title: 'OccupationProfile' },
);
export type OccupationProfile = Static<typeof OccupationProfileSchema>;

export const OccupationTitleSchema = Type.Object(
  {
    title: Type.String({ description: 'Natural word order' }),
    qualifier: Nullable(
      Type.String({ description: 'The industry or context that decides the code for an ambiguous title' }),
    ),
  },
  { title: 'OccupationTitle' },
);
export type OccupationTitle = Static<typeof OccupationTitleSchema>;

export const OccupationMatchSchema = Type.Object(
  {
    soc2020: Type.String({ pattern: '^\\d{4}$' }),
    title: Type.String({ description: 'Title of the unit group' }),
    matchedTitle: Type.String({ description: 'Coding-index title that matched' }),
    qualifier: Nullable(Type.String()),
    confidence: Type.Number({
      description:
        "1.0 for an exact match (the coding index's own title; `titleShare` says how a title several unit groups share divides). For a fuzzy match, the probability that this unit group is the right one, strictly between 0 and 1: calibrated on a judged set of careers-site job titles (NCS profile titles judged by their SOC 2010 code, ESCO occupation labels by their ISCO-08 group, each asked of an index built without it), so that of first answers given 0.7, about 7 in 10 are right. It weighs the title's similarity and how far the next unit group is behind.",
    }),
    matchType: StringEnum(['exact', 'fuzzy'] as const),
    titleShare: Nullable(
      Type.Number({
        description:
          "For an exact match of a title several unit groups share: this group's share of what the title most often means, from the people in employment in each group (ONS APS), how much of each group the title stands for (its coding-index records with the title's head word and words) and the index's default flag; the shares of one query's exact matches sum to at most 1. Null for a fuzzy match.",
      }),
    ),
  },
  { title: 'OccupationMatch' },
);
export type OccupationMatch = Static<typeof OccupationMatchSchema>;

export const SEARCH_QUERY_MAX = 200;

export const SearchQuerySchema = Type.Object(
  {
    q: Type.String({ description: `The job title, 1 to ${SEARCH_QUERY_MAX} characters after trimming` }),
    limit: Type.Integer({ minimum: 1, maximum: 50, default: 10, description: 'How many matches, 1 to 50' }),
  },
  { additionalProperties: false },
);

export const SocParamsSchema = Type.Object({
  soc: Type.String({ description: 'Four-digit SOC 2020 unit group code' }),
});
