import type { Config } from './config.js';
import { SOURCES } from './ingest/registry.js';
import { openStore, type Store } from './store/database.js';
import { migrateToLatest } from './store/migrate.js';
import { registerSources } from './store/sources.js';

/** Opens the configured store, brings its schema up to date and registers the sources in code. */
export async function openMigratedStore(config: Config): Promise<Store> {
  const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(store);
    await registerSources(store.db, SOURCES);
    return store;
  } catch (error) {
    await store.close();
    throw error;
  }
}
