import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PROBLEM_KINDS, type ProblemKind } from '../domain/problems.js';
import { ProblemKindParamsSchema } from '../schemas/problem.js';

/** Each problem `type` URI resolves to a short description of that kind of problem. */
export const problemTypeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/problems/:kind',
    { config: { access: 'open' }, schema: { hide: true, params: ProblemKindParamsSchema } },
    async (request, reply) => {
      const kind = request.params.kind as ProblemKind;
      const entry = PROBLEM_KINDS[kind];
      if (!entry) return reply.callNotFound();
      return { type: `/problems/${kind}`, title: entry.title, status: entry.status };
    },
  );
};
