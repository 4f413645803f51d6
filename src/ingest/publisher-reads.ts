import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { IN_PROGRESS_STATUSES, INTERRUPTED_RULE, type Edition } from '../domain/editions.js';
import type { Store } from '../store/database.js';
import { findEditionByContent } from '../store/editions.js';
import { getFetchState, saveFetchState, type FetchState } from '../store/upstream-state.js';
import type { DiscoveryContext, DiscoveryOptions, ReleaseRef } from './discovery.js';
import { openDocumentCache } from './fetch/document-cache.js';
import type { PublisherFetcher, Validators } from './fetch/fetcher.js';
import { builtFile, UpstreamError, type FileLocation, type FileOnDisk } from './upstream.js';

/** How a source's discovery documents came: downloaded whole, or answered from the kept copy after a 304. */
export interface DocumentCounts {
  downloaded: number;
  notModified: number;
}

interface DiscoveryRun {
  context: DiscoveryContext;
  counts: DocumentCounts;
  /** After `discover` ran to its end: prunes the documents kept that it no longer reads. */
  finish: () => Promise<void>;
  /** Removes the work folder, whatever happened. */
  dispose: () => Promise<void>;
}

/**
 * What a source's `discover` reads documents through: the run's fetcher, its work folder, the
 * operator's options. With `documentCacheDir` (the data folder's), each document is kept with its
 * validators and asked for conditionally the next run; the source sees the same document either way.
 */
export async function discoveryContext(
  fetcher: PublisherFetcher,
  sourceKey: string,
  workRoot: string,
  options: DiscoveryOptions,
  documentCacheDir: string | null = null,
): Promise<DiscoveryRun> {
  // The data folder's downloads folder does not exist before the first download of a fresh install.
  await mkdir(workRoot, { recursive: true });
  const workDir = await mkdtemp(path.join(workRoot, `discover-${sourceKey}-`));
  const cache = documentCacheDir ? await openDocumentCache(documentCacheDir, sourceKey) : null;
  const counts: DocumentCounts = { downloaded: 0, notModified: 0 };
  const getText: DiscoveryContext['getText'] = async (url, opts) => {
    const accept = opts?.accept ?? '';
    const kept = await cache?.get(url, accept);
    const document = await fetcher.document(url, { ...(accept ? { accept } : {}), validators: kept?.validators });
    if (document.notModified && kept) {
      counts.notModified++;
      await cache!.used(url, accept);
      return { text: kept.body.toString('utf8'), url: kept.answeredUrl, date: kept.date };
    }
    if (document.notModified) throw new UpstreamError(`${url} answered 304 to an unconditional request`);
    counts.downloaded++;
    const header = document.headers['last-modified'] ?? document.headers.date;
    const date = header ? new Date(header).toISOString() : null;
    const validators = { etag: document.headers.etag ?? null, lastModified: document.headers['last-modified'] ?? null };
    await cache?.keep(url, accept, document.body, { answeredUrl: document.url, date, validators });
    return { text: document.body.toString('utf8'), url: document.url, date };
  };
  return {
    context: {
      sourceKey,
      getText,
      async getJson<T>(url: string, opts?: { accept?: string }) {
        const { text, url: answered } = await getText(url, { accept: opts?.accept ?? 'application/json' });
        try {
          return JSON.parse(text) as T;
        } catch {
          throw new UpstreamError(`${answered} did not answer JSON`);
        }
      },
      workDir,
      options,
    },
    counts,
    finish: async () => cache?.finish(),
    dispose: () => rm(workDir, { recursive: true, force: true }),
  };
}

/** A release's files, read from the publishers; or the edition its unchanged files already are. */
type PublisherRead =
  | {
      kind: 'files';
      file: FileOnDisk;
      companions: FileOnDisk[];
      remember: (releaseSha256: string) => Promise<void>;
    }
  | { kind: 'unchanged'; edition: Edition; why: string };

/** The edition an address's last read settled into, when there is one (not one interrupted mid-read). */
async function settledEdition(store: Store, sourceKey: string, state: FetchState | null): Promise<Edition | null> {
  if (!state?.releaseSha256) return null;
  const edition = await findEditionByContent(store.db, sourceKey, state.releaseSha256);
  if (!edition || IN_PROGRESS_STATUSES.includes(edition.status)) return null;
  // A read cut short by a crash is read again in full, not skipped as unchanged.
  return edition.checks.some((c) => c.rule === INTERRUPTED_RULE) ? null : edition;
}

/**
 * Reads a release's files from the publishers, downloading nothing that has not changed: a
 * release whose fingerprint is the one last settled is not requested at all, and each address is
 * asked with the validators of its last settled read, so that a 304 reads no body. Validators are
 * remembered (`remember`) only once the release has settled, so an interrupted read starts again.
 */
export async function readFromPublishers(
  store: Store,
  fetcher: PublisherFetcher,
  sourceKey: string,
  ref: ReleaseRef,
  maxBytes: number,
): Promise<PublisherRead> {
  const locations = [ref.location, ...(ref.companions ?? [])];
  const states = await Promise.all(locations.map((l) => getFetchState(store.db, sourceKey, l.url)));
  const known = await settledEdition(store, sourceKey, states[0]!);
  const sameRelease = known && states.every((s) => s?.releaseSha256 === known.sha256);
  if (sameRelease && ref.fingerprint && states[0]!.fingerprint === ref.fingerprint)
    return { kind: 'unchanged', edition: known, why: 'the publisher lists the same release as last time' };

  const read = async (location: FileLocation, validators: Validators | null) => {
    if (location.builtPath)
      return {
        kind: 'file' as const,
        file: await builtFile(location.builtPath, location.url, maxBytes),
      };
    const result = await fetcher.download(location.url, { maxBytes, validators });
    if (result.kind === 'not-modified') return result;
    return { kind: 'file' as const, file: result.file, validators: result.validators };
  };
  const validatorsOf = (state: FetchState | null) =>
    sameRelease && state ? { etag: state.etag, lastModified: state.lastModified } : null;
  let results = await Promise.all(locations.map((l, i) => read(l, validatorsOf(states[i]!))));
  if (results.every((r) => r.kind === 'not-modified')) {
    for (const [i, location] of locations.entries())
      await saveFetchState(store.db, sourceKey, location.url, { ...states[i]!, fingerprint: ref.fingerprint ?? null });
    return { kind: 'unchanged', edition: known!, why: 'the publisher answered 304 Not Modified' };
  }
  // Some files changed: the release is read whole, so the unchanged ones are fetched again.
  results = await Promise.all(results.map(async (r, i) => (r.kind === 'not-modified' ? read(locations[i]!, null) : r)));
  const files = results.map((r) => (r.kind === 'file' ? r : null)).filter((r) => r !== null);
  return {
    kind: 'files',
    file: files[0]!.file,
    companions: files.slice(1).map((f) => f.file),
    remember: async (releaseSha256) => {
      for (const [i, location] of locations.entries()) {
        const read = files[i]!;
        const validators = 'validators' in read ? read.validators : undefined;
        await saveFetchState(store.db, sourceKey, location.url, {
          etag: validators?.etag ?? null,
          lastModified: validators?.lastModified ?? null,
          fileSha256: files[i]!.file.sha256,
          releaseSha256,
          fingerprint: ref.fingerprint ?? null,
        });
      }
    },
  };
}
