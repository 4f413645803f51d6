import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declareResponses } from '../../../../http/declared-responses.js';
import {
  CompareParamsSchema,
  CompareQuerySchema,
  CompareResponseSchema,
  MovesQuerySchema,
  MovesResponseSchema,
} from '../../../../schemas/moves.js';
import { SocParamsSchema } from '../../../../schemas/occupations.js';

const tags = ['Career moves'];

export const moveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { moves } = app.services;

  app.get(
    '/:soc/moves',
    {
      schema: {
        tags,
        operationId: 'getOccupationMoves',
        summary: 'Occupations within reach of this one by skills, with their pay, outlook and routes in',
        description:
          "Beyond the spec. Every other unit group scored by the share of its specific (ESCO) skill content this occupation already holds; closest first, with the skills shared and to learn, the median pay of both (ASHE, same year), the target's projection for `area`, its hard-to-fill vacancy share and its routes in, each with its provenance. Closeness is not observed job-to-job flows (see `method`). An occupation with no usable skills answers 404 saying why.",
        params: SocParamsSchema,
        querystring: MovesQuerySchema,
        response: declareResponses(
          { schema: MovesResponseSchema, description: 'The closest moves, with the figures of each target' },
          [400, 401, 404, 429],
        ),
      },
    },
    async (request) => moves.moves(request.params.soc, request.query),
  );

  app.get(
    '/:soc/compare/:other',
    {
      schema: {
        tags,
        operationId: 'compareOccupations',
        summary: 'Two occupations side by side: pay, outlook, vacancies, and the skills shared and to learn each way',
        description:
          'Beyond the spec. `forward` is the move from {soc} to {other}, `backward` the move back; pay difference is other less soc.',
        params: CompareParamsSchema,
        querystring: CompareQuerySchema,
        response: declareResponses(
          { schema: CompareResponseSchema, description: 'The two occupations compared' },
          [400, 401, 404, 429],
        ),
      },
    },
    async (request) => moves.compare(request.params.soc, request.params.other, request.query),
  );
};
