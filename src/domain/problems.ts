/**
 * Every kind of problem the API reports, with its HTTP status and title: the one place they are
 * mapped. Queries throw a `Problem`; the HTTP layer renders it as RFC 9457 problem details.
 */
export const PROBLEM_KINDS = {
  'invalid-parameter': { status: 400, title: 'Invalid parameter' },
  'invalid-body': { status: 400, title: 'Invalid request body' },
  'malformed-request': { status: 400, title: 'Malformed request' },
  'missing-api-key': { status: 401, title: 'API key required' },
  'invalid-api-key': { status: 401, title: 'API key not recognised' },
  'metrics-token-required': { status: 401, title: 'Metrics token required' },
  'occupation-not-found': { status: 404, title: 'No such occupation' },
  'area-not-found': { status: 404, title: 'No such area' },
  'source-unavailable': { status: 404, title: 'No release of the source is available' },
  'figure-not-found': { status: 404, title: 'No figure for that combination' },
  'webhook-not-found': { status: 404, title: 'No such webhook' },
  'route-not-found': { status: 404, title: 'No such resource' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  'request-timeout': { status: 408, title: 'Request timeout' },
  'payload-too-large': { status: 413, title: 'Request body too large' },
  'uri-too-long': { status: 414, title: 'URI too long' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  'expectation-failed': { status: 417, title: 'Expectation failed' },
  'rate-limited': { status: 429, title: 'Rate limit reached' },
  'too-many-downloads': { status: 429, title: 'Too many bulk downloads at once for this key' },
  'header-fields-too-large': { status: 431, title: 'Request header fields too large' },
  'internal-error': { status: 500, title: 'Internal error' },
  'not-ready': { status: 503, title: 'Service not ready' },
  'store-unavailable': { status: 503, title: 'Database unavailable' },
  'downloads-full': { status: 503, title: 'Too many bulk downloads at once' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemKind = keyof typeof PROBLEM_KINDS;

export interface InvalidParam {
  name: string;
  reason: string;
  validValues?: string[];
  /** For a parameter the endpoint does not take: the ones it does. */
  validParameters?: string[];
}

/**
 * What a parameter may be where that depends on the data served (the published years, the
 * releases of a source): completes the 400 for a value the request schema refuses. `must`
 * continues "`year` must be ...".
 */
export interface ValidParameter {
  must: string;
  validValues?: string[];
}

interface ProblemExtras {
  invalidParams?: InvalidParam[];
  /** The source whose release is missing (`source-unavailable`) or lacks the figure (`figure-not-found`). */
  source?: string;
  /** Seconds, sent as Retry-After (429, 503). */
  retryAfter?: number;
}

/**
 * Thrown by queries, handlers and hooks; the error handler renders it as RFC 9457 problem details.
 * A problem of the client's (4xx) carries no stack trace: it is routine (a key over its limit, a
 * scanner's unknown key), and capturing the stack through optimised frames cost more than the
 * rest of the answer. Problems of ours (5xx) keep theirs.
 */
export class Problem extends Error {
  readonly kind: ProblemKind;
  readonly detail: string;
  readonly extras: ProblemExtras;

  constructor(kind: ProblemKind, detail: string, extras: ProblemExtras = {}) {
    const stackTraceLimit = Error.stackTraceLimit;
    if (PROBLEM_KINDS[kind].status < 500) Error.stackTraceLimit = 0;
    try {
      super(detail);
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    this.name = 'Problem';
    this.kind = kind;
    this.detail = detail;
    this.extras = extras;
  }

  get status(): number {
    return PROBLEM_KINDS[this.kind].status;
  }
}

/** A 400 for one parameter, with its valid values in both the detail and `invalidParams`. */
export function invalidParameter(name: string, reason: string, validValues?: readonly string[]): Problem {
  const detail = validValues ? `${reason}. Valid values of \`${name}\`: ${validValues.join(', ')}.` : `${reason}.`;
  return new Problem('invalid-parameter', detail, {
    invalidParams: [{ name, reason, ...(validValues ? { validValues: [...validValues] } : {}) }],
  });
}

/** A 404 naming the source of which no release has been ingested, and where its publisher publishes it. */
export function sourceUnavailable(
  source: { key: string; name: string; publisher: string; url: string },
  what: string,
  found?: { label: string; releasedAt: string | null; url: string },
): Problem {
  const published = found
    ? `${source.publisher} published "${found.label}"${found.releasedAt ? ` on ${found.releasedAt.slice(0, 10)}` : ''} at ${found.url}; this service does not read that release yet.`
    : `no release of it has been ingested. ${source.publisher} publishes it at ${source.url}.`;
  return new Problem(
    'source-unavailable',
    `${what} come from "${source.name}" (source \`${source.key}\`), and ${published} See /v1/meta/sources.`,
    { source: source.key },
  );
}

/** A 404 for figures (`what`) a source has, but not in the release of it served (e.g. a relay with UK counts only). */
export function releaseLacks(source: { key: string; name: string }, editions: string[], what: string): Problem {
  return new Problem(
    'figure-not-found',
    `${what} come from "${source.name}" (source \`${source.key}\`), and the release served (${editions.map((e) => `"${e}"`).join(', ')}) does not have them. See /v1/meta/editions?source=${source.key}.`,
    { source: source.key },
  );
}
