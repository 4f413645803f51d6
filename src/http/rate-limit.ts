import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Tier } from '../config.js';
import type { LimitDecision, RateLimitStore } from '../ratelimit/limiter.js';
import type { Policy } from '../ratelimit/policies.js';
import { clientGroup, hitOrNull, keyCount, type Counted, overLimitProblem, rateLimitHeaders } from './edge-rules.js';
import { sendProblem } from './errors.js';
import { routeConfig } from './request-context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The per-client-address limit of an open route; keyed routes are limited per key. */
    clientLimit?: Policy;
  }
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
 * override), per client address (IPv6 by /64: `clientGroup`) for open routes that name a limit. Every limited response
 * carries RateLimit-Policy and RateLimit (draft-ietf-httpapi-ratelimit-headers-10); over the
 * limit the answer is 429 with Retry-After, sent from the hook itself (no error thrown: a client
 * over its limit is routine, and a thrown error's stack trace costs more than the answer).
 * A callback hook, so that the in-process store's count costs no promise.
 */
export function registerRateLimits(app: FastifyInstance, store: RateLimitStore, tiers: Tier[]): void {
  const counted = (request: FastifyRequest): Counted | null => {
    if (request.apiKey) return keyCount(request.apiKey, tiers);
    const policy = routeConfig(request).clientLimit;
    return policy && !request.is404 ? { policy, subject: `client:${policy.name}:${clientGroup(request.ip)}` } : null;
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
  if (decision && !applied(reply, policy, decision, true))
    sendProblem(request, reply, overLimitProblem(policy, decision));
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
  if (decision && !applied(reply, policy, decision, options.advertise !== false))
    throw overLimitProblem(policy, decision);
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

function appendHeader(reply: FastifyReply, name: string, value: string): void {
  const current = reply.getHeader(name);
  reply.header(name, current ? `${String(current)}, ${value}` : value);
}
