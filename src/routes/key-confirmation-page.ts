import type { FastifyInstance } from 'fastify';
import { confirmationFailedPage, confirmationPage, PAGE_SECURITY_HEADERS } from '../keys/pages.js';
import { ConfirmPageQuerySchema } from '../schemas/keys.js';

/** The page the e-mailed link opens: no side effects, just the button that posts the token. */
export async function keyConfirmationPageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { token?: string } }>(
    '/keys/confirm',
    { config: { access: 'open' }, schema: { hide: true, querystring: ConfirmPageQuerySchema } },
    async (request, reply) => {
      const token = request.query.token;
      reply.headers(PAGE_SECURITY_HEADERS).type('text/html; charset=utf-8');
      if (!token) return reply.code(400).send(confirmationFailedPage());
      return reply.send(confirmationPage(token));
    },
  );
}
