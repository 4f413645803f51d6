import { Type, type Static } from 'typebox';
import { ROUTE_KINDS } from '../domain/how-to-become.js';
import { Nullable, ProvenanceSchema, StringEnum } from './shared.js';

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

const JobProfileSchema = Type.Object(
  {
    slug: Type.String(),
    title: Type.String(),
    alternativeTitles: Type.Array(Type.String()),
    summary: Nullable(Type.String()),
    match: StringEnum(['title', 'alternative title'] as const, {
      description:
        'What placed the profile on the unit group: its own title or an alternative title, found exactly in the ONS coding index',
    }),
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
      description: 'Profiles matched by their own title first; several or none',
    }),
    attribution: Type.String({ description: 'To be displayed wherever the text is used' }),
    coverage: RoutesCoverageSchema,
    provenance: ProvenanceSchema,
  },
  { title: 'HowToBecomeResponse' },
);
export type HowToBecomeResponse = Static<typeof HowToBecomeResponseSchema>;
