import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declareResponses } from '../../../../http/declared-responses.js';
import { SocParamsSchema } from '../../../../schemas/occupations.js';
import { ApprenticeshipsQuerySchema, ApprenticeshipsResponseSchema } from '../../../../schemas/apprenticeships.js';

export const apprenticeshipRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { apprenticeships } = app.services;

  app.get(
    '/:soc/apprenticeships',
    {
      schema: {
        tags: ['Apprenticeships'],
        operationId: 'getOccupationApprenticeships',
        summary: 'Apprenticeship standards related to the occupation (Skills England)',
        description:
          'No publisher maps standards to SOC 2020, so every match is `partial`, derived from National Careers Service profile links and from typical job titles in the ONS coding index (`derivation` says which). `includeInactive=true` adds standards that are not approved for delivery.',
        params: SocParamsSchema,
        querystring: ApprenticeshipsQuerySchema,
        response: declareResponses(
          { schema: ApprenticeshipsResponseSchema, description: 'Related apprenticeship standards' },
          [400, 401, 404, 429],
        ),
      },
    },
    async (request) => apprenticeships.apprenticeships(request.params.soc, request.query),
  );
};
