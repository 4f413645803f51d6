import type { Config } from '../config.js';
import { ingestSources } from '../ingest/pipeline.js';
import { summaryTable, terminalProgress } from '../ingest/progress.js';
import { SOURCES, findSource } from '../ingest/registry.js';
import { ingestSettings } from '../ingest/run-settings.js';
import { upstreamFor } from '../ingest/upstream.js';
import { openMigratedStore } from '../runtime.js';

/**
 * `lmi ingest [sources...]`: one refresh now, every source given (all by default), due or not.
 * main.ts imports this module only when the command runs, so that `lmi serve` loads no parser.
 */
export async function ingestCommand(cfg: Config, keys: string[]): Promise<void> {
  const store = await openMigratedStore(cfg);
  try {
    const upstream = upstreamFor(cfg);
    process.stderr.write(`reading from ${upstream.description}\n`);
    const sources = keys.length > 0 ? keys.map((k) => findSource(k)!) : SOURCES;
    const results = await ingestSources({
      store,
      upstream,
      sources,
      progress: terminalProgress(),
      ...ingestSettings(cfg),
    }).finally(() => upstream.close?.());
    process.stdout.write(`${summaryTable(results)}\n`);
    if (results.some((r) => r.outcome === 'failed' || r.outcome === 'quarantined')) process.exitCode = 1;
  } finally {
    await store.close();
  }
}
