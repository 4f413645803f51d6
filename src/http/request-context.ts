import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The matched route's config, with its URL template (none on a 404), read once per request:
     * Fastify's `request.routeOptions` builds a new object on every read, and the hooks of a
     * request read the config four or five times.
     */
    route: RouteConfig | null;
  }
}

export type RouteConfig = FastifyContextConfig & { url?: string };

/** The request's route config: as read by the first hook, or (for a request answered before the hooks ran: a URL that does not decode) read now. */
export function routeConfig(request: FastifyRequest): RouteConfig {
  return request.route ?? request.routeOptions.config;
}

/** The first hook of every request: its route's config, and its id echoed in X-Request-Id. */
export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('route', null);
  app.addHook('onRequest', (request, reply, done) => {
    request.route = request.routeOptions.config;
    reply.header('x-request-id', request.id);
    done();
  });
}
