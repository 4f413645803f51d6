import type { Static, TSchema } from 'typebox';
import { ProblemSchema } from '../schemas/problem.js';
import { problemContentType } from './problem.js';

type DeclaredError = 400 | 401 | 404 | 429 | 503;

const DESCRIPTIONS: Record<DeclaredError, string> = {
  400: 'A parameter is invalid, or is not a parameter of this endpoint; `detail` and `invalidParams` name it and list the valid values or parameters',
  401: 'The API key is missing, unknown or revoked',
  404: 'No such occupation or area, or no figure for that combination (including a source with no release)',
  429: 'Rate limit reached; `Retry-After` gives the seconds to wait',
  503: 'The service cannot answer now: what it needs is not ingested yet (its first ingest is still running), its store is unavailable, or too many bulk downloads are running; `detail` says which, `Retry-After` gives the seconds to wait',
};

interface DeclaredResponse<T extends TSchema> {
  description: string;
  content: Record<string, { schema: T; examples?: Record<string, { summary: string; value: unknown }> }>;
  /** Each header's JSON schema with its description (@fastify/swagger wraps it as the OpenAPI header's `schema`). */
  headers?: Record<string, { type: 'integer' | 'string'; minimum?: number; description: string }>;
}

/** The headers the server sends with an error (rate-limit.ts, errors.ts, auth.ts), declared in OpenAPI. */
const HEADERS: Partial<Record<DeclaredError, DeclaredResponse<TSchema>['headers']>> = {
  401: {
    'WWW-Authenticate': {
      type: 'string',
      description: 'The challenge: `ApiKey realm="uk-lmi", header="X-API-Key"` (send the key in the X-API-Key header)',
    },
  },
  503: {
    'Retry-After': { type: 'integer', minimum: 0, description: 'Seconds to wait before retrying' },
  },
  429: {
    'Retry-After': { type: 'integer', minimum: 0, description: 'Seconds to wait before retrying' },
    RateLimit: {
      type: 'string',
      description:
        'draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds to reset>`. Not sent by POST /v1/keys/requests, whose per-address count is not advertised',
    },
    'RateLimit-Policy': {
      type: 'string',
      description: '`"<policy>";q=<limit>;w=<window in seconds>`. Not sent by POST /v1/keys/requests',
    },
  },
};

/** Typed so the type provider checks what a handler replies against the success schema (or a problem body). */
type DeclaredResponses<Success extends number, T extends TSchema, Errors extends DeclaredError> = {
  [S in Success]: DeclaredResponse<T>;
} & { [E in Errors]: DeclaredResponse<typeof ProblemSchema> };

/** How the OpenAPI document marks an example: a shape to build a client against, never data. */
const ILLUSTRATIVE = 'Illustrative only: made-up figures showing the shape of the response, not data from any release';

/**
 * The responses of a route: its success body (with an example, marked illustrative, where given) and the errors the spec declares for it, each
 * with its declared content type. Spread into every route so OpenAPI lists them all.
 */
export function declareResponses<
  T extends TSchema,
  const Errors extends DeclaredError,
  const Success extends number = 200,
>(
  success: { status?: Success; schema: T; description: string; illustration?: Static<T> },
  errors: readonly Errors[],
): DeclaredResponses<Success, T, Errors> {
  const examples =
    success.illustration === undefined
      ? {}
      : { examples: { illustrative: { summary: ILLUSTRATIVE, value: success.illustration } } };
  const responses: Record<number, DeclaredResponse<TSchema>> = {
    [success.status ?? 200]: {
      description: success.description,
      content: { 'application/json': { schema: success.schema, ...examples } },
    },
  };
  for (const status of errors) responses[status] = declaredError(status);
  return responses as DeclaredResponses<Success, T, Errors>;
}

/** One error response as the OpenAPI document declares it: description, content type, headers. */
export function declaredError(status: DeclaredError): DeclaredResponse<TSchema> {
  const contentType = problemContentType(status).split(';')[0]!;
  const headers = HEADERS[status];
  return {
    description: DESCRIPTIONS[status],
    content: { [contentType]: { schema: ProblemSchema } },
    ...(headers ? { headers } : {}),
  };
}
