import { ingestSources } from '../../src/ingest/pipeline.js';
import type { AnySourceDescriptor } from '../../src/ingest/source.js';
import { socDescriptionsSource } from '../../src/ingest/sources/ons/soc2020-descriptions/descriptor.js';
import { codingIndexSource } from '../../src/ingest/sources/ons/soc2020-index/descriptor.js';
import { socStructureSource } from '../../src/ingest/sources/ons/soc2020-structure/descriptor.js';
import { mirrorUpstream } from '../../src/ingest/upstream.js';
import type { Dialect } from '../../src/store/database.js';
import { buildTestApp, type TestApp } from './app.js';
import { openTestStore, type TestStore } from './stores.js';
import { UPSTREAM_DIR } from './upstream.js';

export interface ServedFixture extends TestApp {
  store: TestStore;
  close(): Promise<void>;
}

/** The classification's sources: what every occupation endpoint needs. */
export const SOC_SOURCES: AnySourceDescriptor[] = [socStructureSource, codingIndexSource, socDescriptionsSource];

/**
 * A store with the given sources (by default the SOC 2020 ones) ingested from the real mirror,
 * and an app serving it. Every registered source is known to the app; those not ingested here
 * have no edition.
 */
export async function servedFromRealData(dialect: Dialect, sources: AnySourceDescriptor[] = SOC_SOURCES): Promise<ServedFixture> {
  const store = await openTestStore(dialect);
  const results = await ingestSources({ store, upstream: mirrorUpstream(UPSTREAM_DIR), sources });
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
