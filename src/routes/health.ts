import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sql } from 'kysely';
import { Problem } from '../domain/problems.js';

const open = { access: 'open' as const };

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/healthz', { config: open, schema: { hide: true } }, async () => ({ status: 'ok' }));

  /** Ready when the database answers, the first ingest of this process is done, and occupations can be served. */
  app.get(
    '/readyz',
    { config: open, schema: { hide: true, response: { 200: Type.Object({ status: Type.String(), database: Type.String() }) } } },
    async () => {
      const { services } = app;
      await sql`select 1`.execute(services.store.db).catch(() => {
        throw new Problem('not-ready', 'The database does not answer.', { retryAfter: 5 });
      });
      if (!services.readiness.ingestDone) throw new Problem('not-ready', 'The first ingest is still running.', { retryAfter: 10 });
      await services.occupations.structure();
      return { status: 'ready', database: services.store.dialect };
    },
  );
};
