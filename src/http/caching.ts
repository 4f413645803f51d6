import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { CurrentEditions } from '../queries/current-editions.js';
import { Lru } from '../lru.js';
import { addCacheControl, cachePolicyOf, matches, writeHit, type CachedBody, type RoutePolicy } from './edge-rules.js';
import { routeConfig } from './request-context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: never cached, by us or by clients (the ingest status): `no-store`, no ETag, never 304. */
    cache?: false;
  }
}

const STALE_HEADER = 'lmi-stale';

/**
 * Marks an answer as made from the previous build of a derived value (the job-title search) while it
 * is rebuilt for newly published editions: `LMI-Stale: rebuilding` and `Cache-Control: no-store`, so
 * no cache (ours or a client's) keeps it past the rebuild.
 */
export function markStale(reply: FastifyReply): void {
  reply.header(STALE_HEADER, 'rebuilding');
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

function cacheControl(reply: FastifyReply, policy: RoutePolicy): void {
  if (reply.hasHeader('cache-control')) return;
  const headers: Record<string, string> = {};
  addCacheControl(headers, policy);
  reply.headers(headers);
}

/**
 * A hit written straight to the socket with the headers set so far (writeHit). Fastify's send
 * path (the onSend hooks, the payload checks, the length count) has nothing to do for bytes
 * stored with their headers, and was a tenth of a cached answer's time; the reply is hijacked so
 * that Fastify does not send again, and the request still ends in the log line and the metrics
 * (Fastify watches the response finish whichever way it is written).
 */
function sendHit(request: FastifyRequest, reply: FastifyReply, hit: CachedBody): void {
  const headers: Record<string, number | string | string[] | undefined> = reply.getHeaders();
  reply.hijack();
  writeHit(reply.raw, headers, hit, request.headers['if-none-match']);
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
    const policy = cachePolicyOf(routeConfig(request));
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
    const policy = cachePolicyOf(routeConfig(request));
    // An answer from a derived value still being rebuilt for new editions: right now, but neither kept nor validated.
    if (reply.hasHeader(STALE_HEADER)) {
      reply.header('cache-control', 'no-store');
      return payload;
    }
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
