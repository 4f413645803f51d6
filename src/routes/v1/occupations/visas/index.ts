import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declareResponses } from '../../../../http/declared-responses.js';
import { VISA_ILLUSTRATION } from '../../../../schemas/illustrations.js';
import { SocParamsSchema } from '../../../../schemas/occupations.js';
import { VisaResponseSchema } from '../../../../schemas/visas.js';
import { UNTIL_RELEASED } from '../../visas/index.js';

const tags = ['Visas'];

export const occupationVisaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { visas } = app.services;

  app.get(
    '/:soc/visas',
    {
      schema: {
        tags,
        operationId: 'getOccupationVisas',
        summary: 'Sponsored work visa applications and grants of an occupation (Home Office)',
        description: `The latest four quarters with the occupation's rank by grants, its routes, nationalities and industries, and every quarter since 2024 Q4. ${UNTIL_RELEASED}`,
        params: SocParamsSchema,
        response: declareResponses(
          {
            schema: VisaResponseSchema,
            description: 'The latest four quarters and every quarter since 2024 Q4',
            illustration: VISA_ILLUSTRATION,
          },
          [401, 404, 429],
        ),
      },
    },
    async (request) => visas.occupation(request.params.soc),
  );
};
