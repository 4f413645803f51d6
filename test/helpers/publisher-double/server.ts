import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { bodyOf, routeKey, type PublisherRoutes } from './routes.js';
import { makeTestCertificates, type TestCertificates } from './tls.js';

/** What one address of a publisher answers. */
interface PublishedDocument {
  body: Buffer | string;
  contentType?: string;
  /** When the publisher says the document last changed (Last-Modified); the publish time otherwise. */
  lastModified?: Date;
  /** Leave out Content-Length (a chunked answer, as a streaming publisher sends). */
  chunked?: boolean;
}

/** A route answered by the test itself (a redirect, a stall, a scripted failure). */
type CustomRoute = (request: IncomingMessage, response: ServerResponse) => void;

interface LoggedRequest {
  host: string;
  /** When the request arrived (ms since the epoch): the spacing of a polite client shows in it. */
  at: number;
  path: string;
  status: number;
  /** Body bytes sent (0 for a 304, a refusal or a reset connection). */
  bytes: number;
  userAgent: string | null;
  conditional: boolean;
}

interface Route {
  document?: PublishedDocument & { etag: string; modified: Date };
  custom?: CustomRoute;
}

/**
 * A stand-in for every publisher at once: one HTTPS server with a test CA's certificate for all
 * publisher host names, routing by Host, path and query (decoded and sorted, as `routeKey` keys the route tables), answering with ETag and
 * Last-Modified and 304 to a conditional request, logging every request, and switches to take a
 * host down or make it refuse. Clients reach it through connect-to (in process) or
 * LMI_UPSTREAM_CONNECT_TO and NODE_EXTRA_CA_CERTS (a child process).
 */
export class PublisherDouble {
  readonly log: LoggedRequest[] = [];
  readonly certificates: TestCertificates;
  private readonly routes = new Map<string, Route>();
  private readonly downHosts = new Set<string>();
  private readonly refusingHosts = new Map<string, number>();
  private readonly userAgentRequired = new Set<string>();
  private readonly sockets = new Set<Socket>();
  private readonly server: https.Server;
  port = 0;

  constructor(certificates: TestCertificates = makeTestCertificates()) {
    this.certificates = certificates;
    this.server = https.createServer({ key: certificates.key, cert: certificates.cert }, (req, res) =>
      this.answer(req, res),
    );
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** `LMI_UPSTREAM_CONNECT_TO` / the fetcher's `connectTo`: every host's port 443 goes to this server. */
  get connectTo() {
    return [{ host: '*', port: 443, toHost: '127.0.0.1', toPort: this.port }];
  }

  get connectToSetting(): string {
    return `*:443:127.0.0.1:${this.port}`;
  }

  /** Serves every address of a route table (routes.ts), each with its Content-Type. */
  publishAll(table: PublisherRoutes): void {
    for (const [address, response] of table)
      this.publish(`https://${address}`, { body: Buffer.from(bodyOf(response)), contentType: response.contentType });
  }

  /** Serves `document` at `url` (an https:// address with the publisher's host); replaces what was there. */
  publish(url: string, document: PublishedDocument): void {
    const body = typeof document.body === 'string' ? Buffer.from(document.body) : document.body;
    this.routes.set(routeKey(url), {
      document: {
        ...document,
        body,
        etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`,
        modified: document.lastModified ?? new Date(Math.floor(Date.now() / 1000) * 1000),
      },
    });
  }

  route(url: string, custom: CustomRoute): void {
    this.routes.set(routeKey(url), { custom });
  }

  withdraw(url: string): void {
    this.routes.delete(routeKey(url));
  }

  /** The host resets every connection (as an unreachable publisher does), until `up`. */
  down(host: string): void {
    this.downHosts.add(host);
  }

  up(host: string): void {
    this.downHosts.delete(host);
  }

  refuse(host: string, status = 403): void {
    this.refusingHosts.set(host, status);
  }

  /** The host answers 403 to a client that sends no User-Agent (bls.gov does). */
  requireUserAgent(host: string): void {
    this.userAgentRequired.add(host);
  }

  /** Requests logged since `mark` (a log length taken before). */
  since(mark: number): LoggedRequest[] {
    return this.log.slice(mark);
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    const host = (req.headers.host ?? '').replace(/:443$/, '');
    const path = req.url ?? '/';
    const entry: LoggedRequest = {
      host,
      at: Date.now(),
      path,
      status: 0,
      bytes: 0,
      userAgent: req.headers['user-agent'] ?? null,
      conditional: Boolean(req.headers['if-none-match'] ?? req.headers['if-modified-since']),
    };
    this.log.push(entry);
    if (this.downHosts.has(host)) {
      req.socket.destroy();
      return;
    }
    const refusal =
      this.refusingHosts.get(host) ?? (this.userAgentRequired.has(host) && !entry.userAgent ? 403 : undefined);
    if (refusal) return void res.writeHead((entry.status = refusal)).end();
    const route = this.routes.get(routeKey(`https://${host}${path}`));
    if (route?.custom) {
      res.on('finish', () => (entry.status = res.statusCode));
      return route.custom(req, res);
    }
    if (!route?.document) return void res.writeHead((entry.status = 404), { 'content-type': 'text/plain' }).end('');
    const doc = route.document;
    const headers: Record<string, string> = {
      etag: doc.etag,
      'last-modified': doc.modified.toUTCString(),
      'content-type': doc.contentType ?? 'application/octet-stream',
    };
    const ifNoneMatch = req.headers['if-none-match'];
    const ifModifiedSince = req.headers['if-modified-since'];
    const notModified = ifNoneMatch
      ? ifNoneMatch === doc.etag
      : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= doc.modified.getTime();
    if (notModified) return void res.writeHead((entry.status = 304), headers).end();
    if (!doc.chunked) headers['content-length'] = String(doc.body.length);
    res.writeHead((entry.status = 200), headers);
    entry.bytes = doc.body.length;
    res.end(doc.body);
  }
}

export async function startPublisherDouble(certificates?: TestCertificates): Promise<PublisherDouble> {
  return new PublisherDouble(certificates).start();
}
