import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';

/** How long a client may reuse a keyed response before revalidating (it then gets a cheap 304). */
const KEYED_MAX_AGE_S = 300;
const OPEN_MAX_AGE_S = 60;

/**
 * Every response is a pure function of its route, parameters and the editions it read, so its
 * ETag is a hash of the body and a matching If-None-Match gets 304. Keyed responses are
 * `private`: a shared cache must not hand one caller's response to another without a key check.
 * A handler that sets its own Cache-Control (the ingest status: no-store) keeps it.
 */
export async function registerCaching(app: FastifyInstance): Promise<void> {
  await app.register(etag, { weak: true });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode >= 400) {
      // An ETag only helps a cacheable GET; on other answers (an issued key, say) it has no use.
      reply.removeHeader('etag');
      return payload;
    }
    if (reply.hasHeader('cache-control')) return payload;
    const open = request.routeOptions.config.access === 'open';
    reply.header('cache-control', open ? `public, max-age=${OPEN_MAX_AGE_S}` : `private, max-age=${KEYED_MAX_AGE_S}`);
    if (!open) reply.header('vary', 'X-API-Key');
    return payload;
  });
}
