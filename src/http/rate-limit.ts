import type { IncomingMessage } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import type { Tier } from '../config.js';
import { Problem } from '../domain/problems.js';
import type { LimitDecision, RateLimitStore } from '../ratelimit/limiter.js';
import { LIMITS, type Policy } from '../ratelimit/policies.js';
import type { ApiKeyRecord } from '../store/keys.js';
import { sendProblem } from './errors.js';
import { routeConfig } from './request-context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The per-client-address limit of an open route; keyed routes are limited per key. */
    clientLimit?: Policy;
  }
}

interface Counted {
  policy: Policy;
  subject: string;
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

/**
 * Decisions the hit path (`cache-hits.ts`) has already taken for requests it then handed to
 * Fastify (over the limit, or its cached answer gone meanwhile): the hook uses the decision
 * rather than counting the request twice.
 */
const decidedOnHitPath = new WeakMap<IncomingMessage, LimitDecision | null>();

export function decidedBeforeRouting(req: IncomingMessage, decision: LimitDecision | null): void {
  decidedOnHitPath.set(req, decision);
}

/**
 * Applies the limits: per key for keyed routes (the tier's requests per minute, or the key's own
 * override), per client address for open routes that name a limit. Every limited response
 * carries RateLimit-Policy and RateLimit (draft-ietf-httpapi-ratelimit-headers-10); over the
 * limit the answer is 429 with Retry-After, sent from the hook itself (no error thrown: a client
 * over its limit is routine, and a thrown error's stack trace costs more than the answer).
 * A callback hook, so that the in-process store's count costs no promise.
 */
export function registerRateLimits(app: FastifyInstance, store: RateLimitStore, tiers: Tier[]): void {
  const counted = (request: FastifyRequest): Counted | null => {
    if (request.apiKey) return keyCount(request.apiKey, tiers);
    const policy = routeConfig(request).clientLimit;
    return policy && !request.is404 ? { policy, subject: `client:${policy.name}:${request.ip}` } : null;
  };

  app.addHook('onRequest', (request, reply, done) => {
    const count = counted(request);
    if (!count) return done();
    const taken = decidedOnHitPath.get(request.raw);
    const decision = taken !== undefined ? taken : hitOrNull(request.log, store, count.policy, count.subject);
    if (decision instanceof Promise)
      decision.then((settled) => answer(request, reply, done, count.policy, settled), done);
    else answer(request, reply, done, count.policy, decision);
  });
}

function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
  policy: Policy,
  decision: LimitDecision | null,
): void {
  if (decision && !applied(reply, policy, decision, true)) sendProblem(request, reply, overLimit(policy, decision));
  else done();
}

/**
 * Counts one request against a policy; throws the 429 problem when it is over. `advertise: false`
 * keeps a policy out of the headers: the per-address count of key requests would otherwise tell
 * a stranger that someone asked for a key for that address.
 */
export async function enforce(
  request: FastifyRequest,
  reply: FastifyReply,
  store: RateLimitStore,
  policy: Policy,
  subject: string,
  options: { advertise?: boolean } = {},
): Promise<void> {
  const decision = await hitOrNull(request.log, store, policy, subject);
  if (decision && !applied(reply, policy, decision, options.advertise !== false)) throw overLimit(policy, decision);
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

/** The RateLimit-Policy and RateLimit header values of a decision. */
export function rateLimitHeaders(policy: Policy, decision: LimitDecision): [policy: string, remaining: string] {
  return [
    `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`,
    `"${policy.name}";r=${decision.remaining};t=${decision.resetSeconds}`,
  ];
}

/** Sets the RateLimit headers (when advertised); false when the request is over the limit. */
function applied(reply: FastifyReply, policy: Policy, decision: LimitDecision, advertise: boolean): boolean {
  if (advertise) {
    const [named, remaining] = rateLimitHeaders(policy, decision);
    appendHeader(reply, 'ratelimit-policy', named);
    appendHeader(reply, 'ratelimit', remaining);
  }
  return decision.allowed;
}

function overLimit(policy: Policy, decision: LimitDecision): Problem {
  return new Problem(
    'rate-limited',
    `The limit is ${policy.limit} requests per ${windowText(policy.windowSeconds)}; try again in ${decision.resetSeconds} s.`,
    {
      retryAfter: decision.resetSeconds,
    },
  );
}

function appendHeader(reply: FastifyReply, name: string, value: string): void {
  const current = reply.getHeader(name);
  reply.header(name, current ? `${String(current)}, ${value}` : value);
}

function windowText(seconds: number): string {
  if (seconds === 60) return 'minute';
  if (seconds === 3600) return 'hour';
  return `${seconds} s`;
}
