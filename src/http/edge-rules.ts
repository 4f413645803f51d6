import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Tier } from '../config.js';
import { Problem } from '../domain/problems.js';
import type { LiveKeys } from '../keys/live-keys.js';
import type { LimitDecision, RateLimitStore } from '../ratelimit/limiter.js';
import { LIMITS, type Policy } from '../ratelimit/policies.js';
import type { ApiKeyRecord } from '../store/keys.js';
import type { RouteConfig } from './request-context.js';

/**
 * The rules every request meets at the edge, each written once. Two paths call them: Fastify's
 * hooks (edge.ts, request-context.ts, auth.ts, rate-limit.ts, caching.ts, request-log.ts) and the
 * hit path in front of the router (cache-hits.ts), which answers a cached keyed GET without
 * routing. A rule added here reaches both; one written in a hook alone is missed by the hit path,
 * and the security suite, which runs through `inject` and over a socket with a warm cache, fails.
 */

// The guards.

/** Longer request targets get 414 (Node refuses request lines and headers over 16 KiB with 431). */
const MAX_URL_LENGTH = 8 * 1024;

/** What a request's line and headers break before anything else is read: a Host on HTTP/1.1, a target of sensible length. */
export function guardProblem(req: IncomingMessage): Problem | null {
  if (req.httpVersion === '1.1' && !req.headers.host)
    return new Problem('malformed-request', 'An HTTP/1.1 request must carry a Host header.');
  const url = req.url!;
  if (url.length > MAX_URL_LENGTH)
    return new Problem(
      'uri-too-long',
      `The request target is ${url.length} characters long; the server reads at most ${MAX_URL_LENGTH}.`,
    );
  return null;
}

// The request id.

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A request's id: the caller's X-Request-Id when it is a sensible token (a proxy's trace id), else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

// The key.

const QUERY_KEY_NAMES = ['api_key', 'apikey', 'apiKey', 'key', 'x-api-key', 'X-API-Key'];

/**
 * The key check: the live record of the key a request presents in X-API-Key (looked up in
 * `LiveKeys`, in memory and a few seconds old at most), `missing` when it presents none, null when
 * the key is malformed, unknown or revoked. A promise only when LiveKeys has to ask the database.
 */
export function liveKeyOf(
  liveKeys: LiveKeys,
  headers: IncomingHttpHeaders,
): ApiKeyRecord | null | 'missing' | Promise<ApiKeyRecord | null> {
  const header = headers['x-api-key'];
  const key = Array.isArray(header) ? header[0] : header;
  return key ? liveKeys.find(key.trim()) : 'missing';
}

/** The 401 of a request that presents no key; a key in the query string is named, and refused. */
export function missingKeyProblem(query: Record<string, unknown> | undefined): Problem {
  const inQuery = QUERY_KEY_NAMES.some((name) => query?.[name] !== undefined);
  return new Problem(
    'missing-api-key',
    inQuery
      ? 'Send the API key in the X-API-Key header; keys in the query string are not accepted (URLs end up in logs).'
      : 'Send an API key in the X-API-Key header. Keys are free: POST /v1/keys/requests with your e-mail address.',
  );
}

export function unknownKeyProblem(): Problem {
  return new Problem('invalid-api-key', 'The API key in X-API-Key is unknown or has been revoked.');
}

// The rate limit.

export interface Counted {
  policy: Policy;
  subject: string;
}

/**
 * Whom a client address's requests count as: the address itself, except that IPv6 clients are
 * grouped by their /64 (one host or one customer's network is usually given a whole /64, and
 * could otherwise take a fresh address for each request) and IPv4-mapped addresses count as
 * their IPv4 address.
 */
export function clientGroup(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`);
  return `${network.toString()}/64`;
}

/** A key's policy and subject, worked out once per key record (LiveKeys hands out the same record for seconds at a time). */
const byKey = new WeakMap<ApiKeyRecord, Counted>();

/** What a key's requests count against: its own limit, else its tier's. */
export function keyCount(key: ApiKeyRecord, tiers: Tier[]): Counted {
  let count = byKey.get(key);
  if (!count) {
    const limit =
      key.requestsPerMinute ?? tiers.find((t) => t.name === key.tier)?.requestsPerMinute ?? tiers[0]!.requestsPerMinute;
    count = { policy: { name: 'key', limit, windowSeconds: LIMITS.keyWindowSeconds }, subject: `key:${key.id}` };
    byKey.set(key, count);
  }
  return count;
}

/** The store's decision; null when the store is down (a limiter outage must not take the API down with it: serve, and say so in the logs). */
export function hitOrNull(
  log: FastifyBaseLogger,
  store: RateLimitStore,
  policy: Policy,
  subject: string,
): LimitDecision | null | Promise<LimitDecision | null> {
  const unavailable = (error: unknown) => {
    log.error({ err: error, policy: policy.name }, 'rate limit store unavailable; request not counted');
    return null;
  };
  try {
    const decision = store.hit(subject, policy.limit, policy.windowSeconds);
    return decision instanceof Promise ? decision.catch(unavailable) : decision;
  } catch (error) {
    return unavailable(error);
  }
}

/** The RateLimit-Policy and RateLimit header values of a decision (draft-ietf-httpapi-ratelimit-headers-10). */
export function rateLimitHeaders(policy: Policy, decision: LimitDecision): [policy: string, remaining: string] {
  return [
    `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`,
    `"${policy.name}";r=${decision.remaining};t=${decision.resetSeconds}`,
  ];
}

export function overLimitProblem(policy: Policy, decision: LimitDecision): Problem {
  return new Problem(
    'rate-limited',
    `The limit is ${policy.limit} requests per ${windowText(policy.windowSeconds)}; try again in ${decision.resetSeconds} s.`,
    { retryAfter: decision.resetSeconds },
  );
}

function windowText(seconds: number): string {
  if (seconds === 60) return 'minute';
  if (seconds === 3600) return 'hour';
  return `${seconds} s`;
}

// Caching.

/** How long a client may reuse a keyed response before revalidating (it then gets a cheap 304). */
const KEYED_MAX_AGE_S = 300;
const OPEN_MAX_AGE_S = 60;

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

export function cachePolicyOf(config: RouteConfig): RoutePolicy {
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

/** Cache-Control and Vary of a route's policy, added to the headers of a response. */
export function addCacheControl(headers: Record<string, string>, policy: RoutePolicy): void {
  headers['cache-control'] = policy.cacheControl;
  if (policy.vary) headers.vary = policy.vary;
}

export interface CachedBody {
  /** The body as sent: serialised once, served as bytes. */
  payload: Buffer;
  etag: string;
  contentType: string;
  /** The config of the route that answered it, and what that says about caching (read by the hit path, `cache-hits.ts`). */
  route: RouteConfig;
  policy: RoutePolicy;
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

/** A hit's content length, made once when first served rather than on every hit. */
const lengths = new WeakMap<CachedBody, string>();

/**
 * A cached answer written to the socket: the headers set so far (request id, rate limit, cache
 * control), then its ETag and the stored bytes, or a 304 when If-None-Match names it. Only GETs
 * are answered from the cache, so there is never a HEAD to strip the body from. Returns the status.
 */
export function writeHit(
  res: ServerResponse,
  headers: Record<string, number | string | string[] | undefined>,
  hit: CachedBody,
  ifNoneMatch: string | undefined,
): 200 | 304 {
  headers.etag = hit.etag;
  if (matches(ifNoneMatch, hit.etag)) {
    res.writeHead(304, headers);
    res.end();
    return 304;
  }
  let length = lengths.get(hit);
  if (length === undefined) lengths.set(hit, (length = String(hit.payload.length)));
  headers['content-type'] = hit.contentType;
  headers['content-length'] = length;
  res.writeHead(200, headers);
  res.end(hit.payload);
  return 200;
}

// The log line.

/** Query-string values that must never reach a log line, whatever a caller puts there. */
const SECRET_PARAMS = /([?&](?:api_?key|apiKey|key|x-api-key|token)=)[^&]*/gi;

export function redactedUrl(url: string): string {
  return url.includes('=') ? url.replace(SECRET_PARAMS, '$1[redacted]') : url;
}

/** The fields of a request's one log line after pino's own (level, time, bindings), in their order. */
export function accessLineFields(
  id: string,
  method: string,
  url: string,
  status: number,
  ms: number,
  ip: string | undefined,
  keyPrefix: string | undefined,
): string {
  const key = keyPrefix === undefined ? '' : `,"key":${JSON.stringify(keyPrefix)}`;
  return `,"reqId":${JSON.stringify(id)},"method":${JSON.stringify(method)},"url":${JSON.stringify(redactedUrl(url))},"status":${status},"ms":${ms},"ip":${JSON.stringify(ip ?? null)}${key}`;
}
