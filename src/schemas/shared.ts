import { Type, type TSchema } from 'typebox';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A string limited to a fixed set of values, as a plain JSON Schema `enum` (clear 400s, compact OpenAPI). */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: { description?: string; default?: T[number] } = {},
) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

export const DateTime = Type.String({ format: 'date-time' });

export const ProvenanceSchema = Type.Object(
  {
    source: Type.String({ description: 'Name of the upstream dataset' }),
    publisher: Type.String({ description: 'Publishing organisation' }),
    licence: Type.String({ description: 'Licence for reuse' }),
    edition: Type.String({ description: 'Release label as the publisher names it' }),
    published: Nullable(DateTime),
    url: Type.String({ description: "Publisher's page for the dataset" }),
  },
  { title: 'Provenance', description: 'The exact upstream release behind a response' },
);

/** The spec's two populations: anything more a figure needs said goes in the coverage `note`. */
const COVERAGE_POPULATIONS = ['employee jobs', 'people in employment'] as const;

export const CoverageSchema = Type.Object(
  {
    population: StringEnum(COVERAGE_POPULATIONS, {
      description: 'What is counted: `employee jobs` or `people in employment`; `note` says more',
    }),
    includesSelfEmployed: Type.Boolean(),
    referencePeriod: Type.String(),
    note: Type.String(),
  },
  { title: 'Coverage' },
);

export const AreaSummarySchema = Type.Object(
  { code: Type.String({ description: 'GSS code' }), slug: Type.String(), name: Type.String() },
  { title: 'AreaSummary' },
);

/**
 * `method`: where the docs explain in full how a response's figures were made, as a path on this
 * server (GET it, no key needed) that is also the page's path in the repository.
 */
export const MethodSchema = Type.String({
  pattern: '^/docs/[a-z0-9/-]+\\.md#[a-z0-9-]+$',
  description:
    'Path, on this server, of the docs section explaining the method in full (the page, as markdown, and its heading anchor; the same path in the repository)',
});
