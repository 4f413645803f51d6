import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Problem } from '../domain/problems.js';
import type { LiveKeys } from '../keys/live-keys.js';
import type { ApiKeyRecord } from '../store/keys.js';
import { liveKeyOf, missingKeyProblem, unknownKeyProblem } from './edge-rules.js';
import { routeConfig } from './request-context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `open`: no API key needed (metadata, key requests, health, docs). Routes are keyed unless marked. */
    access?: 'open';
  }
  interface FastifyRequest {
    apiKey: ApiKeyRecord | null;
  }
}

/**
 * Requires a live key in `X-API-Key` on every route not marked open. Unknown paths fall through
 * to the 404 handler: a missing route is not an authentication problem. Keys are looked up in
 * `LiveKeys` (in memory, a few seconds old at most), so a known key costs no query.
 */
export function registerApiKeyAuth(app: FastifyInstance, liveKeys: LiveKeys): void {
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.is404 || routeConfig(request).access === 'open') return done();
    let found: ReturnType<typeof liveKeyOf>;
    try {
      found = liveKeyOf(liveKeys, request.headers);
    } catch (error) {
      return done(error as Error);
    }
    if (found === 'missing') return done(missingKeyProblem(request.query as Record<string, unknown> | undefined));
    if (!(found instanceof Promise)) return done(accept(request, found));
    found.then(
      (record) => done(accept(request, record)),
      (error: unknown) => done(error as Error),
    );
  });
}

function accept(request: FastifyRequest, record: ApiKeyRecord | null): Problem | undefined {
  if (!record) return unknownKeyProblem();
  request.apiKey = record;
  return undefined;
}
