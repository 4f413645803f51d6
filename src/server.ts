import { buildApp, loggerOptions, type App } from './app.js';
import type { Config, LogFormat } from './config.js';
import { metricsServer } from './http/metrics.js';
import { recoverInterruptedIngests } from './ingest/interrupted.js';
import { RefreshSchedule } from './refresh-schedule.js';
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
    app.log.warn(
      { edition: edition.id, source: edition.sourceKey, label: edition.label, was: edition.status },
      'an interrupted ingest left this release unfinished: marked quarantined',
    );
  }
  // Fastify takes hooks only before it listens.
  const refresh = new RefreshSchedule(app, config.refreshIntervalMs, () => services.currentEditions.invalidate());
  app.addHook('onClose', () => refresh.stop());
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ store: store.location, dialect: store.dialect }, 'serving');
  if (metrics && config.metrics.serve === 'own-port') {
    await metrics.listen({ port: config.metrics.port, host: config.host });
    app.log.info({ port: config.metrics.port }, 'metrics served on their own port');
  }

  // Build the job-title search before the first caller needs it.
  const warmSearch = () =>
    services.codingIndex
      .search()
      .then(
        (view) =>
          view &&
          app.log.info({ ms: Math.round(view.buildMs), edition: view.codingIndex.edition.label }, 'search index built'),
      )
      .catch((error: unknown) => app.log.error({ err: error }, 'search index build failed'))
      // The skill profiles of every unit group (skills, moves, compare) before the first caller needs them.
      .then(() => services.skillProfiles.get('Skills'))
      .then(
        (view) =>
          app.log.info({ ms: Math.round(view.buildMs), unitGroups: view.profiles.size }, 'skill profiles built'),
        (error: unknown) => app.log.info({ err: error }, 'no skill profiles yet'),
      );

  if (!options.ingestOnStart) {
    void warmSearch();
    refresh.start();
  } else {
    services.readiness.ingestDone = false;
    const started = Date.now();
    refresh
      .runNow(false)
      .then(() => app.log.info({ ms: Date.now() - started }, 'ingest done'))
      .catch((error: unknown) => app.log.error({ err: error }, 'ingest failed'))
      .finally(async () => {
        services.currentEditions.invalidate();
        await warmSearch();
        services.readiness.ingestDone = true;
        refresh.start();
      });
  }
  return app;
}
