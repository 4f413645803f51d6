/**
 * The ingest of `lmi serve --ingest`, in a child process of the server: the parsing, hashing and
 * staging never run on the thread that serves requests, and the memory a full ingest takes
 * (several hundred MB at its peak) goes back to the system when it ends instead of staying in
 * the serving process. It reads the same environment as its parent and reports each source's
 * result over IPC; the parent logs them.
 */
import { loadConfig } from './config.js';
import { ingestSources, type SourceResult } from './ingest/pipeline.js';
import { SOURCES } from './ingest/registry.js';
import { ingestSettings } from './ingest/run-settings.js';
import { upstreamFor } from './ingest/upstream.js';
import { IngestBusyError } from './store/ingest-lock.js';
import { openMigratedStore } from './runtime.js';

export type IngestMessage =
  | { kind: 'started'; upstream: string }
  | { kind: 'source'; result: SourceResult }
  | { kind: 'busy' }
  | { kind: 'done' };

if (process.send) {
  const send = (message: IngestMessage) => process.send!(message);
  const config = loadConfig();
  const store = await openMigratedStore(config);
  const upstream = upstreamFor(config);
  try {
    send({ kind: 'started', upstream: upstream.description });
    await ingestSources({
      store,
      upstream,
      sources: SOURCES,
      ...ingestSettings(config),
      // The refresh schedule's runs read only the sources that are due; the first run at start, all.
      dueOnly: process.argv.includes('--due-only'),
      progress: { step: () => undefined, sourceDone: (result) => send({ kind: 'source', result }) },
    });
    send({ kind: 'done' });
  } catch (error) {
    if (!(error instanceof IngestBusyError)) throw error;
    send({ kind: 'busy' });
  } finally {
    await upstream.close?.();
    await store.close();
  }
  process.disconnect();
}
