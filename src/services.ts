import type { Config } from './config.js';
import type { AnySourceDescriptor } from './ingest/source.js';
import { SOURCES } from './ingest/registry.js';
import { CodingIndexCache } from './queries/coding-index.js';
import { CurrentEditions } from './queries/current-editions.js';
import { Occupations } from './queries/occupations.js';
import type { Store } from './store/database.js';

/** What the HTTP layer reads from: built once per process (or per test) and handed to the app. */
export interface Services {
  config: Config;
  store: Store;
  sources: AnySourceDescriptor[];
  currentEditions: CurrentEditions;
  codingIndex: CodingIndexCache;
  occupations: Occupations;
  /** False until the first ingest of this process has finished (when serve ingests on start). */
  readiness: { ingestDone: boolean };
}

export function createServices(config: Config, store: Store, sources: AnySourceDescriptor[] = SOURCES): Services {
  const currentEditions = new CurrentEditions(store.db);
  const codingIndex = new CodingIndexCache(store.db, currentEditions);
  return {
    config,
    store,
    sources,
    currentEditions,
    codingIndex,
    occupations: new Occupations(store.db, currentEditions, codingIndex),
    readiness: { ingestDone: true },
  };
}
