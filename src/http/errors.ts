import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Problem } from '../domain/problems.js';
import { problemBody, problemContentType } from './problem.js';
import { parameterValuesOf, validationProblem } from './validation.js';

/** Renders every error as problem details. Nothing but a Problem's own text reaches the client. */
export function registerProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError | Problem, request, reply) => {
    const problem = await toProblem(error, request);
    if (problem.kind === 'internal-error') request.log.error({ err: error }, 'request failed');
    return sendProblem(request, reply, problem);
  });

  app.setNotFoundHandler(async (request, reply) =>
    sendProblem(request, reply, new Problem('route-not-found', `There is no resource at ${request.method} ${pathOf(request)}. The API is described at /v1/openapi.json.`)),
  );
}

function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: Problem): FastifyReply {
  if (problem.extras.retryAfter !== undefined) reply.header('retry-after', String(problem.extras.retryAfter));
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
  if (error.validation) return validationProblem(error.validation, error.validationContext ?? 'querystring', await parameterValuesOf(request));
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new Problem('payload-too-large', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new Problem('unsupported-media-type', 'Send the request body as application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new Problem('invalid-body', 'The request body is not valid JSON.');
  }
  if (error.statusCode === 400 && error instanceof SyntaxError) return new Problem('invalid-body', 'The request body is not valid JSON.');
  if (error.statusCode === 400) return new Problem('invalid-parameter', 'The request could not be understood.');
  return new Problem('internal-error', 'Something went wrong on our side; the request id identifies it in our logs.');
}
