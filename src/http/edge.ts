import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Server } from 'node:http';
import type { TrustProxy } from '../config.js';
import { Problem, type ProblemKind } from '../domain/problems.js';
import { guardProblem } from './edge-rules.js';
import { problemBody, problemContentType } from './problem.js';

/**
 * The HTTP edge: what reaches the service before (or beside) its routes. Every error the
 * application can shape is a problem details body with the content type the spec declares for
 * its status. Node's own HTTP parser answers some requests before the application sees them:
 * those answers (`clientError`: a malformed request line or method, bad chunked framing, headers
 * over Node's 16 KiB) are shaped here too, sent with `Connection: close`, with no body on HEAD,
 * and the socket closed; the server carries on. Requests without Host and with an `Expect` other
 * than 100-continue, which Node would answer with an empty 400 or 417, are passed to the app.
 */

/** What Node's parser reports, by its error code, as the problem it is. */
function clientErrorProblem(code: string | undefined): Problem {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new Problem(
        'header-fields-too-large',
        'The request line and headers are larger than the 16 KiB the server reads.',
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new Problem('request-timeout', 'The request did not arrive in time.');
    default:
      return new Problem(
        'malformed-request',
        'The request is not well-formed HTTP/1.1 (its request line, method, headers or chunked body).',
      );
  }
}

/** The response to a problem, as raw HTTP/1.1 written to a socket the parser gave up on. */
function rawProblemResponse(problem: Problem, instance: string, head: boolean): string {
  const body = JSON.stringify(problemBody(problem, instance, randomUUID()));
  const status = problem.status;
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    `Content-Type: ${problemContentType(status)}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
    '',
    head ? '' : body,
  ].join('\r\n');
}

/** The method and path of the request line the parser failed on, as far as it can be read. */
function requestLineOf(raw: Buffer | undefined): { head: boolean; path: string } {
  const line = raw ? (raw.subarray(0, 2048).toString('latin1').split('\r\n')[0] ?? '') : '';
  const [method, target] = line.split(' ');
  const path = target && target.startsWith('/') ? target.slice(0, 256).split('?')[0]! : '/';
  return { head: method === 'HEAD', path };
}

/** Parser errors in a chunked body: the request's line and headers were read, and it went to the app. */
const BODY_ERRORS = new Set(['HPE_INVALID_CHUNK_SIZE', 'HPE_CHUNK_EXTENSIONS_OVERFLOW', 'HPE_INVALID_EOF_STATE']);

function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  // A request's body that breaks once its answer has gone (a GET answered before its chunked body
  // arrived) or has begun: that request has its one response, so none is written for the body.
  const answering = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  const answered = error.code !== undefined && BODY_ERRORS.has(error.code) && (!answering || answering.headersSent);
  if (error.code === 'ECONNRESET' || !socket.writable || answered) {
    socket.destroy();
    return;
  }
  const { head, path } = requestLineOf(Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined);
  socket.end(rawProblemResponse(clientErrorProblem(error.code), path, head));
}

function trustProxyOption(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  // A hop count: the client is the address `hops` proxies in from the socket (Fastify's types take no number).
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/** Options of the Fastify instance for the edge: Node's answers shaped, Host and Expect passed on, proxies trusted as configured. */
export function edgeServerOptions(
  trustProxy: TrustProxy,
  frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']>,
): FastifyHttpOptions<Server> {
  return {
    http: { requireHostHeader: false },
    clientErrorHandler,
    frameworkErrors,
    trustProxy: trustProxyOption(trustProxy),
  };
}

function sendRaw(req: IncomingMessage, res: ServerResponse, kind: ProblemKind, detail: string): void {
  const problem = new Problem(kind, detail);
  const body = JSON.stringify(problemBody(problem, (req.url ?? '/').split('?')[0]!.slice(0, 256), randomUUID()));
  res.writeHead(problem.status, {
    'content-type': problemContentType(problem.status),
    'content-length': Buffer.byteLength(body),
    connection: 'close',
    'cache-control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Guards at the start of every request: a Host header on HTTP/1.1, a request target of sensible length, no unmet Expect. */
export function registerEdgeGuards(app: FastifyInstance): void {
  app.server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) =>
    sendRaw(
      req,
      res,
      'expectation-failed',
      `The server cannot meet the expectation "${String(req.headers.expect).slice(0, 100)}"; only 100-continue is supported.`,
    ),
  );
  app.addHook('onRequest', (request, _reply, done) => done(guardProblem(request.raw) ?? undefined));
}
