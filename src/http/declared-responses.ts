import type { TSchema } from 'typebox';
import { ProblemSchema } from '../schemas/problem.js';
import { problemContentType } from './problem.js';
import { PROBLEM_KINDS } from '../domain/problems.js';

export type DeclaredError = 400 | 401 | 404 | 429 | 503;

const DESCRIPTIONS: Record<DeclaredError, string> = {
  400: 'A parameter is invalid; `detail` and `invalidParams` list the valid values',
  401: 'The API key is missing, unknown or revoked',
  404: 'No such occupation or area, or no figure for that combination (including a source with no release)',
  429: 'Rate limit reached; `Retry-After` gives the seconds to wait',
  503: PROBLEM_KINDS['not-ready'].title,
};

/**
 * The responses of a route: its success body and the errors the spec declares for it, each
 * with its declared content type. Spread into every route so OpenAPI lists them all.
 */
export function declareResponses(success: { status?: number; schema: TSchema; description: string }, errors: DeclaredError[]) {
  const responses: Record<number, unknown> = {
    [success.status ?? 200]: { description: success.description, content: { 'application/json': { schema: success.schema } } },
  };
  for (const status of errors) {
    const contentType = problemContentType(status).split(';')[0]!;
    responses[status] = { description: DESCRIPTIONS[status], content: { [contentType]: { schema: ProblemSchema } } };
  }
  return responses;
}
