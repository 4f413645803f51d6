import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { issueApiKey } from '../../src/keys/api-key.js';
import { createServices, type Services } from '../../src/services.js';
import type { Dialect, Store } from '../../src/store/database.js';
import type { TestStore } from './stores.js';
import { sharedBuilds } from './shared-builds.js';
import { sharedSearchBuilds } from './shared-search.js';
import { copyTemplate } from './template-databases.js';

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      LMI_DATA_DIR: dataDir,
      LMI_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'silent',
    }),
    ...overrides,
  };
}

export interface TestApp {
  app: App;
  services: Services;
  /** A live free-tier key whose own limit is high enough never to get in a test's way (limits are tested on their own keys). */
  key: string;
}

/** The app, as `lmi serve` builds it, over a store. */
export async function buildTestApp(
  store: Store & { dataDir: string },
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const config = testConfig(store.dataDir, overrides);
  const services = createServices(config, store, { buildSearch: sharedSearchBuilds, runBuild: sharedBuilds });
  const app = await buildApp(services);
  await app.ready();
  const { key } = await issueApiKey(store.db, {
    tier: config.tiers[0]!,
    emailHmac: null,
    requestsPerMinute: 1_000_000,
  });
  return { app, services, key };
}

export interface ServedApp extends TestApp {
  store: TestStore;
  /** GET with the test's key. */
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Makes the app see editions an ingest in the test has just published. */
  refresh(): void;
  close(): Promise<void>;
}

/** The app serving its own copy of the template: every source of the registry, ingested from the real mirror. */
export async function servedFromTemplate(dialect: Dialect): Promise<ServedApp> {
  return serve(await copyTemplate(dialect));
}

/** The app serving a store the test prepared (an empty one, or a copy it changed). */
export async function serve(store: TestStore, overrides: Partial<Config> = {}): Promise<ServedApp> {
  const served = await buildTestApp(store, overrides);
  return {
    ...served,
    store,
    get: (url, headers = {}) => served.app.inject({ url, headers: { 'x-api-key': served.key, ...headers } }),
    refresh: () => served.services.currentEditions.invalidate(),
    async close() {
      await served.app.close();
      await store.dispose();
    },
  };
}
