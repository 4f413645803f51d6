import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { Problem } from '../../domain/problems.js';
import { EXPLORE_CSS, EXPLORE_ICON } from '../../explore/assets.js';
import type { SafeHtml } from '../../html.js';
import { downloadsPage } from '../../explore/downloads-page.js';
import { occupationPage } from '../../explore/occupation-page.js';
import { EXPLORE_SECURITY_HEADERS, ICON, STYLESHEET } from '../../explore/page.js';
import { problemPage, searchPage } from '../../explore/search-page.js';
import { LIMITS } from '../../ratelimit/policies.js';

/** Pages are open (no key: the explorer calls the query layer itself and never holds one) and limited per client address. */
const pageConfig = { access: 'open', clientLimit: { name: 'explore', ...LIMITS.explore } } as const;
const assetConfig = { access: 'open' } as const;

function sendHtml(reply: FastifyReply, markup: SafeHtml, status = 200): FastifyReply {
  return reply
    .headers(EXPLORE_SECURITY_HEADERS)
    .header('cache-control', 'public, max-age=60')
    .type('text/html; charset=utf-8')
    .code(status)
    .send(markup.markup);
}

/** The web explorer: server-rendered pages over `app.services`, the same queries as the API. */
export const exploreRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { services } = app;

  app.get(
    '/explore',
    { config: pageConfig, schema: { hide: true, querystring: Type.Object({ q: Type.Optional(Type.String()) }) } },
    async (request, reply) => {
      const { status, page } = await searchPage(services, request.query.q);
      return sendHtml(reply, page, status);
    },
  );

  app.get(
    '/explore/occupations/:soc',
    { config: pageConfig, schema: { hide: true, params: Type.Object({ soc: Type.String() }) } },
    async (request, reply) => {
      const { soc } = request.params;
      try {
        return sendHtml(reply, await occupationPage(services, soc));
      } catch (error) {
        if (error instanceof Problem && error.status === 404)
          return sendHtml(reply, problemPage('No such occupation', error.detail), 404);
        throw error;
      }
    },
  );

  app.get('/explore/downloads', { config: pageConfig, schema: { hide: true } }, async (_request, reply) =>
    sendHtml(reply, await downloadsPage(services)),
  );

  app.get(STYLESHEET, { config: assetConfig, schema: { hide: true } }, async (_request, reply) =>
    reply
      .headers(EXPLORE_SECURITY_HEADERS)
      .header('cache-control', 'public, max-age=3600')
      .type('text/css; charset=utf-8')
      .send(EXPLORE_CSS),
  );
  app.get(ICON, { config: assetConfig, schema: { hide: true } }, async (_request, reply) =>
    reply
      .headers(EXPLORE_SECURITY_HEADERS)
      .header('cache-control', 'public, max-age=86400')
      .type('image/svg+xml')
      .send(EXPLORE_ICON),
  );
};
