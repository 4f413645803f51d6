import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { upstreamKind, type Config, type ConnectTo } from '../config.js';
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
  /** The file's bytes; a FileTooLargeError, without reading it into memory, when it is over `maxBytes`. */
  fetch(location: FileLocation, maxBytes?: number): Promise<UpstreamFile>;
}

export { FileTooLargeError, UpstreamError } from './fetch/errors.js';

/** SHA-256 of a file, streamed: nothing of it is kept. */
async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function describeBytes(uri: string, bytes: Uint8Array): UpstreamFile {
  return { uri, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
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
  return {
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
    async fetch(location, maxBytes = Infinity) {
      const file = resolveInside(location.mirrorPath);
      const uri = mirrorUri(location.mirrorPath);
      try {
        const { size } = await stat(file);
        if (size > maxBytes) throw new FileTooLargeError(uri, size, maxBytes, await hashFile(file));
        return describeBytes(uri, new Uint8Array(await readFile(file)));
      } catch (error) {
        if (error instanceof FileTooLargeError) throw error;
        throw new UpstreamError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
      }
    },
  };
}

/**
 * The publishers themselves over HTTPS, through `fetcher` (User-Agent, conditional GET, caps,
 * retries). `fetch` downloads to disk under the cap and then reads the file, already bounded.
 */
function publishersUpstream(fetcher: PublisherFetcher): Upstream {
  return {
    kind: 'publishers',
    description: 'the publishers over HTTPS',
    fetcher,
    async has() {
      return true;
    },
    async listFolder() {
      return [];
    },
    async fetch(location, maxBytes = readLimits().maxFileBytes) {
      if (location.builtPath) return readBuiltFile(location.builtPath, location.url, maxBytes);
      const result = await fetcher.download(location.url, { maxBytes });
      if (result.kind !== 'file') throw new UpstreamError(`${location.url} answered 304 to an unconditional request`);
      return {
        uri: result.file.uri,
        bytes: new Uint8Array(await readFile(result.file.path)),
        sha256: result.file.sha256,
      };
    },
    close: () => fetcher.close(),
  };
}

/** A file on this machine (one discovery built, or an operator's package): read under the cap. */
async function readLocalFile(file: string, maxBytes: number): Promise<UpstreamFile> {
  const { size } = await stat(file);
  if (size > maxBytes) throw new FileTooLargeError(`file://${file}`, size, maxBytes, await hashFile(file));
  return describeBytes(`file://${file}`, new Uint8Array(await readFile(file)));
}

/**
 * A file discovery assembled from a publisher's answers (an API's pages): read from the work
 * folder, but named by the publisher's address it came from, never by the temporary file.
 */
export async function readBuiltFile(builtPath: string, url: string, maxBytes: number): Promise<UpstreamFile> {
  return { ...(await readLocalFile(builtPath, maxBytes)), uri: url };
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
      ...(overrides.backoffMs !== undefined ? { backoffMs: overrides.backoffMs } : {}),
      hostIntervalMs: { 'nationalcareers.service.gov.uk': settings.ncsIntervalMs },
    }),
  );
}
