import type { Config } from './config.js';
import type { AnySourceDescriptor } from './ingest/source.js';
import { SOURCES } from './ingest/registry.js';
import { CurrentEditions } from './queries/current-editions.js';
import { Occupations } from './queries/occupations.js';
import type { Store } from './store/database.js';

/** What the HTTP layer reads from: built once per process (or per test) and handed to the app. */
export interface Services {
  config: Config;
  store: Store;
  sources: AnySourceDescriptor[];
  currentEditions: CurrentEditions;
  occupations: Occupations;
  /** False until the first ingest of this process has finished (when serve ingests on start). */
  readiness: { ingestDone: boolean };
}

export function createServices(config: Config, store: Store, sources: AnySourceDescriptor[] = SOURCES): Services {
  const currentEditions = new CurrentEditions(store.db);
  return {
    config,
    store,
    sources,
    currentEditions,
    occupations: new Occupations(store.db, currentEditions),
    readiness: { ingestDone: true },
  };
}
