import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Query-string values that must never reach a log line, whatever a caller puts there. */
const SECRET_PARAMS = /([?&](?:api_?key|apiKey|key|x-api-key|token)=)[^&]*/gi;

export function redactedUrl(url: string): string {
  return url.includes('=') ? url.replace(SECRET_PARAMS, '$1[redacted]') : url;
}

/**
 * One log line per request, written when the response has gone (Fastify's default writes two:
 * "incoming request" and "request completed"). It carries what an operator needs: the request id
 * (bound to request.log as `reqId`), method, URL with secrets redacted, status, milliseconds,
 * client address and the key's display prefix. Fastify's other lines (errors, 404s) are kept.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: redactedUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
      key: request.apiKey?.prefix,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
