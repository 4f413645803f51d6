import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { CurrentEditions } from '../queries/current-editions.js';
import { Lru } from '../lru.js';
import { routeConfig, type RouteConfig } from './request-context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: never cached, by us or by clients (the ingest status): `no-store`, no ETag, never 304. */
    cache?: false;
  }
}

/** How long a client may reuse a keyed response before revalidating (it then gets a cheap 304). */
const KEYED_MAX_AGE_S = 300;
const OPEN_MAX_AGE_S = 60;

export interface CachedBody {
  /** The body as sent: serialised once, served as bytes. */
  payload: Buffer;
  etag: string;
  contentType: string;
  /** The config of the route that answered it, and what that says about caching (read by the hit path, `cache-hits.ts`). */
  route: RouteConfig;
  policy: RoutePolicy;
}

/** A hit's own headers, made once when the body is stored rather than on every hit. */
const hitHeaders = new WeakMap<CachedBody, { 'content-type': string; 'content-length': string; etag: string }>();

export function headersOf(body: CachedBody) {
  let headers = hitHeaders.get(body);
  if (!headers) {
    headers = { 'content-type': body.contentType, 'content-length': String(body.payload.length), etag: body.etag };
    hitHeaders.set(body, headers);
  }
  return headers;
}

/**
 * Serialised bodies by request, least recently used dropped first, with their ETag computed when
 * stored. Every response is a pure function of its route, its parameters and the current
 * editions, so the cache is emptied whenever the set of current editions changes.
 */
export class ResponseCache {
  private readonly bodies: Lru<CachedBody>;
  private bytes = 0;
  /** Lookups that found a body and that did not, since start (read by the metrics). */
  hits = 0;
  misses = 0;
  /** Of the hits, those answered before routing (`cache-hits.ts`). */
  hitsBeforeRouting = 0;

  constructor(
    maxEntries = 5_000,
    private readonly maxBytes = 64 * 2 ** 20,
  ) {
    this.bodies = new Lru(maxEntries, (body) => (this.bytes -= body.payload.length));
  }

  get(key: string): CachedBody | undefined {
    const body = this.bodies.get(key);
    if (body) this.hits += 1;
    else this.misses += 1;
    return body;
  }

  /** A body without counting the lookup: the hit path counts only what it serves, and leaves a miss to be counted once by the hook. */
  peek(key: string): CachedBody | undefined {
    return this.bodies.get(key);
  }

  set(key: string, body: CachedBody): void {
    if (body.payload.length > this.maxBytes / 8) return;
    this.bodies.set(key, body);
    this.bytes += body.payload.length;
    for (
      let oldest = this.bodies.oldest();
      oldest !== undefined && this.bytes > this.maxBytes;
      oldest = this.bodies.oldest()
    )
      this.bodies.delete(oldest);
  }

  clear(): void {
    this.bodies.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.bodies.size;
  }
}

/** The request with its query parameters in a fixed order, so equal requests share an entry. */
export function cacheKey(url: string): string {
  const mark = url.indexOf('?');
  // One parameter or none: already in its one order.
  if (mark === -1 || !url.includes('&', mark)) return url;
  const params = new URLSearchParams(url.slice(mark + 1));
  params.sort();
  return `${url.slice(0, mark)}?${params.toString()}`;
}

function etagOf(payload: string | Buffer): string {
  return `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
}

/** Whether If-None-Match names this ETag (weakly compared, as RFC 9110 asks of GET). */
export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return (
    header === '*' ||
    header === etag ||
    header.split(',').some((tag) => tag.trim() === etag || tag.trim() === etag.slice(2))
  );
}

export interface RoutePolicy {
  /** Kept in the in-process cache (GET /v1/... unless marked `cache: false`). */
  cached: boolean;
  /** `cache: false`: no-store, no validator, never 304. */
  noStore: boolean;
  cacheControl: string;
  vary: string | null;
}

/** What a route's configuration says about caching, worked out once per route rather than per request. */
const policies = new WeakMap<object, RoutePolicy>();

function policyOf(request: FastifyRequest): RoutePolicy {
  const config = routeConfig(request);
  let policy = policies.get(config);
  if (!policy) {
    const noStore = config.cache === false;
    // Keyed responses are `private`: a shared cache must not hand one caller's response to another without a key check.
    const open = config.access === 'open';
    policy = {
      cached: !noStore && (config.url ?? '').startsWith('/v1/'),
      noStore,
      cacheControl: noStore
        ? 'no-store'
        : open
          ? `public, max-age=${OPEN_MAX_AGE_S}`
          : `private, max-age=${KEYED_MAX_AGE_S}`,
      vary: noStore || open ? null : 'X-API-Key',
    };
    policies.set(config, policy);
  }
  return policy;
}

function cacheControl(reply: FastifyReply, policy: RoutePolicy): void {
  if (reply.hasHeader('cache-control')) return;
  reply.header('cache-control', policy.cacheControl);
  if (policy.vary) reply.header('vary', policy.vary);
}

/**
 * A hit written straight to the socket: the headers set so far (request id, rate limit, cache
 * control) and the stored ones, then the stored bytes or a 304. Fastify's send path (the onSend
 * hooks, the payload checks, the length count) has nothing to do for bytes stored with their
 * headers, and was a tenth of a cached answer's time; the reply is hijacked so that Fastify does
 * not send again, and the request still ends in the log line and the metrics (Fastify watches the
 * response finish whichever way it is written). Only GETs are answered from the cache, so there
 * is never a HEAD to strip the body from.
 */
function sendHit(request: FastifyRequest, reply: FastifyReply, hit: CachedBody): void {
  const own = headersOf(hit);
  const headers: Record<string, number | string | string[] | undefined> = reply.getHeaders();
  headers.etag = own.etag;
  reply.hijack();
  if (matches(request.headers['if-none-match'], hit.etag)) {
    reply.raw.writeHead(304, headers);
    reply.raw.end();
    return;
  }
  headers['content-type'] = own['content-type'];
  headers['content-length'] = own['content-length'];
  reply.raw.writeHead(200, headers);
  reply.raw.end(hit.payload);
}

/**
 * ETags (a hash of the body) with 304 on a matching If-None-Match, Cache-Control, and the
 * in-process cache of serialised bodies. A hit is answered in onRequest, after the key check and
 * the rate limit (registered before this), so every call is still counted and checked; it skips
 * validation, the handler and the serialiser, and a 304 from it sends no body at all.
 */
export function registerCaching(
  app: FastifyInstance,
  currentEditions: CurrentEditions,
  cache = new ResponseCache(),
): void {
  currentEditions.onChange(() => cache.clear());

  // Callback-style hooks: on the hot path they allocate no promise when nothing waits.
  const answerFromCache = (
    request: FastifyRequest,
    reply: FastifyReply,
    policy: RoutePolicy,
    done: HookHandlerDoneFunction,
  ) => {
    const hit = cache.get(cacheKey(request.url));
    if (!hit) return done();
    cacheControl(reply, policy);
    sendHit(request, reply, hit);
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' || request.is404 || cache.size === 0) return done();
    const policy = policyOf(request);
    if (!policy.cached) return done();
    if (!currentEditions.stale) return answerFromCache(request, reply, policy, done);
    // The current editions are re-read every few seconds; a change empties the cache first.
    currentEditions.all().then(
      () => answerFromCache(request, reply, policy, done),
      (error: unknown) => done(error as Error),
    );
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, validated(request, reply, payload));
  });

  function validated(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    if (request.method !== 'GET' || reply.statusCode >= 400 || reply.statusCode === 304) return payload;
    const policy = policyOf(request);
    cacheControl(reply, policy);
    // A route that is never cached gets no validator either, so a client can never get a 304 for it.
    if (policy.noStore) return payload;
    if (typeof payload !== 'string' || reply.hasHeader('etag')) return payload;
    const etag = etagOf(payload);
    reply.header('etag', etag);
    if (policy.cached && reply.statusCode === 200) {
      cache.set(cacheKey(request.url), {
        payload: Buffer.from(payload),
        etag,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        route: routeConfig(request),
        policy,
      });
    }
    if (matches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  }
}
