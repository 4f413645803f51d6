import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { declareResponses } from '../../../http/declared-responses.js';
import { OccupationSummarySchema } from '../../../schemas/occupations.js';

const tags = ['Occupations'];

export async function occupationRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The 412 SOC 2020 unit groups',
        response: declareResponses({ schema: Type.Array(OccupationSummarySchema), description: 'Every unit group, by code' }, [401, 429]),
      },
    },
    async () => services.occupations.list(),
  );
}
