import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ReadyResponseSchema } from '../schemas/health.js';

const open = { access: 'open' as const };

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });

  app.get('/healthz', { config: open, schema: { hide: true } }, async () => ({ status: 'ok' }));

  /** Ready when the database answers, the first ingest of this process is done, and occupations can be served. */
  app.get('/readyz', { config: open, schema: { hide: true, response: { 200: ReadyResponseSchema } } }, async () =>
    app.services.readiness.check(),
  );
};
