import { ingestSources } from '../../src/ingest/pipeline.js';
import { SOURCES } from '../../src/ingest/registry.js';
import { mirrorUpstream } from '../../src/ingest/upstream.js';
import type { Dialect } from '../../src/store/database.js';
import { buildTestApp, type TestApp } from './app.js';
import { openTestStore, type TestStore } from './stores.js';
import { UPSTREAM_DIR } from './upstream.js';

export interface ServedFixture extends TestApp {
  store: TestStore;
  close(): Promise<void>;
}

/** A store with every source ingested from the real mirror, and an app serving it. */
export async function servedFromRealData(dialect: Dialect): Promise<ServedFixture> {
  const store = await openTestStore(dialect);
  const results = await ingestSources({ store, upstream: mirrorUpstream(UPSTREAM_DIR), sources: SOURCES });
  const failed = results.filter((r) => r.outcome === 'failed' || r.outcome === 'quarantined');
  if (failed.length > 0) throw new Error(`ingest of the real mirror failed: ${failed.map((r) => `${r.sourceKey}: ${r.message}`).join('; ')}`);
  const served = await buildTestApp(store);
  return {
    ...served,
    store,
    async close() {
      await served.app.close();
      await store.dispose();
    },
  };
}
