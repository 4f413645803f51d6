/**
 * Tests build what `lmi serve` builds, through the composition root (src/services.ts), over their
 * own copy of the template database. Each helper registers its suite's `before` and `after`, so a
 * suite gets its services or served app in one line and never wires query classes by hand.
 */
import { after, before } from 'node:test';
import { createServices, type Services } from '../../src/services.js';
import type { Dialect } from '../../src/store/database.js';
import type { SourceKey } from '../../src/domain/sources.js';
import { serve, testConfig, type ServedApp } from './served-app.js';
import { sharedBuilds } from './shared-builds.js';
import { sharedSearchBuilds } from './shared-search.js';
import type { TestStore } from './stores.js';
import { copyTemplate, withdrawSources } from './template-databases.js';

function built<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('used outside the tests of the suite that set it up');
  return value;
}

interface SuiteServices {
  readonly services: Services;
  readonly store: TestStore;
}

/** The services over a copy of the template, for the tests of the enclosing suite. */
export function servicesForSuite(dialect: Dialect): SuiteServices {
  let store: TestStore | undefined;
  let services: Services | undefined;
  before(async () => {
    store = await copyTemplate(dialect);
    services = createServices(testConfig(store.dataDir), store, {
      buildSearch: sharedSearchBuilds,
      runBuild: sharedBuilds,
    });
  });
  after(() => store?.dispose());
  return {
    get services() {
      return built(services);
    },
    get store() {
      return built(store);
    },
  };
}

/**
 * The app serving a copy of the template, for the tests of the enclosing suite; `withdrawn` sources
 * are taken out of the copy first, to test what the API says before a release of them exists.
 */
export function appForSuite(dialect: Dialect, options: { withdrawn?: readonly SourceKey[] } = {}): ServedApp {
  let served: ServedApp | undefined;
  before(async () => {
    const store = await copyTemplate(dialect);
    if (options.withdrawn) await withdrawSources(store, [...options.withdrawn]);
    served = await serve(store);
  });
  after(() => served?.close());
  return {
    get app() {
      return built(served).app;
    },
    get services() {
      return built(served).services;
    },
    get key() {
      return built(served).key;
    },
    get store() {
      return built(served).store;
    },
    get: (url, headers) => built(served).get(url, headers),
    refresh: () => built(served).refresh(),
    close: () => built(served).close(),
  };
}
