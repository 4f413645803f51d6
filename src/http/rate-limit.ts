import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Tier } from '../config.js';
import { Problem } from '../domain/problems.js';
import type { LimitDecision, RateLimitStore } from '../ratelimit/limiter.js';
import { LIMITS, type Policy } from '../ratelimit/policies.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The per-client-address limit of an open route; keyed routes are limited per key. */
    clientLimit?: Policy;
  }
}

/**
 * Applies the limits: per key for keyed routes (the tier's requests per minute, or the key's own
 * override), per client address for open routes that name a limit. Every limited response
 * carries RateLimit-Policy and RateLimit (draft-ietf-httpapi-ratelimit-headers-10); over the
 * limit the answer is 429 with Retry-After.
 */
export function registerRateLimits(app: FastifyInstance, store: RateLimitStore, tiers: Tier[]): void {
  app.addHook('onRequest', async (request, reply) => {
    const key = request.apiKey;
    if (key) {
      const rpm = key.requestsPerMinute ?? tiers.find((t) => t.name === key.tier)?.requestsPerMinute ?? tiers[0]!.requestsPerMinute;
      await enforce(request, reply, store, { name: 'key', limit: rpm, windowSeconds: LIMITS.keyWindowSeconds }, `key:${key.id}`);
      return;
    }
    const policy = request.routeOptions.config.clientLimit;
    if (policy && !request.is404) await enforce(request, reply, store, policy, `client:${policy.name}:${request.ip}`);
  });
}

/**
 * Counts one request against a policy; throws the 429 problem when it is over. `advertise: false`
 * keeps a policy out of the headers: the per-address count of key requests would otherwise tell
 * a stranger that someone asked for a key for that address.
 */
export async function enforce(request: FastifyRequest, reply: FastifyReply, store: RateLimitStore, policy: Policy, subject: string, options: { advertise?: boolean } = {}): Promise<void> {
  let decision: LimitDecision;
  try {
    decision = await store.hit(subject, policy.limit, policy.windowSeconds);
  } catch (error) {
    // A limiter outage must not take the API down with it: serve, and say so in the logs.
    request.log.error({ err: error, policy: policy.name }, 'rate limit store unavailable; request not counted');
    return;
  }
  if (options.advertise !== false) {
    appendHeader(reply, 'ratelimit-policy', `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`);
    appendHeader(reply, 'ratelimit', `"${policy.name}";r=${decision.remaining};t=${decision.resetSeconds}`);
  }
  if (!decision.allowed) {
    throw new Problem('rate-limited', `The limit is ${policy.limit} requests per ${windowText(policy.windowSeconds)}; try again in ${decision.resetSeconds} s.`, {
      retryAfter: decision.resetSeconds,
    });
  }
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
