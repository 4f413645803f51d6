import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Problem } from '../domain/problems.js';
import type { LiveKeys } from '../keys/live-keys.js';
import type { ApiKeyRecord } from '../store/keys.js';
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

const API_KEY_HEADER = 'x-api-key';
const QUERY_KEY_NAMES = ['api_key', 'apikey', 'apiKey', 'key', 'x-api-key', 'X-API-Key'];

/**
 * Requires a live key in `X-API-Key` on every route not marked open. Unknown paths fall through
 * to the 404 handler: a missing route is not an authentication problem. Keys are looked up in
 * `LiveKeys` (in memory, a few seconds old at most), so a known key costs no query.
 */
export function registerApiKeyAuth(app: FastifyInstance, liveKeys: LiveKeys): void {
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.is404 || routeConfig(request).access === 'open') return done();
    let found: ReturnType<LiveKeys['find']>;
    try {
      found = liveKeys.find(presentedKey(request));
    } catch (error) {
      return done(error as Error);
    }
    if (!(found instanceof Promise)) return done(accept(request, found));
    found.then(
      (record) => done(accept(request, record)),
      (error: unknown) => done(error as Error),
    );
  });
}

function accept(request: FastifyRequest, record: ApiKeyRecord | null): Problem | undefined {
  if (!record) return new Problem('invalid-api-key', 'The API key in X-API-Key is unknown or has been revoked.');
  request.apiKey = record;
  return undefined;
}

function presentedKey(request: FastifyRequest): string {
  const header = request.headers[API_KEY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  if (key) return key.trim();
  const query = request.query as Record<string, unknown> | undefined;
  const inQuery = QUERY_KEY_NAMES.some((name) => query?.[name] !== undefined);
  throw new Problem(
    'missing-api-key',
    inQuery
      ? 'Send the API key in the X-API-Key header; keys in the query string are not accepted (URLs end up in logs).'
      : 'Send an API key in the X-API-Key header. Keys are free: POST /v1/keys/requests with your e-mail address.',
  );
}
