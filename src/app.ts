import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerApiKeyAuth } from './http/auth.js';
import { registerCacheHits } from './http/cache-hits.js';
import { registerCaching } from './http/caching.js';
import { registerDeprecations } from './http/deprecation.js';
import { registerDocs } from './http/docs.js';
import { edgeServerOptions, registerEdgeGuards } from './http/edge.js';
import { frameworkProblem, registerProblemHandlers } from './http/errors.js';
import { stdoutLogDestination } from './http/log-destination.js';
import { registerMetrics } from './http/metrics.js';
import { registerQueryParameterRule } from './http/query-parameters.js';
import { registerRateLimits } from './http/rate-limit.js';
import { redactedUrl, requestIdOf } from './http/edge-rules.js';
import { registerRequestContext } from './http/request-context.js';
import { lazyRequestLogger, OneLinePerRequest } from './http/request-log.js';
import { exploreRoutes } from './routes/explore/index.js';
import { healthRoutes } from './routes/health.js';
import { keyConfirmationPageRoutes } from './routes/key-confirmation-page.js';
import { mcpRoutes } from './routes/mcp.js';
import { methodDocRoutes } from './routes/method-docs.js';
import { problemTypeRoutes } from './routes/problems.js';
import { TAGS, v1Routes } from './routes/v1/index.js';
import type { Services } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export type App = FastifyInstance;

/**
 * Pino's options: JSON lines, or with `pretty` one readable line per event through pino-pretty,
 * which formats in a worker thread (pino's transport), off the thread that answers requests.
 * JSON lines go out in batches, one write per 32 KiB (`stdoutLogDestination`); buffered lines
 * are flushed when the process exits.
 */
export function loggerOptions(level: string, pretty = false): FastifyServerOptions['logger'] {
  return {
    level,
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : { stream: stdoutLogDestination() }),
    redact: { paths: ['req.headers["x-api-key"]', 'req.headers.authorization'], censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({
        method: req.method,
        url: redactedUrl(req.url),
        id: req.id,
        remoteAddress: req.ip,
      }),
    },
  };
}

/** Builds the HTTP API. The process entry and the tests build the same app. */
export async function buildApp(
  services: Services,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<App> {
  const requestEnd = new OneLinePerRequest();
  const app = Fastify({
    // Never `false`: without a logger Fastify does not watch responses finish, and the metrics are counted then (OneLinePerRequest).
    logger: options.logger ?? { level: 'silent' },
    logController: requestEnd,
    childLoggerFactory: lazyRequestLogger,
    genReqId: requestIdOf,
    ajv: {
      customOptions: {
        verbose: true,
        removeAdditional: false,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: false,
      },
    },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 16 * 1024,
    ...edgeServerOptions(services.config.trustProxy, frameworkProblem),
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('services', services);
  app.addHook('onClose', async () => {
    await services.keyIssuance.settled();
    await services.rateLimits.close();
    await services.keyRevocations.close();
    await services.bulkFiles.close();
  });
  registerRequestContext(app);
  registerProblemHandlers(app, services.store.health);
  registerEdgeGuards(app);
  registerApiKeyAuth(app, services.liveKeys);
  registerRateLimits(app, services.rateLimits, services.config.tiers);
  registerCaching(app, services.currentEditions, services.responseCache);
  registerMetrics(app, services, services.config.metrics, requestEnd, services.config.metricsToken);
  registerDeprecations(app);
  await registerDocs(app, { publicUrl: services.config.publicUrl, tags: TAGS, sources: services.sources.profiles });

  await app.register(healthRoutes);
  await app.register(problemTypeRoutes);
  await app.register(methodDocRoutes);
  await app.register(keyConfirmationPageRoutes);
  registerQueryParameterRule(app);
  await app.register(v1Routes, { prefix: '/v1' });
  await app.register(mcpRoutes);
  await app.register(exploreRoutes);
  registerCacheHits(app, {
    cache: services.responseCache,
    currentEditions: services.currentEditions,
    liveKeys: services.liveKeys,
    rateLimits: services.rateLimits,
    tiers: services.config.tiers,
    trustProxy: services.config.trustProxy,
    requestEnd,
  });
  return app;
}
