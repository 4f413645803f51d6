import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declareResponses } from '../../../../http/declared-responses.js';
import { SocParamsSchema } from '../../../../schemas/occupations.js';
import { WorkProfileResponseSchema } from '../../../../schemas/work-profile.js';

export const workProfileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { workProfile: profiles } = app.services;

  app.get(
    '/:soc/work-profile',
    {
      schema: {
        tags: ['Skills and work profile'],
        operationId: 'getOccupationWorkProfile',
        summary: 'Interests (RIASEC) of the occupation, from O*NET through ISCO-08 and the US SOC',
        description:
          'A weighted average of the O*NET ratings of the US occupations the occupation corresponds to; `basedOn` lists them and `derivation` says how.',
        params: SocParamsSchema,
        response: declareResponses(
          { schema: WorkProfileResponseSchema, description: 'The work profile' },
          [401, 404, 429],
        ),
      },
    },
    async (request) => profiles.workProfile(request.params.soc),
  );
};
