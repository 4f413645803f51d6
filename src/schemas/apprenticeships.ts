import { Type, type Static } from 'typebox';
import { RoutesCoverageSchema } from './how-to-become.js';
import { Nullable, MethodSchema, ProvenanceSchema, StringEnum } from './shared.js';

export const ApprenticeshipsQuerySchema = Type.Object(
  {
    includeInactive: Type.Boolean({
      default: false,
      description: 'Include standards that are not approved for delivery (retired, withdrawn, or known only from 2020)',
    }),
  },
  { additionalProperties: false },
);

const LEVEL = { minimum: 2, maximum: 7 };

const ApprenticeshipProductSchema = Type.Object(
  {
    code: Type.String(),
    name: Type.String(),
    type: StringEnum([
      'apprenticeship',
      'foundation_apprenticeship',
      'apprenticeship_unit',
      't_level',
      'higher_technical_qualification',
      'technical_qualification',
    ] as const),
    level: Nullable(Type.Integer(LEVEL)),
    status: Nullable(Type.String()),
    careerStarter: Nullable(
      Type.Boolean({
        description:
          "The institute's careerStarter flag as the release holding the standard gives it; null (unknown, never a guessed false) where that release does not carry it (the relayed 2026 list, the NCS export)",
      }),
    ),
    detail: Nullable(
      Type.Object(
        {
          durationMonths: Nullable(Type.Integer()),
          entryRequirements: Nullable(Type.String()),
          regulatedBy: Nullable(Type.String()),
          professionalRecognition: Type.Array(Type.String()),
          degree: Nullable(StringEnum(['integrated', 'separate'] as const)),
          qualificationsGained: Type.Array(Type.String()),
          version: Type.String(),
        },
        { title: 'ApprenticeshipDetail' },
      ),
    ),
  },
  { title: 'ApprenticeshipProduct' },
);

export const ApprenticeshipOccupationSchema = Type.Object(
  {
    code: Type.String({ description: 'Standard reference, e.g. ST0116' }),
    name: Type.String(),
    match: StringEnum(['primary', 'partial'] as const),
    level: Nullable(Type.Integer(LEVEL)),
    status: Type.String(),
    overview: Nullable(Type.String()),
    route: Type.String(),
    pathway: Nullable(Type.String()),
    technicalLevel: Nullable(StringEnum(['Technical', 'Higher technical', 'Professional'] as const)),
    typicalJobTitles: Type.Array(Type.String()),
    products: Type.Array(ApprenticeshipProductSchema, { description: 'Lowest level first' }),
    url: Type.String(),
    release: {
      ...ProvenanceSchema,
      description:
        "The release this standard's record comes from: the current list, the institute's API answers of January 2023 (whose status is then said to be of January 2023, never today's), or the NCS content export of November 2020",
    },
    derivation: Type.String({ description: 'The evidence relating the standard to the unit group' }),
    confidence: Type.Number({
      minimum: 0,
      maximum: 1,
      description:
        'Combined evidence, 1 − (1 − typical-title share)(1 − best linking profile)(1 − best naming profile); derived by the service',
    }),
    evidence: Type.Object(
      {
        typicalTitleShare: Type.Number({
          minimum: 0,
          maximum: 1,
          description:
            "Share of the standard's typical job titles the ONS coding index places in this unit group (a qualified entry only when the standard is about its context)",
        }),
        matchedTitles: Type.Array(Type.String(), { description: 'Those typical job titles' }),
        profiles: Type.Array(
          Type.Object(
            {
              slug: Type.String(),
              title: Type.String(),
              confidence: Type.Number({ minimum: 0, maximum: 1, description: "The profile's placement here" }),
              link: StringEnum(['linked in the 2020 export', 'named on its 2026 page'] as const),
            },
            { title: 'StandardProfileEvidence' },
          ),
          { description: 'NCS profiles placed on this unit group that link or name the standard, strongest first' },
        ),
      },
      { title: 'StandardEvidence' },
    ),
  },
  { title: 'ApprenticeshipOccupation' },
);
export type ApprenticeshipOccupation = Static<typeof ApprenticeshipOccupationSchema>;

export const ApprenticeshipsResponseSchema = Type.Object(
  {
    soc2020: Type.String({ pattern: '^\\d{4}$' }),
    title: Type.String(),
    apprenticeshipsAvailable: Type.Integer({
      minimum: 0,
      description:
        'Apprenticeships across primary-match occupations approved for delivery in the release holding them (the current list, or as of January 2023 for a standard only the 2023 answers hold); 0 when there are none',
    }),
    lowestApprenticeshipLevel: Nullable(Type.Integer(LEVEL)),
    tLevels: Nullable(
      Type.Integer({
        minimum: 0,
        description:
          'T Levels across primary-match occupations; null (unknown, never 0) while no T Level release is read, as the coverage note says',
      }),
    ),
    occupations: Type.Array(ApprenticeshipOccupationSchema, { description: 'Primary matches first, then partial' }),
    method: MethodSchema,
    attribution: Type.String({ description: "Required with the publisher's logo" }),
    coverage: RoutesCoverageSchema,
    provenance: ProvenanceSchema,
  },
  { title: 'ApprenticeshipsResponse' },
);
export type ApprenticeshipsResponse = Static<typeof ApprenticeshipsResponseSchema>;
