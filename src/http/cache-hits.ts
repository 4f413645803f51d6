import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import type { Tier, TrustProxy } from '../config.js';
import type { LiveKeys } from '../keys/live-keys.js';
import type { CurrentEditions } from '../queries/current-editions.js';
import type { LimitDecision, RateLimitStore } from '../ratelimit/limiter.js';
import type { ApiKeyRecord } from '../store/keys.js';
import { cacheKey, type ResponseCache } from './caching.js';
import {
  addCacheControl,
  guardProblem,
  hitOrNull,
  keyCount,
  liveKeyOf,
  rateLimitHeaders,
  requestIdOf,
  writeHit,
  type CachedBody,
  type Counted,
} from './edge-rules.js';
import { decidedBeforeRouting } from './rate-limit.js';
import type { OneLinePerRequest } from './request-log.js';

interface HitPathParts {
  cache: ResponseCache;
  currentEditions: CurrentEditions;
  liveKeys: LiveKeys;
  rateLimits: RateLimitStore;
  tiers: Tier[];
  trustProxy: TrustProxy;
  requestEnd: OneLinePerRequest;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The hit path: a keyed GET whose answer is in the response cache is answered in front of
 * Fastify, by the rules of edge-rules.ts, which Fastify's hooks call too (Host and URL-length
 * guards, the key check, the rate limit counted once, Cache-Control, ETag and 304, X-Request-Id,
 * the log line and the metrics), and in the same header order. Routing, the request and reply
 * objects and the hook chain were most of what such an answer cost. Whatever the path cannot
 * settle by itself goes on to Fastify unchanged: an unknown, missing or not yet remembered key, a
 * request over its limit (with the decision taken, so it is not counted twice), a stale edition
 * check, a guard's problem, a HEAD, a miss, and every open route. Requests made with `inject`
 * never pass here, only those on the socket.
 */
export function registerCacheHits(app: FastifyInstance, parts: HitPathParts): void {
  const { cache, currentEditions, liveKeys, rateLimits, tiers, requestEnd } = parts;
  const clientAddress = clientAddressOf(parts.trustProxy);
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  /** The cached answer the path may give, or null to go on to Fastify. */
  const servable = (req: IncomingMessage): CachedBody | null => {
    if (req.method !== 'GET' || closing || cache.size === 0 || currentEditions.stale) return null;
    // A guard's problem is Fastify's to answer.
    if (guardProblem(req)) return null;
    const hit = cache.peek(cacheKey(req.url!));
    // Open routes carry per-address limits and no key: the hooks answer them.
    return hit && hit.route.access !== 'open' ? hit : null;
  };

  // Only a key LiveKeys remembers as live is settled here; a refusal is Fastify's to answer.
  const keyOf = (req: IncomingMessage): ApiKeyRecord | null => {
    const found = liveKeyOf(liveKeys, req.headers);
    return found instanceof Promise || found === 'missing' ? null : found;
  };

  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    started: number,
    hit: CachedBody,
    key: ApiKeyRecord,
    policy: Counted['policy'],
    decision: LimitDecision | null,
  ) => {
    cache.hits += 1;
    cache.hitsBeforeRouting += 1;
    const id = requestIdOf(req);
    const headers: Record<string, string> = { 'x-request-id': id };
    if (decision) [headers['ratelimit-policy'], headers.ratelimit] = rateLimitHeaders(policy, decision);
    addCacheControl(headers, hit.policy);
    const status = writeHit(res, headers, hit, req.headers['if-none-match']);
    requestEnd.answeredOutside(
      app.log,
      {
        id,
        route: hit.route,
        method: 'GET',
        url: req.url!,
        status,
        ms: performance.now() - started,
        keyPrefix: key.prefix,
      },
      () => clientAddress(req),
    );
  };

  const server = app.server;
  const [fastifyListener, ...others] = server.listeners('request') as Listener[];
  if (!fastifyListener || others.length > 0)
    throw new Error('the hit path expects Fastify as the one request listener');
  server.removeListener('request', fastifyListener);
  /** Takes the request (answered, or waiting for a shared store's count), or false to leave it to Fastify. */
  const answer = (req: IncomingMessage, res: ServerResponse): boolean => {
    const started = performance.now();
    const hit = servable(req);
    const key = hit && keyOf(req);
    if (!hit || !key) return false;
    const { policy, subject } = keyCount(key, tiers);
    const settle = (decision: LimitDecision | null, waited: boolean): boolean => {
      // Over the limit, or the answer gone while a shared store counted: Fastify answers, with this decision.
      if ((decision && !decision.allowed) || (waited && cache.peek(cacheKey(req.url!)) !== hit)) {
        decidedBeforeRouting(req, decision);
        return false;
      }
      send(req, res, started, hit, key, policy, decision);
      return true;
    };
    const decision = hitOrNull(app.log, rateLimits, policy, subject);
    if (!(decision instanceof Promise)) return settle(decision, false);
    void decision
      .then((settled) => settle(settled, true))
      .catch((error: unknown) => failed(error, req, res))
      .then((taken) => taken || fastifyListener(req, res));
    return true;
  };
  // Outside Fastify nothing else catches: a fault here must not take the process down, and the request is still answered.
  const failed = (error: unknown, req: IncomingMessage, res: ServerResponse): boolean => {
    app.log.error({ err: error, url: req.url }, 'the hit path failed; Fastify answers the request');
    return res.headersSent;
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    let taken: boolean;
    try {
      taken = answer(req, res);
    } catch (error) {
      taken = failed(error, req, res);
    }
    if (!taken) fastifyListener(req, res);
  });
}

/** The client's address as Fastify's `request.ip` gives it, under the same proxy trust. */
function clientAddressOf(trust: TrustProxy): (req: IncomingMessage) => string | undefined {
  if (trust === false) return (req) => req.socket.remoteAddress;
  const trusted = typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : proxyAddr.compile(trust);
  return (req) => proxyAddr.all(req, trusted).at(-1);
}
