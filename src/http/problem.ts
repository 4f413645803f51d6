import type { Static } from 'typebox';
import { PROBLEM_KINDS, type Problem, type ProblemKind } from '../domain/problems.js';
import type { ProblemSchema } from '../schemas/problem.js';

type ProblemBody = Static<typeof ProblemSchema>;

function problemTypeUri(kind: ProblemKind): string {
  return `/problems/${kind}`;
}

/**
 * Declared content types: the spec declares 400 and 404 as application/json and 401 and 429 as
 * application/problem+json; anything else takes the RFC's own application/problem+json.
 */
export function problemContentType(status: number): string {
  return status === 400 || status === 404
    ? 'application/json; charset=utf-8'
    : 'application/problem+json; charset=utf-8';
}

export function problemBody(problem: Problem, instance: string, requestId: string): ProblemBody {
  const { title, status } = PROBLEM_KINDS[problem.kind];
  return {
    type: problemTypeUri(problem.kind),
    title,
    status,
    detail: problem.detail,
    instance,
    requestId,
    ...(problem.extras.invalidParams ? { invalidParams: problem.extras.invalidParams } : {}),
    ...(problem.extras.source ? { source: problem.extras.source } : {}),
  };
}
