import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declareResponses } from '../../../../http/declared-responses.js';
import { SocParamsSchema } from '../../../../schemas/occupations.js';
import { ProjectionQuerySchema, ProjectionResponseSchema } from '../../../../schemas/projections.js';

export const projectionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { projections } = app.services;

  app.get(
    '/:soc/projections',
    {
      schema: {
        tags: ['Projections'],
        operationId: 'getOccupationProjections',
        summary: "Employment projections for an occupation's sub-major group",
        description:
          "Projections are published for sub-major groups only. `area=england`: Labour market and skills projections 2020-2035 (SOC 2020). `area=uk` (default): Working Futures 2017-2027 for the SOC 2010 sub-major group holding most of the occupation's workers, as `derivation` says. Other areas: 404 naming the workbook of the 2020-2035 round that is not available.",
        params: SocParamsSchema,
        querystring: ProjectionQuerySchema,
        response: declareResponses(
          {
            schema: ProjectionResponseSchema,
            description: 'The outlook, yearly series and qualification levels of the group',
          },
          [400, 401, 404, 429],
        ),
      },
    },
    async (request) => projections.outlook(request.params.soc, request.query.area),
  );
};
