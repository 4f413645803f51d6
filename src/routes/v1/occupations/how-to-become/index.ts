import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declareResponses } from '../../../../http/declared-responses.js';
import { SocParamsSchema } from '../../../../schemas/occupations.js';
import { HowToBecomeResponseSchema } from '../../../../schemas/how-to-become.js';

export const howToBecomeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { howToBecome } = app.services;

  app.get(
    '/:soc/how-to-become',
    {
      schema: {
        tags: ['How to become'],
        operationId: 'getOccupationHowToBecome',
        summary: 'How to become one: the National Careers Service job profiles of the occupation, route by route',
        description:
          'Profiles placed on the unit group by their title or an alternative title, found exactly in the ONS coding index. Each says which release its text is from (`contentNote`, `provenance`): the pages as published in 2026, or the November 2020 content export. A unit group may have several profiles or none.',
        params: SocParamsSchema,
        response: declareResponses(
          { schema: HowToBecomeResponseSchema, description: 'The job profiles of the occupation' },
          [401, 404, 429],
        ),
      },
    },
    async (request) => howToBecome.howToBecome(request.params.soc),
  );
};
