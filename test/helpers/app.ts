import { buildApp, type App } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { issueApiKey } from '../../src/keys/api-key.js';
import { createServices, type Services } from '../../src/services.js';
import type { Store } from '../../src/store/database.js';

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ LMI_DATA_DIR: dataDir, LMI_SECRET: 'test-secret-test-secret-test-secret-0123', LOG_LEVEL: 'silent' }), ...overrides };
}

export interface TestApp {
  app: App;
  services: Services;
  /** A live free-tier key whose own limit is high enough never to get in a test's way (limits are tested on their own keys). */
  key: string;
}

export async function buildTestApp(store: Store & { dataDir: string }): Promise<TestApp> {
  const config = testConfig(store.dataDir);
  const services = createServices(config, store);
  const app = await buildApp(services);
  await app.ready();
  const { key } = await issueApiKey(store.db, { tier: config.tiers[0]!, emailHmac: null, requestsPerMinute: 1_000_000 });
  return { app, services, key };
}
