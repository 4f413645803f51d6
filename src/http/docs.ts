import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

const API_DESCRIPTION = `Labour market information for the 412 UK SOC 2020 occupations, from open datasets.
Every figure carries its quality, its coverage and the exact upstream release it came from.
Resolve a job title to a code with /v1/occupations/search, then use the code with the other endpoints.
Errors are RFC 9457 problem details. Keys are free: POST /v1/keys/requests.`;

/** OpenAPI 3.1 generated from the route schemas, at /v1/openapi.json, and a docs page served locally. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'uk-lmi: UK occupations labour market information', version: 'v1', description: API_DESCRIPTION },
      components: {
        securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      },
      security: [{ apiKey: [] }],
    },
    hideUntagged: true,
  });
  // The docs page's own assets and routes need no key (the hook sees only routes added after it).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/docs')) route.config = { ...(route.config ?? {}), access: 'open' };
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiConfig: { deepLinking: true },
    uiHooks: {},
  });
  app.get('/v1/openapi.json', { config: { access: 'open' }, schema: { hide: true } }, async () => app.swagger());
}
