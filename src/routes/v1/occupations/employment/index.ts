import type { FastifyInstance } from 'fastify';
import { declareResponses } from '../../../../http/declared-responses.js';
import { EmploymentQuerySchema, EmploymentResponseSchema, WorkforceResponseSchema } from '../../../../schemas/employment.js';
import { SocParamsSchema } from '../../../../schemas/occupations.js';

const tags = ['Employment'];

export async function employmentRoutes(app: FastifyInstance): Promise<void> {
  const { employment } = app.services;

  app.get<{ Params: { soc: string }; Querystring: { area: string } }>(
    '/:soc/employment',
    {
      schema: {
        tags,
        summary: 'People in employment in the occupation: latest count, share of all employment, and a yearly series',
        params: SocParamsSchema,
        querystring: EmploymentQuerySchema,
        response: declareResponses({ schema: EmploymentResponseSchema, description: 'Employment' }, [400, 401, 404, 429]),
      },
    },
    async (request) => employment.employment(request.params.soc, request.query.area),
  );

  app.get<{ Params: { soc: string } }>(
    '/:soc/workforce',
    {
      schema: {
        tags,
        summary: 'Who works in the occupation: the industries employing most',
        params: SocParamsSchema,
        response: declareResponses({ schema: WorkforceResponseSchema, description: 'Workforce make-up' }, [401, 404, 429]),
      },
    },
    async (request) => employment.workforce(request.params.soc),
  );
}
