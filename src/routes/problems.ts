import type { FastifyInstance } from 'fastify';
import { PROBLEM_KINDS, type ProblemKind } from '../domain/problems.js';

/** Each problem `type` URI resolves to a short description of that kind of problem. */
export async function problemTypeRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { kind: string } }>('/problems/:kind', { config: { access: 'open' }, schema: { hide: true } }, async (request, reply) => {
    const kind = request.params.kind as ProblemKind;
    const entry = PROBLEM_KINDS[kind];
    if (!entry) return reply.callNotFound();
    return { type: `/problems/${kind}`, title: entry.title, status: entry.status };
  });
}
