import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { upstreamKind, type Config, type ConnectTo, type FetchTimeouts } from '../config.js';
import { FileTooLargeError, UpstreamError } from './fetch/errors.js';
import { createFetcher, type PublisherFetcher } from './fetch/fetcher.js';
import { trustedCas } from './fetch/trust.js';
import { userAgent } from './fetch/user-agent.js';
import { readLimits } from './read-limits.js';

/** Where one file of a release lives: in the local mirror, and at the publisher. */
export interface FileLocation {
  /** Path inside the mirror, `<source folder>/<file name>`. */
  mirrorPath: string;
  /** The publisher's HTTPS address of the same file. */
  url: string;
  /** When the address is a zip, the entry to read from it: the entry whose name ends with this. */
  member?: string;
  /** A file discovery assembled itself in `DiscoveryContext.workDir`: read instead of `url`. */
  builtPath?: string;
}

export interface UpstreamFile {
  /** What was read: `mirror:<folder>/<file>` in the mirror (never a server path), the publisher's URL otherwise. */
  uri: string;
  bytes: Uint8Array;
  sha256: string;
}

/**
 * A file of a release where it lies on this machine (the mirror's own file, a download, a file
 * discovery built), hashed by streaming: what the pipeline holds and passes to the parse worker,
 * which reads the bytes itself (`readFileOnDisk`), so the ingest's main thread never holds them.
 */
export interface FileOnDisk {
  uri: string;
  path: string;
  size: number;
  sha256: string;
}

/**
 * One interface over the two ways a release is read: the local mirror (LMI_UPSTREAM_DIR) or the
 * publishers over HTTPS (LMI_UPSTREAM). Parsers receive bytes and never know which.
 */
export interface Upstream {
  readonly kind: 'mirror' | 'publishers';
  readonly description: string;
  /** The publishers' fetcher (conditional GET, discovery documents); absent for the mirror. */
  readonly fetcher?: PublisherFetcher;
  /** Releases what the upstream holds (downloaded files, connections). */
  close?(): Promise<void>;
  /** Whether the file is there to read. Over HTTPS this is only known by fetching it. */
  has(location: FileLocation): Promise<boolean>;
  /** File names in a mirror folder; empty over HTTPS, where sources list their known addresses. */
  listFolder(folder: string): Promise<string[]>;
  /** The file on this machine, hashed; a FileTooLargeError, without reading it into memory, when it is over `maxBytes`. */
  locate(location: FileLocation, maxBytes?: number): Promise<FileOnDisk>;
  /** The file's bytes in this thread (tests and template builds; the pipeline uses `locate`). */
  fetch(location: FileLocation, maxBytes?: number): Promise<UpstreamFile>;
}

export { FileTooLargeError, UpstreamError } from './fetch/errors.js';

/** SHA-256 of a file, streamed: nothing of it is kept. */
async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * A located file's bytes, read under `maxBytes` (checked again: the file may have grown since it
 * was located) and only if they are still the bytes that were hashed, so that what is parsed is
 * always what the edition's SHA-256 names.
 */
export async function readFileOnDisk(file: FileOnDisk, maxBytes: number): Promise<UpstreamFile> {
  const handle = await open(file.path, 'r');
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) throw new FileTooLargeError(file.uri, size, maxBytes, null, true);
    const bytes = new Uint8Array(size);
    let read = 0;
    while (read < size) {
      const { bytesRead } = await handle.read(bytes, read, size - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    const sha256 = createHash('sha256').update(bytes.subarray(0, read)).digest('hex');
    if (read !== file.size || sha256 !== file.sha256)
      throw new UpstreamError(`${file.uri} changed after it was read (${file.size} bytes then, ${read} now)`);
    return { uri: file.uri, bytes, sha256 };
  } finally {
    await handle.close();
  }
}

/** Reads through `locate`: the one place an upstream's bytes come into this thread. */
async function fetchVia(upstream: Pick<Upstream, 'locate'>, location: FileLocation, maxBytes: number) {
  return readFileOnDisk(await upstream.locate(location, maxBytes), maxBytes);
}

/** A mirror file named relative to the mirror: responses never show where the server keeps it. */
function mirrorUri(mirrorPath: string): string {
  return `mirror:${mirrorPath.split(path.sep).join('/')}`;
}

export function mirrorUpstream(root: string): Upstream {
  const resolveInside = (relative: string): string => {
    const full = path.resolve(root, relative);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new UpstreamError(`${relative} is outside the mirror`);
    return full;
  };
  const upstream: Upstream = {
    kind: 'mirror',
    description: `local mirror ${root}`,
    async has(location) {
      try {
        const names = await readdir(path.dirname(resolveInside(location.mirrorPath)));
        return names.includes(path.basename(location.mirrorPath));
      } catch {
        return false;
      }
    },
    async listFolder(folder) {
      try {
        return (await readdir(resolveInside(folder))).sort();
      } catch {
        return [];
      }
    },
    async locate(location, maxBytes = Infinity) {
      const file = resolveInside(location.mirrorPath);
      const uri = mirrorUri(location.mirrorPath);
      try {
        const { size } = await stat(file);
        const sha256 = await hashFile(file);
        if (size > maxBytes) throw new FileTooLargeError(uri, size, maxBytes, sha256);
        return { uri, path: file, size, sha256 };
      } catch (error) {
        if (error instanceof FileTooLargeError) throw error;
        throw new UpstreamError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
      }
    },
    fetch: (location, maxBytes = Infinity) => fetchVia(upstream, location, maxBytes),
  };
  return upstream;
}

/**
 * The publishers themselves over HTTPS, through `fetcher` (User-Agent, conditional GET, caps,
 * retries). `fetch` downloads to disk under the cap and then reads the file, already bounded.
 */
function publishersUpstream(fetcher: PublisherFetcher): Upstream {
  const upstream: Upstream = {
    kind: 'publishers',
    description: 'the publishers over HTTPS',
    fetcher,
    async has() {
      return true;
    },
    async listFolder() {
      return [];
    },
    async locate(location, maxBytes = readLimits().maxFileBytes) {
      if (location.builtPath) return builtFile(location.builtPath, location.url, maxBytes);
      const result = await fetcher.download(location.url, { maxBytes });
      if (result.kind !== 'file') throw new UpstreamError(`${location.url} answered 304 to an unconditional request`);
      return result.file;
    },
    fetch: (location, maxBytes = readLimits().maxFileBytes) => fetchVia(upstream, location, maxBytes),
    close: () => fetcher.close(),
  };
  return upstream;
}

/**
 * A file discovery assembled from a publisher's answers (an API's pages), or an operator's
 * package on this machine: hashed where it lies under the cap, but named by the publisher's
 * address it came from, never by the temporary file.
 */
export async function builtFile(builtPath: string, url: string, maxBytes: number): Promise<FileOnDisk> {
  const { size } = await stat(builtPath);
  const sha256 = await hashFile(builtPath);
  if (size > maxBytes) throw new FileTooLargeError(`file://${builtPath}`, size, maxBytes, sha256);
  return { uri: url, path: builtPath, size, sha256 };
}

interface HttpsUpstreamOptions {
  /** Extra certificate authorities to trust (tests serve HTTPS with their own). */
  ca?: string | Buffer;
  connectTo?: ConnectTo[];
  retries?: number;
  backoffMs?: number;
  downloadDir?: string;
  /** The least gap between two requests to a host, as `upstreamFor` sets for NCS pages. */
  hostIntervalMs?: Record<string, number>;
  timeouts?: Partial<FetchTimeouts>;
}

/** The publishers over HTTPS with a default User-Agent (tests; the service uses `upstreamFor`). */
export function httpsUpstream(options: HttpsUpstreamOptions = {}): Upstream {
  return publishersUpstream(
    createFetcher({
      userAgent: userAgent({ override: null, operatorContact: null, publicUrl: 'http://localhost' }),
      downloadDir: options.downloadDir ?? tmpdir(),
      ca: trustedCas(process.env, options.ca ? [options.ca.toString()] : []),
      connectTo: options.connectTo ?? [],
      ...(options.retries !== undefined ? { retries: options.retries } : {}),
      ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
      ...(options.hostIntervalMs ? { hostIntervalMs: options.hostIntervalMs } : {}),
      ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    }),
  );
}

export function upstreamFor(config: Config, overrides: { ca?: string[]; backoffMs?: number } = {}): Upstream {
  if (upstreamKind(config) === 'mirror') return mirrorUpstream(config.upstreamDir!);
  const settings = config.upstream;
  return publishersUpstream(
    createFetcher({
      userAgent: userAgent({
        override: settings.userAgent,
        operatorContact: settings.operatorContact,
        publicUrl: config.publicUrl,
      }),
      downloadDir: path.join(config.dataDir, 'downloads'),
      ca: trustedCas(process.env, overrides.ca),
      connectTo: settings.connectTo,
      retries: settings.retries,
      timeouts: settings.timeouts,
      ...(overrides.backoffMs !== undefined ? { backoffMs: overrides.backoffMs } : {}),
      hostIntervalMs: { 'nationalcareers.service.gov.uk': settings.ncsIntervalMs },
    }),
  );
}
