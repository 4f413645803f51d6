import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declareResponses } from '../../../http/declared-responses.js';
import { DemandListQuerySchema, DemandListResponseSchema } from '../../../schemas/demand.js';
import { DEMAND_LIST_ILLUSTRATION } from '../../../schemas/illustrations.js';

const tags = ['Occupations in demand'];
export const UNTIL_RELEASED =
  'Answers 404 naming the source `occupations-in-demand` and its page until a release of it has been ingested (see /v1/meta/sources).';

export const demandRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { demand } = app.services;

  app.get(
    '/demand',
    {
      schema: {
        tags,
        operationId: 'listDemandOccupations',
        summary: 'Occupations at a demand level in the latest assessment, highest demandIndex first',
        description: `Without \`level\`, the occupations in critical and elevated demand. ${UNTIL_RELEASED}`,
        querystring: DemandListQuerySchema,
        response: declareResponses(
          {
            schema: DemandListResponseSchema,
            description: 'The latest year, highest demandIndex first',
            illustration: DEMAND_LIST_ILLUSTRATION,
          },
          [400, 401, 404, 429],
        ),
      },
    },
    async (request) => demand.list(request.query.level),
  );
};
