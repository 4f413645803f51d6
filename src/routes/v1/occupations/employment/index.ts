import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declareResponses } from '../../../../http/declared-responses.js';
import {
  EmploymentQuerySchema,
  EmploymentResponseSchema,
  WorkforceResponseSchema,
} from '../../../../schemas/employment.js';
import { SocParamsSchema } from '../../../../schemas/occupations.js';

const tags = ['Employment'];

export const employmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { employment } = app.services;

  app.get(
    '/:soc/employment',
    {
      schema: {
        tags,
        operationId: 'getOccupationEmployment',
        summary: 'People in employment in the occupation: latest count, share of all employment, and a yearly series',
        params: SocParamsSchema,
        querystring: EmploymentQuerySchema,
        response: declareResponses(
          { schema: EmploymentResponseSchema, description: 'Employment' },
          [400, 401, 404, 429],
        ),
      },
    },
    async (request) => employment.employment(request.params.soc, request.query.area),
  );

  app.get(
    '/:soc/workforce',
    {
      schema: {
        tags,
        operationId: 'getOccupationWorkforce',
        summary: 'Who works in the occupation: the industries employing most',
        params: SocParamsSchema,
        response: declareResponses(
          { schema: WorkforceResponseSchema, description: 'Workforce make-up' },
          [401, 404, 429],
        ),
      },
    },
    async (request) => employment.workforce(request.params.soc),
  );
};
