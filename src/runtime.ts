import type { Config } from './config.js';
import { SOURCE_PROFILES } from './ingest/source-profiles.js';
import { openStore, type Store } from './store/database.js';
import { migrateToLatest } from './store/migrate.js';
import { registerSources } from './store/sources.js';

/** Opens the configured store, brings its schema up to date and registers the sources in code. */
export async function openMigratedStore(config: Config): Promise<Store> {
  const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(store);
    await registerSources(store.db, SOURCE_PROFILES);
    return store;
  } catch (error) {
    await store.close();
    throw error;
  }
}
