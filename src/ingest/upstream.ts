import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import https from 'node:https';
import path from 'node:path';

/** Where one file of a release lives: in the local mirror, and at the publisher. */
export interface FileLocation {
  /** Path inside the mirror, `<source folder>/<file name>`. */
  mirrorPath: string;
  /** The publisher's HTTPS address of the same file. */
  url: string;
}

export interface UpstreamFile {
  /** What was read: `mirror:<folder>/<file>` in the mirror (never a server path), the publisher's URL otherwise. */
  uri: string;
  bytes: Uint8Array;
  sha256: string;
}

/**
 * One interface over the two ways a release is read: the local mirror (LMI_UPSTREAM_DIR) or the
 * publisher's HTTPS address. Parsers receive bytes and never know which.
 */
export interface Upstream {
  readonly description: string;
  /** Whether the file is there to read. Over HTTPS this is only known by fetching it. */
  has(location: FileLocation): Promise<boolean>;
  /** File names in a mirror folder; empty over HTTPS, where sources list their known addresses. */
  listFolder(folder: string): Promise<string[]>;
  /** The file's bytes; a FileTooLargeError, without reading it into memory, when it is over `maxBytes`. */
  fetch(location: FileLocation, maxBytes?: number): Promise<UpstreamFile>;
}

class UpstreamError extends Error {
  override name = 'UpstreamError';
}

/** A file over the source's size cap: never read into memory. */
export class FileTooLargeError extends UpstreamError {
  override name = 'FileTooLargeError';
  constructor(
    readonly uri: string,
    /** Its size, or at least this many bytes when it was cut off while downloading. */
    readonly bytes: number,
    readonly maxBytes: number,
    /** SHA-256 of the whole file when it could be hashed without keeping it (the mirror); null otherwise. */
    readonly sha256: string | null,
  ) {
    super(`${uri} is ${bytes} bytes${sha256 ? '' : ' or more'}, over the ${maxBytes} bytes this source reads`);
  }
}

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

interface HttpsUpstreamOptions {
  /** Extra certificate authorities to trust (tests serve HTTPS with their own). */
  ca?: string | Buffer;
  timeoutMs?: number;
  maxBytes?: number;
}

export function httpsUpstream(options: HttpsUpstreamOptions = {}): Upstream {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxBytes = options.maxBytes ?? 200 * 1024 * 1024;
  const download = (url: string, limit: number, redirectsLeft = 5): Promise<{ url: string; bytes: Uint8Array }> =>
    new Promise((resolve, reject) => {
      if (!url.startsWith('https://'))
        return reject(new UpstreamError(`refusing to read ${url}: only HTTPS addresses are read`));
      const request = https.get(url, { timeout: timeoutMs, ...(options.ca ? { ca: options.ca } : {}) }, (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location && redirectsLeft > 0) {
          response.resume();
          resolve(download(new URL(response.headers.location, url).href, limit, redirectsLeft - 1));
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(new UpstreamError(`${url} answered HTTP ${status}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit) {
            request.destroy(new FileTooLargeError(url, size, limit, null));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ url, bytes: new Uint8Array(Buffer.concat(chunks)) }));
        response.on('error', reject);
      });
      request.on('timeout', () => request.destroy(new UpstreamError(`${url} did not answer within ${timeoutMs} ms`)));
      request.on('error', (error) =>
        reject(error instanceof UpstreamError ? error : new UpstreamError(`${url}: ${error.message}`)),
      );
    });
  return {
    description: 'publishers over HTTPS',
    async has() {
      return true;
    },
    async listFolder() {
      return [];
    },
    async fetch(location, limit = maxBytes) {
      const { url, bytes } = await download(location.url, Math.min(limit, maxBytes));
      return describeBytes(url, bytes);
    },
  };
}

export function upstreamFor(upstreamDir: string | null): Upstream {
  return upstreamDir ? mirrorUpstream(upstreamDir) : httpsUpstream();
}
