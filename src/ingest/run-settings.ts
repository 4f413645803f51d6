import path from 'node:path';
import type { Config } from '../config.js';
import type { IngestOptions } from './pipeline.js';
import { workbookLanesFor } from './read-limits.js';

/** What an ingest takes from the operator's configuration, beside the store, upstream and sources. */
export function ingestSettings(
  config: Config,
): Pick<IngestOptions, 'limits' | 'discovery' | 'workDir' | 'documentCacheDir' | 'refreshIntervalMs'> {
  return {
    limits: { maxConcurrentWorkbooks: workbookLanesFor(config.ingestMemoryMb) },
    discovery: { escoPackage: config.upstream.escoPackage, ncsIntervalMs: config.upstream.ncsIntervalMs },
    workDir: path.join(config.dataDir, 'downloads'),
    documentCacheDir: path.join(config.dataDir, 'publisher-documents'),
    refreshIntervalMs: config.refreshIntervalMs,
  };
}
