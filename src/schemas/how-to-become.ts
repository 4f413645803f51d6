import { Type, type Static } from 'typebox';
import { ROUTE_KINDS } from '../domain/how-to-become.js';
import { Nullable, MethodSchema, ProvenanceSchema, StringEnum } from './shared.js';

/** What a how-to-become or apprenticeships response covers and what it leaves out. */
export const RoutesCoverageSchema = Type.Object(
  {
    referencePeriod: Type.String({ description: 'The releases the answer is from' }),
    note: Type.String({ description: 'How occupations are related and what is missing; pass it on' }),
  },
  { title: 'RoutesCoverage' },
);

const TextPartSchema = Type.Object(
  {
    text: Nullable(Type.String({ description: 'A paragraph, plain text (links as "text (address)")' })),
    items: Nullable(Type.Array(Type.String(), { description: 'The list the paragraph introduces, plain text' })),
  },
  { title: 'TextPart' },
);

const ProfileRouteSchema = Type.Object(
  {
    kind: StringEnum(ROUTE_KINDS),
    heading: Type.String(),
    blocks: Type.Array(
      Type.Object({ heading: Nullable(Type.String()), parts: Type.Array(TextPartSchema) }, { title: 'TextBlock' }),
    ),
  },
  { title: 'ProfileRoute' },
);

const PlacementEvidenceSchema = Type.Object(
  {
    soc2010: Nullable(
      Type.Object(
        {
          code: Type.String({
            pattern: '^\\d{4}$',
            description: "The SOC 2010 unit group NCS's 2020 export gives the profile",
          }),
          share: Type.Number({
            minimum: 0,
            maximum: 1,
            description:
              "Share of that group's records the ONS SOC 2010 -> 2020 table codes to this unit group (its four samples pooled)",
          }),
        },
        { title: 'Soc2010Evidence' },
      ),
    ),
    matchedTitle: Nullable(
      Type.String({ description: 'The coding-index title of this unit group that matched, as the index writes it' }),
    ),
    qualifier: Nullable(
      Type.String({ description: "That entry's qualifier (industry or context); null when unqualified" }),
    ),
    qualifierSupport: Nullable(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description:
          "Share of the qualifier's words (rare words weigh more) the profile's own text contains; the entry counts at 0.5 or more",
      }),
    ),
    textSimilarity: Type.Number({
      minimum: 0,
      maximum: 1,
      description:
        "Cosine of the profile's words (titles, summary, tasks) and the unit group's (ONS Volume 1 and index titles)",
    }),
    textRank: Type.Integer({ minimum: 1, description: 'Rank of this unit group among all 412 by that similarity' }),
    fill: Type.Boolean({
      description: 'Placed by the fill pass: the unit group had no profile and this is its best candidate',
    }),
  },
  { title: 'PlacementEvidence' },
);

const JobProfileSchema = Type.Object(
  {
    slug: Type.String(),
    title: Type.String(),
    alternativeTitles: Type.Array(Type.String()),
    summary: Nullable(Type.String()),
    match: Nullable(
      StringEnum(['title', 'alternative title'] as const, {
        description:
          "Which of the profile's titles placed it here: its own title or an alternative title listed in this unit group by the ONS coding index. Null when no title did, and placedBy says what did (its SOC 2010 code, or its description)",
      }),
    ),
    placedBy: StringEnum(['title', 'alternative title', 'soc 2010 code', 'description'] as const, {
      description:
        'The strongest evidence the placement rests on: a coding-index entry of its title or an alternative title (a qualified entry only when the profile is about its context), else its SOC 2010 code through the ONS table, else what the profile says the job is',
    }),
    strength: StringEnum(['strong', 'moderate', 'weak'] as const, {
      description:
        "strong: confidence 0.6 or more and two kinds of evidence agree; moderate: 0.4 or more; weak: less, or the unit group's best profile given by the fill pass",
    }),
    confidence: Type.Number({
      minimum: 0,
      maximum: 1,
      description:
        "Share of the profile's evidence on this unit group over all 412 (sums to 1 per profile); derived by the service, not published by NCS",
    }),
    evidence: PlacementEvidenceSchema,
    routesIntro: Nullable(Type.String()),
    routesListed: Type.Array(Type.String()),
    routes: Type.Array(ProfileRouteSchema),
    requirements: Type.Array(Type.String()),
    requirementNotes: Type.Array(Type.String()),
    url: Type.String({ description: 'The profile on the National Careers Service site' }),
    contentNote: Type.String({
      description:
        'Which release each part of the text is from (2026 pages or the November 2020 content export); show it with the text',
    }),
    provenance: ProvenanceSchema,
  },
  { title: 'JobProfile' },
);

export const HowToBecomeResponseSchema = Type.Object(
  {
    soc2020: Type.String({ pattern: '^\\d{4}$' }),
    title: Type.String(),
    profiles: Type.Array(JobProfileSchema, {
      description: 'Strongest evidence first (confidence, then text similarity); several or none',
    }),
    derivation: Type.String({
      description: 'What the placement of the profiles rests on, in at most two plain sentences',
    }),
    method: MethodSchema,
    attribution: Type.String({ description: 'To be displayed wherever the text is used' }),
    coverage: RoutesCoverageSchema,
    provenance: ProvenanceSchema,
  },
  { title: 'HowToBecomeResponse' },
);
export type HowToBecomeResponse = Static<typeof HowToBecomeResponseSchema>;
