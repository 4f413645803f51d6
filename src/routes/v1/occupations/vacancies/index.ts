import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declareResponses } from '../../../../http/declared-responses.js';
import { SocParamsSchema } from '../../../../schemas/occupations.js';
import { VacancyQuerySchema, VacancyResponseSchema } from '../../../../schemas/vacancies.js';

export const vacancyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { vacancies } = app.services;

  app.get(
    '/:soc/vacancies',
    {
      schema: {
        tags: ['Vacancies'],
        operationId: 'getOccupationVacancies',
        summary: 'Vacancies, hard-to-fill and skill-shortage vacancies of an occupation (Employer Skills Survey)',
        description:
          "The survey codes to SOC 2010: the figures are those of the SOC 2010 unit group that supplies most of the occupation's workers, and `group` and `derivation` say which and how much it covers. UK only.",
        params: SocParamsSchema,
        querystring: VacancyQuerySchema,
        response: declareResponses(
          { schema: VacancyResponseSchema, description: 'The latest and previous survey years, and all occupations' },
          [400, 401, 404, 429],
        ),
      },
    },
    async (request) => vacancies.vacancies(request.params.soc, request.query.area),
  );
};
