import { createHash } from 'node:crypto';
import type { Check, Edition } from '../domain/editions.js';
import type { Store } from '../store/database.js';
import { discardInterruptedEditions, findEditionByContent, publishEdition, quarantineEdition, recordDetectedEdition, relabelEdition } from '../store/editions.js';
import { withIngestLock } from '../store/ingest-lock.js';
import { finishIngestRun, startIngestRun, type RunOutcome } from '../store/ingest-runs.js';
import type { AnySourceDescriptor, ReleaseRef } from './source.js';
import type { Upstream, UpstreamFile } from './upstream.js';

export type ReleaseOutcome = 'published' | 'unchanged' | 'quarantined';

export interface ReleaseResult {
  label: string;
  outcome: ReleaseOutcome;
  editionId: string;
  checks: Check[];
  rowsStored: number | null;
  /** Bytes read from upstream for the release (all its files). */
  bytes: number;
  ms: number;
}

export interface SourceResult {
  sourceKey: string;
  outcome: RunOutcome;
  releases: ReleaseResult[];
  /** Why the source failed or had nothing to read. */
  message: string | null;
  ms: number;
}

/** Receives each step as it happens; the CLI draws it on a TTY, the server logs it. */
export interface IngestProgress {
  step(sourceKey: string, text: string): void;
  sourceDone(result: SourceResult): void;
}

const silentProgress: IngestProgress = { step: () => undefined, sourceDone: () => undefined };

export interface IngestOptions {
  store: Store;
  upstream: Upstream;
  sources: AnySourceDescriptor[];
  progress?: IngestProgress;
}

/**
 * detect -> fetch -> parse -> validate -> publish | quarantine, for each source in turn. A source
 * that fails never stops the others; its previous edition keeps serving.
 */
export async function ingestSources(options: IngestOptions): Promise<SourceResult[]> {
  const progress = options.progress ?? silentProgress;
  return withIngestLock(options.store, async () => {
    const results: SourceResult[] = [];
    for (const source of options.sources) {
      const result = await ingestSource(options.store, options.upstream, source, progress);
      progress.sourceDone(result);
      results.push(result);
    }
    return results;
  });
}

async function ingestSource(
  store: Store,
  upstream: Upstream,
  source: AnySourceDescriptor,
  progress: IngestProgress,
): Promise<SourceResult> {
  const started = Date.now();
  const { db } = store;
  const runId = await startIngestRun(db, source.key);
  const releases: ReleaseResult[] = [];
  let outcome: RunOutcome;
  let message: string | null = null;
  try {
    await discardInterruptedEditions(db, source.key);
    progress.step(source.key, 'detecting releases');
    const refs = await source.detect(upstream);
    if (refs.length === 0) {
      outcome = 'unavailable';
      message = `no release found in ${upstream.description}`;
    } else {
      for (const ref of refs) releases.push(await ingestRelease(store, upstream, source, ref, progress));
      outcome = releases.some((r) => r.outcome === 'quarantined')
        ? 'quarantined'
        : releases.some((r) => r.outcome === 'published')
          ? 'published'
          : 'unchanged';
      const held = releases.filter((r) => r.outcome === 'quarantined');
      if (held.length > 0) message = held.map((r) => `${r.label}: ${describeFailures(r.checks)}`).join('; ');
    }
  } catch (error) {
    outcome = 'failed';
    message = error instanceof Error ? error.message : String(error);
  }
  await finishIngestRun(db, runId, outcome, message);
  return { sourceKey: source.key, outcome, releases, message, ms: Date.now() - started };
}

async function ingestRelease(
  store: Store,
  upstream: Upstream,
  source: AnySourceDescriptor,
  ref: ReleaseRef,
  progress: IngestProgress,
): Promise<ReleaseResult> {
  const started = Date.now();
  const { db } = store;
  progress.step(source.key, `reading ${ref.label}`);
  const file = await upstream.fetch(ref.location);
  const companions = await Promise.all((ref.companions ?? []).map((location) => upstream.fetch(location)));
  const sha256 = releaseSha256(file, companions);
  const bytes = [file, ...companions].reduce((sum, f) => sum + f.bytes.length, 0);
  progress.step(source.key, `read ${ref.label} (${formatBytes(bytes)})`);
  const known = await findEditionByContent(db, source.key, sha256);
  if (known) {
    return { label: known.label, outcome: 'unchanged', editionId: known.id, checks: known.checks, rowsStored: known.rowsStored, bytes, ms: Date.now() - started };
  }

  const edition: Edition = await recordDetectedEdition(db, {
    sourceKey: source.key,
    label: ref.label,
    seriesKey: ref.seriesKey,
    sourceUri: file.uri,
    sha256,
  });
  const quarantine = async (checks: Check[], label: string): Promise<ReleaseResult> => {
    await quarantineEdition(db, edition.id, checks);
    return { label, outcome: 'quarantined', editionId: edition.id, checks, rowsStored: null, bytes, ms: Date.now() - started };
  };

  progress.step(source.key, `parsing ${ref.label} (${formatBytes(bytes)})`);
  let parsed: unknown;
  let label = ref.label;
  try {
    parsed = await source.parse(file, ref, companions);
    if (source.labelOf) {
      label = source.labelOf(parsed);
      await relabelEdition(db, edition.id, label);
    }
  } catch (error) {
    return quarantine([{ rule: 'the file can be read in the publisher\'s layout', status: 'fail', observed: error instanceof Error ? error.message : String(error) }], label);
  }

  progress.step(source.key, `checking ${label} (${formatBytes(bytes)} read)`);
  const checks = source.check(parsed, ref);
  if (checks.some((c) => c.status === 'fail')) return quarantine(checks, label);

  progress.step(source.key, `publishing ${label}`);
  const published = await publishEdition(db, edition, checks, (trx) => source.stage(trx, edition.id, parsed));
  return { label, outcome: 'published', editionId: edition.id, checks, rowsStored: published.rowsStored, bytes, ms: Date.now() - started };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}

/** A one-file release is identified by its file's SHA-256; a release of several by the hash of their hashes. */
function releaseSha256(file: UpstreamFile, companions: UpstreamFile[]): string {
  if (companions.length === 0) return file.sha256;
  return createHash('sha256').update([file, ...companions].map((f) => f.sha256).join('\n')).digest('hex');
}

function describeFailures(checks: Check[]): string {
  return checks
    .filter((c) => c.status === 'fail')
    .map((c) => (c.observed ? `${c.rule} (observed: ${c.observed})` : c.rule))
    .join('; ');
}
