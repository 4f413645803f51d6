import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Validators } from './fetcher.js';

/**
 * Runs of its source that a kept document survives unused (a page no longer linked, a release
 * withdrawn), so a discovery that skips a page once does not lose it, and the cache holds no more
 * than what three runs read (each document itself under the fetcher's document cap).
 */
const KEPT_FOR_RUNS = 3;

/** What is kept of a document beside its body, one small file per address (no index to rewrite). */
interface KeptEntry {
  url: string;
  accept: string;
  /** The address that answered, after redirects. */
  answeredUrl: string;
  date: string | null;
  validators: Validators;
  size: number;
  sha256: string;
  /** The source's run that last used it (downloaded, or answered from it after a 304). */
  lastRun: number;
}

interface KeptDocument {
  body: Buffer;
  answeredUrl: string;
  date: string | null;
  validators: Validators;
}

/**
 * The discovery documents of one source kept between runs in the data folder, with the ETag and
 * Last-Modified they came with, so the next run asks whether they changed and a 304 is answered
 * from disk. A body that is missing or does not match its SHA-256 is not offered: the document is
 * asked for whole.
 */
interface DocumentCache {
  get(url: string, accept: string): Promise<KeptDocument | null>;
  /** The publisher said the kept document is current: marks it used in this run. */
  used(url: string, accept: string): Promise<void>;
  keep(url: string, accept: string, body: Buffer, answered: Omit<KeptDocument, 'body'>): Promise<void>;
  /** After a discovery that ran to its end: counts the run and removes what went unused for KEPT_FOR_RUNS runs. */
  finish(): Promise<void>;
}

const sha256Of = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Written beside the target and renamed over it: a crash leaves the old file or the new one, never half of one. */
async function writeWhole(file: string, data: string | Buffer): Promise<void> {
  const part = `${file}.${randomUUID()}.tmp`;
  await writeFile(part, data);
  await rename(part, file);
}

async function readEntry(file: string): Promise<KeptEntry | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as KeptEntry;
  } catch {
    return null;
  }
}

export async function openDocumentCache(root: string, sourceKey: string): Promise<DocumentCache> {
  const folder = path.join(root, sourceKey);
  await mkdir(folder, { recursive: true });
  const runsFile = path.join(folder, 'runs');
  const run = (Number((await readFile(runsFile, 'utf8').catch(() => '0')).trim()) || 0) + 1;
  const usedKeys = new Set<string>();
  const keyOf = (url: string, accept: string) => sha256Of(`${accept}\n${url}`);
  const files = (key: string) => ({ entry: path.join(folder, `${key}.json`), body: path.join(folder, `${key}.body`) });

  return {
    async get(url, accept) {
      const { entry: entryFile, body: bodyFile } = files(keyOf(url, accept));
      const entry = await readEntry(entryFile);
      if (!entry || entry.url !== url || entry.accept !== accept) return null;
      const body = await readFile(bodyFile).catch(() => null);
      if (!body || body.length !== entry.size || sha256Of(body) !== entry.sha256) return null;
      return { body, answeredUrl: entry.answeredUrl, date: entry.date, validators: entry.validators };
    },

    async used(url, accept) {
      const key = keyOf(url, accept);
      usedKeys.add(key);
      const entryFile = files(key).entry;
      const entry = await readEntry(entryFile);
      if (entry && entry.lastRun !== run) await writeWhole(entryFile, JSON.stringify({ ...entry, lastRun: run }));
    },

    async keep(url, accept, body, answered) {
      const key = keyOf(url, accept);
      const { entry: entryFile, body: bodyFile } = files(key);
      usedKeys.add(key);
      // Nothing to ask with next time: nothing worth keeping.
      if (!answered.validators.etag && !answered.validators.lastModified) {
        await Promise.all([rm(entryFile, { force: true }), rm(bodyFile, { force: true })]);
        return;
      }
      const entry: KeptEntry = { url, accept, ...answered, size: body.length, sha256: sha256Of(body), lastRun: run };
      // Body first: an entry never names a body that is not there yet (and a stale one fails its hash).
      await writeWhole(bodyFile, body);
      await writeWhole(entryFile, JSON.stringify(entry));
    },

    async finish() {
      await writeWhole(runsFile, String(run));
      const names = await readdir(folder);
      const present = new Set(names);
      for (const name of names) {
        const file = path.join(folder, name);
        // Left by a run that stopped mid-write: a part file, or a body whose entry was never written.
        if (name.endsWith('.tmp') || (name.endsWith('.body') && !present.has(`${name.slice(0, -5)}.json`))) {
          await rm(file, { force: true });
          continue;
        }
        if (!name.endsWith('.json') || usedKeys.has(name.slice(0, -5))) continue;
        const entry = await readEntry(file);
        if (entry && entry.lastRun > run - KEPT_FOR_RUNS) continue;
        await Promise.all([rm(file, { force: true }), rm(`${file.slice(0, -5)}.body`, { force: true })]);
      }
    },
  };
}
