import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { Problem } from '../../domain/problems.js';
import { EXPLORE_CSS, EXPLORE_ICON } from '../../explore/assets.js';
import { comparePage, comparisonOf, EMBED, embedComparePage } from '../../explore/compare-page.js';
import type { SafeHtml } from '../../html.js';
import { downloadsPage, EXPLORE_DOWNLOADS } from '../../explore/downloads-page.js';
import { embedInstructionsPage } from '../../explore/embed-page.js';
import { occupationPage } from '../../explore/occupation-page.js';
import { EXPLORE, EXPLORE_SECURITY_HEADERS, ICON, STYLESHEET, embedSecurityHeaders } from '../../explore/page.js';
import { problemPage, searchPage } from '../../explore/search-page.js';
import { sendBulkFile } from '../../http/download.js';
import { LIMITS } from '../../ratelimit/policies.js';
import { parseFile } from '../v1/bulk/index.js';

/** Pages are open (no key: the explorer calls the query layer itself and never holds one) and limited per client address. */
const pageConfig = { access: 'open', clientLimit: { name: 'explore', ...LIMITS.explore } } as const;
const embedConfig = { access: 'open', clientLimit: { name: 'embed', ...LIMITS.embed } } as const;
const downloadConfig = {
  access: 'open',
  clientLimit: { name: 'explore-downloads', ...LIMITS.exploreDownloads },
} as const;
const assetConfig = { access: 'open' } as const;

const CompareQuerySchema = Type.Object({
  codes: Type.Optional(Type.String({ maxLength: 100 })),
  job: Type.Optional(
    Type.Union([Type.String({ maxLength: 200 }), Type.Array(Type.String({ maxLength: 200 }), { maxItems: 3 })]),
  ),
});

function sendHtml(
  reply: FastifyReply,
  markup: SafeHtml,
  status = 200,
  headers: Record<string, string> = EXPLORE_SECURITY_HEADERS,
): FastifyReply {
  return reply
    .headers(headers)
    .header('cache-control', 'public, max-age=60')
    .type('text/html; charset=utf-8')
    .code(status)
    .send(markup.markup);
}

/** A 400 or 404 problem as a page with its status; anything else is an error. */
function problemAsPage(reply: FastifyReply, error: unknown, headers?: Record<string, string>): FastifyReply {
  if (error instanceof Problem && (error.status === 400 || error.status === 404))
    return sendHtml(
      reply,
      problemPage(error.status === 404 ? 'Not found' : 'Not a comparison', error.detail),
      error.status,
      headers,
    );
  throw error;
}

/** The web explorer: server-rendered pages over `app.services`, the same queries as the API, and its embeddable comparison. */
export const exploreRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { services } = app;
  const embedHeaders = embedSecurityHeaders(services.config.embedFrameAncestors);

  app.get(
    EXPLORE,
    { config: pageConfig, schema: { hide: true, querystring: Type.Object({ q: Type.Optional(Type.String()) }) } },
    async (request, reply) => {
      const { status, page } = await searchPage(services, request.query.q);
      return sendHtml(reply, page, status);
    },
  );

  app.get(
    `${EXPLORE}/occupations/:soc`,
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

  app.get(
    `${EXPLORE}/compare`,
    { config: pageConfig, schema: { hide: true, querystring: CompareQuerySchema } },
    async (request, reply) => {
      try {
        return sendHtml(reply, comparePage(services, await comparisonOf(services, request.query)));
      } catch (error) {
        return problemAsPage(reply, error);
      }
    },
  );

  app.get(
    EMBED,
    { config: embedConfig, schema: { hide: true, querystring: CompareQuerySchema } },
    async (request, reply) => {
      try {
        const comparison = await comparisonOf(services, request.query);
        return sendHtml(reply, embedComparePage(services, comparison), 200, embedHeaders);
      } catch (error) {
        return problemAsPage(reply, error, embedHeaders);
      }
    },
  );

  app.get(`${EXPLORE}/embed`, { config: pageConfig, schema: { hide: true } }, async (_request, reply) =>
    sendHtml(reply, await embedInstructionsPage(services)),
  );

  app.get(EXPLORE_DOWNLOADS, { config: pageConfig, schema: { hide: true } }, async (_request, reply) =>
    sendHtml(reply, await downloadsPage(services)),
  );

  // A bulk file for a browser: the same file as GET /v1/bulk, with no key (the explorer shows these figures to anyone).
  app.get(
    `${EXPLORE_DOWNLOADS}/:source/:file`,
    {
      config: downloadConfig,
      schema: { hide: true, params: Type.Object({ source: Type.String(), file: Type.String() }) },
    },
    async (request, reply) => {
      const { edition, format } = parseFile(request.params.file);
      const file = await services.bulk.file(request.params.source, edition, format);
      return sendBulkFile(request, reply, file, services.bulkFiles, services.downloadSlots);
    },
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
