import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declareResponses } from '../../../http/declared-responses.js';
import { VISA_LIST_ILLUSTRATION } from '../../../schemas/illustrations.js';
import { VisaListQuerySchema, VisaListResponseSchema } from '../../../schemas/visas.js';

const tags = ['Visas'];
export const UNTIL_RELEASED =
  'Answers 404 naming the source `home-office-work-visas` and its page until a release of it has been ingested (see /v1/meta/sources).';

export const visaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { visas } = app.services;

  app.get(
    '/visas',
    {
      schema: {
        tags,
        operationId: 'listVisaOccupations',
        summary: 'Occupations by sponsored work visa grants in the latest four quarters, most first',
        description: `Every occupation with at least one grant, the first \`limit\`. A \`limit\` outside 1 to 412 answers 400 saying so. ${UNTIL_RELEASED}`,
        querystring: VisaListQuerySchema,
        response: declareResponses(
          {
            schema: VisaListResponseSchema,
            description: 'Occupations, most grants first',
            illustration: VISA_LIST_ILLUSTRATION,
          },
          [400, 401, 404, 429],
        ),
      },
    },
    async (request) => visas.list(request.query.limit),
  );
};
