import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { declareResponses } from '../../../http/declared-responses.js';
import { LocalAreaSchema } from '../../../schemas/local-areas.js';

export const localAreaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { localAreas } = app.services;

  app.get(
    '/',
    {
      schema: {
        tags: ['Local areas'],
        operationId: 'listLocalAreas',
        summary: 'Every local area (April 2023 districts; London is one area), with the slug to pass as {area}',
        response: declareResponses(
          { schema: Type.Array(LocalAreaSchema), description: 'Local areas by name' },
          [401, 404, 429],
        ),
      },
    },
    async () => localAreas.localAreas(),
  );
};
