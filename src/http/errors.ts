import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Problem } from '../domain/problems.js';
import type { StoreFault, StoreHealth } from '../store/faults.js';
import { problemBody, problemContentType } from './problem.js';
import { parameterValuesOf, validationProblem } from './validation.js';

/** Renders every error as problem details. Nothing but a Problem's own text reaches the client. */
export function registerProblemHandlers(app: FastifyInstance, health: StoreHealth): void {
  app.setErrorHandler(async (error: FastifyError | Problem, request, reply) => {
    const fault = health.noteError(error);
    if (fault) {
      // One line, no stack: the operator's signal is the store's state (/readyz, docs/deployment.md).
      request.log.warn({ fault, reason: (error as Error).message }, 'database fault: answered 503');
      return sendProblem(request, reply, storeProblem(fault));
    }
    const problem = await toProblem(error, request);
    if (problem.kind === 'internal-error') request.log.error({ err: error }, 'request failed');
    return sendProblem(request, reply, problem);
  });

  app.setNotFoundHandler(async (request, reply) => sendProblem(request, reply, routeNotFound(request)));
}

const STORE_FAULTS: Record<StoreFault, { detail: string; retryAfter: number }> = {
  unreachable: { detail: 'The database does not answer just now; try again shortly.', retryAfter: 5 },
  busy: { detail: 'The database is busy with a long write; try again in a moment.', retryAfter: 2 },
  corrupt: {
    detail: 'The database file is damaged; this replica cannot answer until it is restored.',
    retryAfter: 60,
  },
  full: { detail: "The database's disk is full; try again later.", retryAfter: 60 },
};

/** The 503 of a store fault: what the client can do is wait, and Retry-After says how long. */
function storeProblem(fault: StoreFault): Problem {
  const { detail, retryAfter } = STORE_FAULTS[fault];
  return new Problem('store-unavailable', detail, { retryAfter });
}

function routeNotFound(request: FastifyRequest): Problem {
  return new Problem(
    'route-not-found',
    `There is no resource at ${request.method} ${pathOf(request).slice(0, 256)}. The API is described at /v1/openapi.json.`,
  );
}

/**
 * Errors Fastify raises before routing (Fastify's `frameworkErrors`): a URL that does not decode
 * (`%ff`) and a path parameter over its length limit. Never reaches the error handler otherwise.
 */
export function frameworkProblem(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const problem =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new Problem('uri-too-long', 'A path segment is longer than the server reads.')
      : new Problem('malformed-request', 'The request URL is not valid: a percent-encoding does not decode to UTF-8.');
  void sendProblem(request, reply, problem);
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: Problem): FastifyReply {
  if (problem.extras.retryAfter !== undefined) reply.header('retry-after', String(problem.extras.retryAfter));
  // RFC 9110 section 11.6.1: a 401 names how to authenticate.
  if (problem.status === 401) reply.header('www-authenticate', 'ApiKey realm="uk-lmi", header="X-API-Key"');
  return reply
    .code(problem.status)
    .type(problemContentType(problem.status))
    .send(problemBody(problem, pathOf(request), request.id));
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

async function toProblem(error: FastifyError | Problem, request: FastifyRequest): Promise<Problem> {
  if (error instanceof Problem) return error;
  if (error.validation)
    return validationProblem(
      error.validation,
      error.validationContext ?? 'querystring',
      await parameterValuesOf(request),
    );
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new Problem('payload-too-large', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new Problem('unsupported-media-type', 'Send the request body as application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new Problem('invalid-body', 'The request body is not valid JSON.');
  }
  if (error.statusCode === 400 && error instanceof SyntaxError)
    return new Problem('invalid-body', 'The request body is not valid JSON.');
  if (error.statusCode === 400) return new Problem('invalid-parameter', 'The request could not be understood.');
  // A plugin's own 4xx (the docs' static files refuse a path that leaves their folder with 403):
  // nothing is there to be had, which is a 404, never a 500.
  if (error.statusCode === 403 || error.statusCode === 404) return routeNotFound(request);
  if (error.statusCode === 405) return new Problem('method-not-allowed', `${request.method} is not allowed here.`);
  if (error.statusCode === 413) return new Problem('payload-too-large', 'The request body is too large.');
  if (error.statusCode === 415)
    return new Problem('unsupported-media-type', 'Send the request body as application/json.');
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
    return new Problem('malformed-request', 'The request could not be understood.');
  return new Problem('internal-error', 'Something went wrong on our side; the request id identifies it in our logs.');
}
