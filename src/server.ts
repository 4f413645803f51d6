import { buildApp, loggerOptions, type App } from './app.js';
import type { Config, LogFormat } from './config.js';
import { missingServeFlags } from './heap.js';
import { metricsServer } from './http/metrics.js';
import { recoverInterruptedIngests } from './ingest/interrupted.js';
import { RefreshSchedule } from './refresh-schedule.js';
import { openMigratedStore } from './runtime.js';
import { integrityProblem } from './store/database.js';
import { createServices } from './services.js';
import { Problem } from './domain/problems.js';
import { resolveSecret } from './keys/secret.js';
import { WebhookDeliverer } from './webhooks/deliverer.js';

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
  // A damaged embedded file serves what it can, but /readyz fails from the start, saying why.
  const damage = await integrityProblem(store);
  if (damage) {
    store.health.corruption = damage;
    app.log.error({ store: store.location, finding: damage }, 'the database file failed its integrity check');
  }
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
  // The change feed's webhooks, sent from the outbox on their own timer, off every request's path.
  const deliverer = new WebhookDeliverer(
    store.db,
    services.changes,
    { publicUrl: config.publicUrl, serviceSecret: resolveSecret(config), ...config.webhooks },
    () => new Date(),
    app.log,
  );
  app.addHook('onClose', () => deliverer.stop());
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ store: store.location, dialect: store.dialect }, 'serving');
  const missing = missingServeFlags();
  if (missing.length > 0)
    app.log.warn(
      { missing },
      'node was started without the flags lmi serve is meant to run with (bin/lmi.js, npm start): some starts will serve cached answers up to half as fast (docs/deployment.md)',
    );
  deliverer.start(config.webhooks.intervalMs);
  if (metrics && config.metrics.serve === 'own-port') {
    await metrics.listen({ port: config.metrics.port, host: config.host });
    app.log.info({ port: config.metrics.port }, 'metrics served on their own port');
  }

  // What every later request reads, built before the first caller needs it (and before /readyz
  // says ready): the warm list of the per-edition memos (src/queries/editions-memo.ts). A source
  // with no release answers 404 here as it would to a caller: nothing to build.
  const warmUp = () =>
    services.readiness.warm((memo, ms, error) => {
      if (!error) app.log.info({ memo, ms: Math.round(ms) }, 'built');
      else if (error instanceof Problem) app.log.info({ memo, err: error }, 'nothing to build yet');
      else app.log.error({ memo, err: error }, 'build failed');
    });

  if (!options.ingestOnStart) {
    void warmUp();
    refresh.start();
  } else {
    services.readiness.pending = 'The first ingest is still running.';
    const started = Date.now();
    refresh
      .runNow(false)
      .then(() => app.log.info({ ms: Date.now() - started }, 'ingest done'))
      .catch((error: unknown) => app.log.error({ err: error }, 'ingest failed'))
      .finally(async () => {
        services.currentEditions.invalidate();
        await warmUp();
        refresh.start();
      });
  }
  return app;
}
