import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { declareResponses } from '../../../http/declared-responses.js';
import { LIMITS } from '../../../ratelimit/policies.js';
import {
  EditionResponseSchema,
  EditionsQuerySchema,
  IngestStatusResponseSchema,
  SourceResponseSchema,
} from '../../../schemas/meta.js';

const open = { access: 'open' as const, clientLimit: { name: 'meta', ...LIMITS.meta } };
const tags = ['Metadata'];

export const metaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { meta } = app.services;

  app.get(
    '/sources',
    {
      config: open,
      schema: {
        tags,
        operationId: 'listSources',
        summary: 'Upstream sources and the release of each being served',
        security: [],
        response: declareResponses(
          { schema: Type.Array(SourceResponseSchema), description: 'Every source, with its current release or null' },
          [429],
        ),
      },
    },
    async () => meta.sources(),
  );

  app.get(
    '/editions',
    {
      config: open,
      schema: {
        tags,
        operationId: 'listEditions',
        summary: 'Releases of the sources, newest first, quarantined ones included',
        security: [],
        querystring: EditionsQuerySchema,
        response: declareResponses(
          { schema: Type.Array(EditionResponseSchema), description: 'Editions, newest first' },
          [429],
        ),
      },
    },
    async (request) => meta.editions(request.query.source),
  );

  app.get(
    '/ingest',
    {
      config: { ...open, cache: false },
      schema: {
        tags,
        operationId: 'getIngestStatus',
        summary: 'When each source was last read, and releases held back',
        security: [],
        response: declareResponses(
          { schema: IngestStatusResponseSchema, description: 'Ingest status; never cached' },
          [429],
        ),
      },
    },
    async () => meta.ingestStatus(),
  );
};
