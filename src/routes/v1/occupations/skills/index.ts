import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declareResponses } from '../../../../http/declared-responses.js';
import { SocParamsSchema } from '../../../../schemas/occupations.js';
import { SkillsQuerySchema, SkillsResponseSchema } from '../../../../schemas/skills.js';

export const skillRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { skills } = app.services;

  app.get(
    '/:soc/skills',
    {
      schema: {
        tags: ['Skills and work profile'],
        operationId: 'getOccupationSkills',
        summary: 'Skills of the ESCO occupations related to the occupation through ISCO-08',
        description:
          'Related, not equivalent, occupations: ESCO classifies by ISCO-08. Skills are ranked by how many related occupations share them.',
        params: SocParamsSchema,
        querystring: SkillsQuerySchema,
        response: declareResponses(
          { schema: SkillsResponseSchema, description: 'Related ESCO occupations and their most widely shared skills' },
          [400, 401, 404, 429],
        ),
      },
    },
    async (request) => skills.skills(request.params.soc, request.query.relation ?? null, request.query.limit),
  );
};
