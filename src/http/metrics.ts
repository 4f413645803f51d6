import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { MetricsSetting } from '../config.js';
import { Problem } from '../domain/problems.js';
import type { RateLimitStore } from '../ratelimit/limiter.js';
import { LIMITS } from '../ratelimit/policies.js';
import type { ResponseCache } from './caching.js';
import type { OneLinePerRequest } from './request-log.js';
import { RequestDurations } from './request-durations.js';

/** What the metrics read at scrape time: the response cache's counts and the ingest's runs from the database. */
interface MetricsSources {
  responseCache: ResponseCache;
  rateLimits: RateLimitStore;
  meta: {
    ingestCounts(): Promise<{
      runs: Array<{ sourceKey: string; outcome: string; runs: number }>;
      quarantined: Map<string, number>;
    }>;
  };
}

/** Process metrics (CPU, memory, event loop, GC) belong to the process, so they are collected once whatever the number of apps. */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'lmi_' });
  }
  return processRegistry;
}

/**
 * The Prometheus metrics of one app (its own registry, so tests can build several apps). The
 * per-request cost is one observation counted in place (RequestDurations) when the response has
 * gone; everything else is read when Prometheus scrapes.
 */
class AppMetrics {
  readonly registry = new Registry();
  readonly requests = new RequestDurations();
  private readonly discoveryDocuments: Counter<'source' | 'result'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    processMetrics();
    const cache = sources.responseCache;
    new Counter({
      name: 'lmi_response_cache_lookups_total',
      help: 'Lookups in the in-process cache of serialised response bodies, by result (hit or miss).',
      labelNames: ['result'],
      registers,
      collect() {
        this.reset();
        this.inc({ result: 'hit' }, cache.hits);
        this.inc({ result: 'miss' }, cache.misses);
      },
    });
    new Counter({
      name: 'lmi_response_cache_hits_before_routing_total',
      help: 'Of the cache hits, those answered in front of the router (a keyed GET whose key and limit the hit path settled).',
      registers,
      collect() {
        this.reset();
        this.inc(cache.hitsBeforeRouting);
      },
    });
    new Gauge({
      name: 'lmi_response_cache_entries',
      help: 'Bodies held in the response cache.',
      registers,
      collect() {
        this.set(cache.size);
      },
    });
    const { standIn } = sources.rateLimits;
    if (standIn) {
      new Gauge({
        name: 'lmi_rate_limit_redis_away',
        help: "1 while Redis is away and this replica's own counts apply the rate limits (per replica), else 0.",
        registers,
        collect() {
          this.set(standIn.active ? 1 : 0);
        },
      });
      new Counter({
        name: 'lmi_rate_limit_redis_outages_total',
        help: 'Times Redis went away and the in-process counts stood in, since the process started.',
        registers,
        collect() {
          this.reset();
          this.inc(standIn.began);
        },
      });
    }
    this.discoveryDocuments = new Counter({
      name: 'lmi_discovery_documents_total',
      help: "Publisher documents read by discovery in this server's ingests, by result: downloaded whole, or not_modified (a 304 answered from the kept copy).",
      labelNames: ['source', 'result'],
      registers,
    });
    // The ingest may run in another process (a scheduled `lmi ingest`): its runs are read from the database at scrape time.
    let ingest: ReturnType<MetricsSources['meta']['ingestCounts']> | null = null;
    const ingestCounts = () =>
      (ingest ??= sources.meta.ingestCounts().finally(() => setImmediate(() => (ingest = null))));
    new Counter({
      name: 'lmi_ingest_runs_total',
      help: 'Finished ingest runs by source and outcome (published, unchanged, unavailable, quarantined, failed), from every process that ingests into this database.',
      labelNames: ['source', 'outcome'],
      registers,
      async collect() {
        this.reset();
        for (const run of (await ingestCounts()).runs)
          this.inc({ source: run.sourceKey, outcome: run.outcome }, run.runs);
      },
    });
    new Gauge({
      name: 'lmi_editions_quarantined',
      help: 'Releases held back by a failed check, by source (the previous release keeps serving).',
      labelNames: ['source'],
      registers,
      async collect() {
        this.reset();
        for (const [source, count] of (await ingestCounts()).quarantined) this.set({ source }, count);
      },
    });
  }

  /** Counts the documents a source's discovery read in an ingest this server ran (reported over IPC by its child). */
  countDiscoveryDocuments(source: string, counts: { downloaded: number; notModified: number }): void {
    this.discoveryDocuments.inc({ source, result: 'downloaded' }, counts.downloaded);
    this.discoveryDocuments.inc({ source, result: 'not_modified' }, counts.notModified);
  }

  async exposition(): Promise<{ contentType: string; body: string }> {
    const [own, process] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return { contentType: this.registry.contentType, body: `${process}\n${this.requests.exposition()}\n${own}` };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when LMI_METRICS=off. */
    metrics: AppMetrics | null;
  }
}

/** GET /metrics in the Prometheus text format: no key, never cached, left out of the OpenAPI document. */
/**
 * `/metrics`: beside the API it is limited per client as `/v1/meta` is (a scrape is about 0.5 MB),
 * and asks for `Authorization: Bearer <LMI_METRICS_TOKEN>` when one is set; on its own port, neither.
 */
function metricsRoute(app: FastifyInstance, metrics: AppMetrics, token: string | null = null): void {
  const expected = token === null ? null : Buffer.from(`Bearer ${token}`);
  const config = token === null ? { clientLimit: { name: 'metrics', ...LIMITS.meta } } : {};
  app.get(
    '/metrics',
    { config: { access: 'open', cache: false, ...config }, schema: { hide: true } },
    async (request, reply) => {
      if (expected) {
        const given = Buffer.from(request.headers.authorization ?? '');
        if (given.length !== expected.length || !timingSafeEqual(given, expected))
          throw new Problem('metrics-token-required', 'Send the metrics token as Authorization: Bearer <token>.');
      }
      const { contentType, body } = await metrics.exposition();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    },
  );
}

/**
 * Counts every request of the app, unless metrics are off. `/metrics` is served beside the API
 * (`with-api`), or only by `metricsServer` on a port of its own (`own-port`).
 */
export function registerMetrics(
  app: FastifyInstance,
  sources: MetricsSources,
  setting: MetricsSetting,
  requestEnd: OneLinePerRequest,
  token: string | null,
): void {
  if (setting.serve === 'off') {
    app.decorate('metrics', null);
    return;
  }
  const metrics = new AppMetrics(sources);
  app.decorate('metrics', metrics);
  // Observed where the request's log line is written: an onResponse hook would cost a hook run on every request.
  requestEnd.onCompleted(({ route, method, status, ms }) => metrics.requests.observe(route, method, status, ms / 1000));
  if (setting.serve === 'with-api') metricsRoute(app, metrics, token);
}

/** A listener that serves only /metrics, for LMI_METRICS=<port>: scrapes stay off the public port. */
export async function metricsServer(metrics: AppMetrics): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  metricsRoute(server, metrics);
  await server.ready();
  return server;
}
