import { buildApp, loggerOptions, type App } from './app.js';
import type { Config, LogFormat } from './config.js';
import { metricsServer } from './http/metrics.js';
import { recoverInterruptedIngests } from './ingest/interrupted.js';
import { ingestSources } from './ingest/pipeline.js';
import { loggedProgress } from './ingest/progress.js';
import { SOURCES } from './ingest/registry.js';
import { upstreamFor } from './ingest/upstream.js';
import { openMigratedStore } from './runtime.js';
import { createServices } from './services.js';

/** Human-readable lines when asked, or by default when stdout is a terminal (`npm start` in a shell); JSON otherwise. */
export function prettyLogs(format: LogFormat, stdoutIsTty = process.stdout.isTTY === true): boolean {
  return format === 'pretty' || (format === 'auto' && stdoutIsTty);
}

export interface ServeOptions {
  /** Read upstream releases after listening (the embedded default's `npm start`). */
  ingestOnStart: boolean;
}

/** The process entry for `lmi serve`: config in, migrate, listen, optional ingest, graceful close. */
export async function serve(config: Config, options: ServeOptions): Promise<App> {
  const store = await openMigratedStore(config);
  // Services log through the app's logger, which exists once the app is built.
  let app: App | null = null;
  const services = createServices(config, store, {
    logger: { info: (obj, msg) => app?.log.info(obj, msg), error: (obj, msg) => app?.log.error(obj, msg) },
  });
  app = await buildApp(services, { logger: loggerOptions(config.logLevel, prettyLogs(config.logFormat)) });
  const metrics = config.metrics.serve === 'own-port' && app.metrics ? await metricsServer(app.metrics) : null;

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing');
    await app.close();
    await metrics?.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  // Releases a killed ingest left half-read are held back with the reason (/v1/meta/editions, /v1/meta/ingest).
  for (const edition of await recoverInterruptedIngests(store)) {
    app.log.warn({ edition: edition.id, source: edition.sourceKey, label: edition.label, was: edition.status }, 'an interrupted ingest left this release unfinished: marked quarantined');
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ store: store.location, dialect: store.dialect }, 'serving');
  if (metrics && config.metrics.serve === 'own-port') {
    await metrics.listen({ port: config.metrics.port, host: config.host });
    app.log.info({ port: config.metrics.port }, 'metrics served on their own port');
  }

  // Build the job-title search before the first caller needs it.
  const warmSearch = () =>
    services.codingIndex
      .get()
      .then((view) => view && app.log.info({ ms: Math.round(view.buildMs), edition: view.edition.label }, 'search index built'))
      .catch((error: unknown) => app.log.error({ err: error }, 'search index build failed'));

  if (!options.ingestOnStart) {
    void warmSearch();
  } else {
    services.readiness.ingestDone = false;
    const upstream = upstreamFor(config.upstreamDir);
    app.log.info({ upstream: upstream.description }, 'ingest started');
    const started = Date.now();
    // The ingest writes through a connection of its own: on SQLite, publishing a release holds its
    // connection for the whole transaction, which must not hold up the requests being served.
    const ingestStore = await openMigratedStore(config);
    const progress = loggedProgress(app.log);
    ingestSources({ store: ingestStore, upstream, sources: SOURCES, progress: { ...progress, sourceDone: (result) => { progress.sourceDone(result); services.currentEditions.invalidate(); } } })
      .then(() => app.log.info({ ms: Date.now() - started }, 'ingest done'))
      .catch((error: unknown) => app.log.error({ err: error }, 'ingest failed'))
      .finally(async () => {
        await ingestStore.close();
        services.currentEditions.invalidate();
        await warmSearch();
        services.readiness.ingestDone = true;
      });
  }
  return app;
}
