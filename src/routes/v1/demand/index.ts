import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declareResponses } from '../../../http/declared-responses.js';
import { DemandListQuerySchema, DemandListResponseSchema, DemandResponseSchema } from '../../../schemas/demand.js';
import { DEMAND_ILLUSTRATION, DEMAND_LIST_ILLUSTRATION } from '../../../schemas/illustrations.js';
import { SocParamsSchema } from '../../../schemas/occupations.js';

const tags = ['Occupations in demand'];
const UNTIL_RELEASED =
  'Answers 404 naming the source `occupations-in-demand` and its page until a release of it has been ingested (see /v1/meta/sources).';

export const demandRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { demand } = app.services;

  app.get(
    '/occupations/:soc/demand',
    {
      schema: {
        tags,
        operationId: 'getOccupationDemand',
        summary: 'The demand level of an occupation and its five indicators (Skills England)',
        description: `The latest assessment, and the year before where it was re-assessed on the same method. ${UNTIL_RELEASED}`,
        params: SocParamsSchema,
        response: declareResponses(
          {
            schema: DemandResponseSchema,
            description: 'The latest and previous assessments',
            illustration: DEMAND_ILLUSTRATION,
          },
          [401, 404, 429],
        ),
      },
    },
    async (request) => demand.occupation(request.params.soc),
  );

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
