import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Problem } from '../domain/problems.js';
import { hashApiKey, looksLikeApiKey } from '../keys/api-key.js';
import { findLiveKeyByHash, type ApiKeyRecord } from '../store/api-keys.js';
import type { Db } from '../store/schema.js';

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
 * to the 404 handler: a missing route is not an authentication problem.
 */
export function registerApiKeyAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.access === 'open') return;
    request.apiKey = await authenticate(request, db);
  });
}

async function authenticate(request: FastifyRequest, db: Db): Promise<ApiKeyRecord> {
  const header = request.headers[API_KEY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  if (!key) {
    const query = request.query as Record<string, unknown> | undefined;
    const inQuery = QUERY_KEY_NAMES.some((name) => query?.[name] !== undefined);
    throw new Problem(
      'missing-api-key',
      inQuery
        ? 'Send the API key in the X-API-Key header; keys in the query string are not accepted (URLs end up in logs).'
        : 'Send an API key in the X-API-Key header. Keys are free: POST /v1/keys/requests with your e-mail address.',
    );
  }
  const record = looksLikeApiKey(key.trim()) ? await findLiveKeyByHash(db, hashApiKey(key.trim())) : null;
  if (!record) throw new Problem('invalid-api-key', 'The API key in X-API-Key is unknown or has been revoked.');
  return record;
}
