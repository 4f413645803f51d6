import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentEditions } from '../queries/current-editions.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: never cached, by us or by clients (the ingest status): `no-store`, no ETag, never 304. */
    cache?: false;
  }
}

/** How long a client may reuse a keyed response before revalidating (it then gets a cheap 304). */
const KEYED_MAX_AGE_S = 300;
const OPEN_MAX_AGE_S = 60;

interface CachedBody {
  payload: string;
  etag: string;
  contentType: string;
}

/**
 * Serialised bodies by request, least recently used dropped first. Every response is a pure
 * function of its route, its parameters and the current editions, so the cache is emptied
 * whenever the set of current editions changes.
 */
export class ResponseCache {
  private readonly bodies = new Map<string, CachedBody>();
  private bytes = 0;
  /** Lookups that found a body and that did not, since start (read by the metrics). */
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxEntries = 5_000,
    private readonly maxBytes = 64 * 2 ** 20,
  ) {}

  get(key: string): CachedBody | undefined {
    const body = this.bodies.get(key);
    if (body) {
      this.hits += 1;
      this.bodies.delete(key);
      this.bodies.set(key, body);
    } else {
      this.misses += 1;
    }
    return body;
  }

  set(key: string, body: CachedBody): void {
    if (body.payload.length > this.maxBytes / 8) return;
    this.delete(key);
    this.bodies.set(key, body);
    this.bytes += body.payload.length;
    for (const [oldest] of this.bodies) {
      if (this.bodies.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  clear(): void {
    this.bodies.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.bodies.size;
  }

  private delete(key: string): void {
    const body = this.bodies.get(key);
    if (!body) return;
    this.bytes -= body.payload.length;
    this.bodies.delete(key);
  }
}

/** The request with its query parameters in a fixed order, so equal requests share an entry. */
function cacheKey(request: FastifyRequest): string {
  const [path, query = ''] = request.url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.sort();
  const sorted = params.toString();
  return sorted ? `${path}?${sorted}` : path;
}

function etagOf(payload: string): string {
  return `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
}

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim() === etag || tag.trim() === etag.slice(2));
}

function cacheable(request: FastifyRequest): boolean {
  return request.method === 'GET' && request.routeOptions.config.cache !== false && (request.routeOptions.url ?? '').startsWith('/v1/');
}

function cacheControl(request: FastifyRequest, reply: FastifyReply): void {
  if (reply.hasHeader('cache-control')) return;
  if (request.routeOptions.config.cache === false) {
    reply.header('cache-control', 'no-store');
    return;
  }
  // Keyed responses are `private`: a shared cache must not hand one caller's response to another without a key check.
  const open = request.routeOptions.config.access === 'open';
  reply.header('cache-control', open ? `public, max-age=${OPEN_MAX_AGE_S}` : `private, max-age=${KEYED_MAX_AGE_S}`);
  if (!open) reply.header('vary', 'X-API-Key');
}

/**
 * ETags (a hash of the body) with 304 on a matching If-None-Match, Cache-Control, and the
 * in-process cache of serialised bodies. A hit skips the handler and the serialiser; auth and
 * rate limits (onRequest) have already run, so every call is still counted and checked.
 */
export function registerCaching(app: FastifyInstance, currentEditions: CurrentEditions, cache = new ResponseCache()): void {
  currentEditions.onChange(() => cache.clear());

  app.addHook('preHandler', async (request, reply) => {
    if (!cacheable(request)) return;
    // Reads the current editions (cheap; from the database every few seconds), which empties the cache when they changed.
    await currentEditions.all();
    const hit = cache.get(cacheKey(request));
    if (!hit) return;
    reply.header('etag', hit.etag);
    cacheControl(request, reply);
    if (matches(request, hit.etag)) return reply.code(304).send();
    return reply.type(hit.contentType).send(hit.payload);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode >= 400 || reply.statusCode === 304) return payload;
    cacheControl(request, reply);
    // A route that is never cached gets no validator either, so a client can never get a 304 for it.
    if (request.routeOptions.config.cache === false) return payload;
    if (typeof payload !== 'string' || reply.hasHeader('etag')) return payload;
    const etag = etagOf(payload);
    reply.header('etag', etag);
    if (cacheable(request) && reply.statusCode === 200) {
      cache.set(cacheKey(request), { payload, etag, contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8') });
    }
    if (matches(request, etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
