import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sendPage } from '../http/html-page.js';
import { confirmationFailedPage, confirmationPage } from '../keys/pages.js';
import { ConfirmPageQuerySchema } from '../schemas/keys.js';

/** The page the e-mailed link opens: no side effects, just the button that posts the token. */
export const keyConfirmationPageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/keys/confirm',
    { config: { access: 'open' }, schema: { hide: true, querystring: ConfirmPageQuerySchema } },
    async (request, reply) => {
      const token = request.query.token;
      return token ? sendPage(reply, confirmationPage(token)) : sendPage(reply, confirmationFailedPage(), 400);
    },
  );
};
