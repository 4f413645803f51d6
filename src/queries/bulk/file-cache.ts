import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { BulkFormat } from '../../domain/bulk.js';
import { Problem } from '../../domain/problems.js';
import type { BulkFile } from './index.js';
import { bulkLines } from './lines.js';
import { writeParquetFile } from './parquet.js';

/** A file on disk, whole: both representations and what the listing says of it. */
interface BuiltBulkFile {
  plain: string;
  gzip: string;
  rows: number;
  /** Sizes in bytes of the plain and the gzipped file. */
  bytes: number;
  gzipBytes: number;
}

/** What the builder is asked to write: the file of an edition, as the asking thread sees its content hash. */
export interface BulkBuildJob {
  source: string;
  edition: string;
  format: BulkFormat;
  hash: string;
}

/** Writes a job's file to disk (in a worker thread) and answers the content hash it wrote it under. */
export type BulkBuilder = (job: BulkBuildJob) => Promise<{ hash: string }>;

/** How long a temporary file may lie before a prune takes it for a crashed build's. */
const ABANDONED_MS = 60 * 60_000;

/**
 * Where a file lives: `<root>/<source>/<edition>/<content hash>/<format>`, with `<format>.gz`
 * beside it and `<format>.json` (its rows and sizes) written last, so the tally's presence says
 * the file is whole. A new release of anything the file depends on changes the hash, so it gets a
 * new folder and is never served half-written under the old one's name.
 */
function pathsOf(root: string, file: Pick<BulkFile, 'source' | 'editionId' | 'hash' | 'format'>) {
  const dir = path.join(root, file.source, file.editionId, file.hash);
  return {
    dir,
    plain: path.join(dir, file.format),
    gzip: path.join(dir, `${file.format}.gz`),
    tally: path.join(dir, `${file.format}.json`),
  };
}

async function readTally(paths: ReturnType<typeof pathsOf>): Promise<BuiltBulkFile | null> {
  let text: string;
  try {
    text = await readFile(paths.tally, 'utf8');
  } catch {
    return null;
  }
  const { rows, bytes, gzipBytes } = JSON.parse(text) as Pick<BuiltBulkFile, 'rows' | 'bytes' | 'gzipBytes'>;
  return { plain: paths.plain, gzip: paths.gzip, rows, bytes, gzipBytes };
}

/**
 * The bulk files on this replica's disk: each built once per content hash, off the serving thread
 * (by `build`), then read from disk by every download. Two requests for a file not yet built wait
 * for the same build.
 */
export class BulkFileCache {
  private readonly building = new Map<string, Promise<BuiltBulkFile>>();
  /** Builds asked of the builder since start (for tests and the bench: one per file). */
  builds = 0;

  constructor(
    private readonly root: string,
    private readonly build: BulkBuilder,
    private readonly stop: () => Promise<void> = async () => undefined,
  ) {}

  /** The file on disk, built first if it is not there yet. */
  async ready(file: BulkFile): Promise<BuiltBulkFile> {
    const paths = pathsOf(this.root, file);
    const onDisk = await readTally(paths);
    if (onDisk) return onDisk;
    let pending = this.building.get(paths.tally);
    if (!pending) {
      pending = this.buildOnce(file, paths).finally(() => this.building.delete(paths.tally));
      this.building.set(paths.tally, pending);
    }
    return pending;
  }

  private async buildOnce(file: BulkFile, paths: ReturnType<typeof pathsOf>): Promise<BuiltBulkFile> {
    this.builds += 1;
    const { hash } = await this.build({
      source: file.source,
      edition: file.editionId,
      format: file.format,
      hash: file.hash,
    });
    const built = hash === file.hash ? await readTally(paths) : null;
    if (built) return built;
    // The builder saw other current editions than this thread (a release published meanwhile).
    throw new Problem('not-ready', `The editions changed while ${file.filename} was built; ask again.`, {
      retryAfter: 5,
    });
  }

  /** Ends the builder (its worker thread and database connection). */
  close(): Promise<void> {
    return this.stop();
  }
}

/**
 * Writes a file to disk whole, or not at all: each part to a temporary name, then renamed into
 * place (the tally last). Reading the rows a page at a time, memory holds one page. Run by the
 * bulk builder in its worker thread; a file already whole (another process's build) is kept.
 */
export async function writeBulkFile(root: string, file: BulkFile): Promise<void> {
  const paths = pathsOf(root, file);
  if (await readTally(paths)) return;
  await mkdir(paths.dir, { recursive: true });
  const temporary = (final: string) => `${final}.${process.pid}-${randomUUID()}.tmp`;
  const parts = { plain: temporary(paths.plain), gzip: temporary(paths.gzip), tally: temporary(paths.tally) };
  try {
    const tally = { rows: 0 };
    if (file.format === 'parquet') tally.rows = await writeParquetFile(file, parts.plain);
    else {
      const lines = Readable.from(bulkLines(file, file.records(), file.format, tally));
      await pipeline(lines, createWriteStream(parts.plain));
    }
    await pipeline(createReadStream(parts.plain), createGzip(), createWriteStream(parts.gzip));
    const [plain, gzip] = await Promise.all([stat(parts.plain), stat(parts.gzip)]);
    await writeFile(parts.tally, JSON.stringify({ rows: tally.rows, bytes: plain.size, gzipBytes: gzip.size }));
    await rename(parts.plain, paths.plain);
    await rename(parts.gzip, paths.gzip);
    await rename(parts.tally, paths.tally);
  } finally {
    await Promise.all(Object.values(parts).map((part) => rm(part, { force: true })));
  }
}

/** The names in a folder; none when it does not exist. */
async function namesIn(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}

/**
 * Removes a source's files no longer served: the folders of editions not served now, and of
 * content hashes other than each served edition's (a release of a joined source made them stale),
 * and temporary files a crashed build left. A download still reading a removed file keeps reading
 * it (the open descriptor holds it until closed).
 */
export async function pruneBulkFiles(root: string, source: string, served: Map<string, string>): Promise<void> {
  const sourceDir = path.join(root, source);
  for (const edition of await namesIn(sourceDir)) {
    const editionDir = path.join(sourceDir, edition);
    const keep = served.get(edition);
    if (keep === undefined) {
      await rm(editionDir, { recursive: true, force: true });
      continue;
    }
    for (const hash of await namesIn(editionDir)) {
      const hashDir = path.join(editionDir, hash);
      if (hash !== keep) {
        await rm(hashDir, { recursive: true, force: true });
        continue;
      }
      for (const name of (await namesIn(hashDir)).filter((n) => n.endsWith('.tmp'))) {
        const part = path.join(hashDir, name);
        const { mtimeMs } = await stat(part).catch(() => ({ mtimeMs: Date.now() }));
        if (Date.now() - mtimeMs > ABANDONED_MS) await rm(part, { force: true });
      }
    }
  }
}
