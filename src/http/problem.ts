import type { Static } from 'typebox';
import type { InvalidParamSchema, ProblemSchema } from '../schemas/problem.js';

export type InvalidParam = Static<typeof InvalidParamSchema>;
export type ProblemBody = Static<typeof ProblemSchema>;

/** Every kind of problem the API reports, with its HTTP status and title: the one place they are mapped. */
export const PROBLEM_KINDS = {
  'invalid-parameter': { status: 400, title: 'Invalid parameter' },
  'invalid-body': { status: 400, title: 'Invalid request body' },
  'missing-api-key': { status: 401, title: 'API key required' },
  'invalid-api-key': { status: 401, title: 'API key not recognised' },
  'occupation-not-found': { status: 404, title: 'No such occupation' },
  'area-not-found': { status: 404, title: 'No such area' },
  'source-unavailable': { status: 404, title: 'No release of the source is available' },
  'figure-not-found': { status: 404, title: 'No figure for that combination' },
  'route-not-found': { status: 404, title: 'No such resource' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  'payload-too-large': { status: 413, title: 'Request body too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  'rate-limited': { status: 429, title: 'Rate limit reached' },
  'internal-error': { status: 500, title: 'Internal error' },
  'not-ready': { status: 503, title: 'Service not ready' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemKind = keyof typeof PROBLEM_KINDS;

export interface ProblemExtras {
  invalidParams?: InvalidParam[];
  /** For `source-unavailable`: the key of the source with no release. */
  source?: string;
  /** Seconds, sent as Retry-After (429, 503). */
  retryAfter?: number;
}

/** Thrown by handlers and hooks; the error handler renders it as RFC 9457 problem details. */
export class Problem extends Error {
  override name = 'Problem';
  constructor(
    readonly kind: ProblemKind,
    readonly detail: string,
    readonly extras: ProblemExtras = {},
  ) {
    super(detail);
  }

  get status(): number {
    return PROBLEM_KINDS[this.kind].status;
  }
}

export function problemTypeUri(kind: ProblemKind): string {
  return `/problems/${kind}`;
}

/**
 * Declared content types: the spec declares 400 and 404 as application/json and 401 and 429 as
 * application/problem+json; anything else takes the RFC's own application/problem+json.
 */
export function problemContentType(status: number): string {
  return status === 400 || status === 404 ? 'application/json; charset=utf-8' : 'application/problem+json; charset=utf-8';
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

/** A 400 for one parameter, with its valid values in both the detail and `invalidParams`. */
export function invalidParameter(name: string, reason: string, validValues?: readonly string[]): Problem {
  const detail = validValues
    ? `${reason}. Valid values of \`${name}\`: ${validValues.join(', ')}.`
    : `${reason}.`;
  return new Problem('invalid-parameter', detail, {
    invalidParams: [{ name, reason, ...(validValues ? { validValues: [...validValues] } : {}) }],
  });
}

export function sourceUnavailable(sourceKey: string, sourceName: string, what: string): Problem {
  return new Problem(
    'source-unavailable',
    `${what} come from "${sourceName}" (source \`${sourceKey}\`), and no release of it has been ingested. See /v1/meta/sources.`,
    { source: sourceKey },
  );
}
