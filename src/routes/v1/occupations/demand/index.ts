import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declareResponses } from '../../../../http/declared-responses.js';
import { DemandResponseSchema } from '../../../../schemas/demand.js';
import { DEMAND_ILLUSTRATION } from '../../../../schemas/illustrations.js';
import { SocParamsSchema } from '../../../../schemas/occupations.js';
import { UNTIL_RELEASED } from '../../demand/index.js';

const tags = ['Occupations in demand'];

export const occupationDemandRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { demand } = app.services;

  app.get(
    '/:soc/demand',
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
};
