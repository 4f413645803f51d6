import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { TLSSocket } from 'node:tls';
import type { ConnectTo, FetchTimeouts } from '../../config.js';
import {
  FileTooLargeError,
  PublisherRefused,
  PublisherUnreachable,
  UpstreamError,
  type UnreachableKind,
} from './errors.js';
import { proxiedAgents } from './proxy.js';

interface FetcherOptions {
  userAgent: string;
  /** Where downloads are written while they stream; the fetcher's own folder inside is removed by `close`. */
  downloadDir: string;
  /** Every CA to trust (trust.ts); undefined: Node's defaults. */
  ca?: string[];
  /** Tests and diagnostics only: the certificate and Host stay the publisher's. */
  connectTo?: ConnectTo[];
  /** Connect, first-byte (and mid-body stall) and whole-request bounds of each attempt. */
  timeouts?: Partial<FetchTimeouts>;
  /** Further attempts after a 5xx, 408, 429 or network error. */
  retries?: number;
  /** First back-off; each next one is four times longer, with a quarter of jitter. */
  backoffMs?: number;
  maxRedirects?: number;
  /** The least gap between two requests to a host (National Careers Service pages: a second). */
  hostIntervalMs?: Record<string, number>;
}

/** What a publisher said identifies the bytes it sent, to ask next time whether they changed. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

/** A download on disk: streamed, hashed and capped as it came. */
interface DownloadedFile {
  /** The address that answered, after redirects. */
  uri: string;
  path: string;
  size: number;
  sha256: string;
}

export type DownloadResult =
  { kind: 'file'; file: DownloadedFile; validators: Validators } | { kind: 'not-modified'; url: string };

export interface FetchedDocument {
  /** Empty when `notModified`. */
  body: Buffer;
  url: string;
  headers: IncomingMessage['headers'];
  /** Asked with validators, the publisher answered 304: the body kept from last time is still current. */
  notModified: boolean;
}

export interface PublisherFetcher {
  readonly userAgent: string;
  /** A small document read whole (a page, an API answer), at most `maxBytes` (8 MiB by default); with validators, a 304 reads nothing. */
  document(
    url: string,
    options?: { accept?: string; maxBytes?: number; validators?: Validators | null },
  ): Promise<FetchedDocument>;
  /** A data file streamed to disk under `maxBytes`; with validators, a 304 reads nothing. */
  download(url: string, options: { maxBytes: number; validators?: Validators | null }): Promise<DownloadResult>;
  /**
   * One attempt at `url`, its answer's body not read: whether the publisher can be reached at
   * all (any answer below 500 says it can), and why not (refused, timed out, DNS, TLS, HTTP).
   */
  reach(url: string): Promise<Reachability>;
  /** Deletes every download of this fetcher and closes its connections. */
  close(): Promise<void>;
}

export type Reachability = { reachable: true } | { reachable: false; kind: UnreachableKind; reason: string };

/** The defaults of LMI_FETCH_CONNECT_TIMEOUT, LMI_FETCH_FIRST_BYTE_TIMEOUT and LMI_FETCH_TIMEOUT. */
const DEFAULT_TIMEOUTS: FetchTimeouts = { connectMs: 10_000, firstByteMs: 30_000, totalMs: 15 * 60_000 };

const RETRIED_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
const MAX_RETRY_AFTER_MS = 60_000;
const DOCUMENT_CAP = 8 * 1024 * 1024;

/** An attempt that may succeed if tried again (5xx, 408, 429, a network error or timeout). */
class Transient extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterMs: number | null,
    readonly kind: UnreachableKind = status === null ? 'network' : 'http',
  ) {
    super(message);
  }
}

function retryAfter(header: string | undefined): number | null {
  if (!header) return null;
  const ms = /^\d+$/.test(header) ? Number(header) * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createFetcher(options: FetcherOptions): PublisherFetcher {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const seconds = (ms: number) => `${ms / 1000} s`;
  const retries = options.retries ?? 3;
  const backoffMs = options.backoffMs ?? 1000;
  const maxRedirects = options.maxRedirects ?? 5;
  const direct = new https.Agent({ keepAlive: true, maxSockets: 4, ...(options.ca ? { ca: options.ca } : {}) });
  const agents = proxiedAgents(direct, { maxSockets: 4, ...(options.ca ? { ca: options.ca } : {}) });
  const folder = path.join(options.downloadDir, `fetch-${randomUUID()}`);
  const lastRequestAt = new Map<string, number>();
  /** Hosts that could not be reached (no connection, no TLS, no name): later requests fail at once, for this fetcher's life (one run). */
  const unreachableHosts = new Map<string, { kind: UnreachableKind; reason: string }>();
  const rememberUnreachable = (url: string, kind: UnreachableKind, reason: string) => {
    if (kind !== 'http') unreachableHosts.set(new URL(url).host, { kind, reason });
  };
  const runCache = new Map<string, DownloadResult & { kind: 'file' }>();

  /**
   * Waits for the host's next slot. The slot is taken before sleeping, so requests made at once
   * (retries, sources sharing a host) queue one interval apart instead of waking together.
   */
  async function politely(host: string): Promise<void> {
    const gap = options.hostIntervalMs?.[host] ?? 0;
    if (gap <= 0) return;
    const slot = Math.max(Date.now(), (lastRequestAt.get(host) ?? -Infinity) + gap);
    lastRequestAt.set(host, slot);
    if (slot > Date.now()) await sleep(slot - Date.now());
  }

  /** One request, following redirects (HTTPS only, at most `maxRedirects`); resolves on a final status. */
  async function open(url: string, headers: Record<string, string>, hops = 0): Promise<IncomingMessage> {
    const target = new URL(url);
    if (target.protocol !== 'https:') throw new UpstreamError(`refusing to read ${url}: only HTTPS addresses are read`);
    const known = unreachableHosts.get(target.host);
    if (known)
      throw new PublisherUnreachable(
        url,
        `${target.host} did not answer earlier in this run: ${known.reason}`,
        known.kind,
      );
    await politely(target.host);
    const port = Number(target.port || 443);
    const route = options.connectTo?.find((c) => (c.host === '*' || c.host === target.hostname) && c.port === port);
    const through = agents.proxyFor(url) ? ' (through the proxy)' : '';
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = https.request(
        {
          // Said outright: the proxy agent upgrades its tunnel to TLS only for an https: request.
          protocol: 'https:',
          host: route?.toHost ?? target.hostname,
          port: route?.toPort ?? port,
          servername: target.hostname,
          path: `${target.pathname}${target.search}`,
          method: 'GET',
          agent: agents.agentFor(url),
          headers: { host: target.host, 'user-agent': options.userAgent, ...headers },
          ...(options.ca ? { ca: options.ca } : {}),
        },
        resolve,
      );
      const fail = (error: Error) => request.destroy(error);
      // Each phase has its own bound, so a firewall that drops packets fails in seconds, and says where.
      let phase = setTimeout(
        () =>
          fail(new Transient(`no connection within ${seconds(timeouts.connectMs)}${through}`, null, null, 'timed out')),
        timeouts.connectMs,
      );
      const awaitFirstByte = () => {
        clearTimeout(phase);
        phase = setTimeout(
          () =>
            fail(
              new Transient(
                `connected, but no answer within ${seconds(timeouts.firstByteMs)}`,
                null,
                null,
                'timed out',
              ),
            ),
          timeouts.firstByteMs,
        );
      };
      let answered: IncomingMessage | null = null;
      const overall = setTimeout(() => {
        const late = new Transient(`not done within ${seconds(timeouts.totalMs)}`, null, null, 'timed out');
        if (answered) answered.destroy(late);
        else fail(late);
      }, timeouts.totalMs);
      request.on('socket', (socket) => {
        if (request.reusedSocket) awaitFirstByte();
        else (socket as TLSSocket).once('secureConnect', awaitFirstByte);
      });
      request.on('response', (answer) => {
        clearTimeout(phase);
        // The whole-request bound goes on guarding the body.
        answered = answer;
        answer.once('close', () => clearTimeout(overall));
      });
      request.on('error', (error) => {
        clearTimeout(phase);
        clearTimeout(overall);
        reject(error instanceof Transient || !isNetworkError(error) ? error : transientOf(error, through));
      });
      request.end();
    });
    // A stall mid-body is bounded like the first byte: a stalled transfer fails instead of hanging.
    response.setTimeout(timeouts.firstByteMs, () =>
      response.destroy(
        new Transient(`the transfer stalled for ${seconds(timeouts.firstByteMs)}`, null, null, 'timed out'),
      ),
    );
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && status !== 304 && response.headers.location) {
      response.resume();
      if (hops >= maxRedirects) throw new UpstreamError(`${url} redirected more than ${maxRedirects} times`);
      const next = new URL(response.headers.location, url);
      if (next.protocol !== 'https:')
        throw new UpstreamError(`${url} redirected to ${next.href}, which is not HTTPS: not followed`);
      return open(next.href, headers, hops + 1);
    }
    Object.defineProperty(response, 'finalUrl', { value: url });
    if (status === 401 || status === 403) {
      response.resume();
      throw new PublisherRefused(url, status);
    }
    if (RETRIED_STATUSES.has(status)) {
      response.resume();
      throw new Transient(`HTTP ${status}`, status, retryAfter(response.headers['retry-after']));
    }
    if (status !== 200 && status !== 304) {
      response.resume();
      throw new UpstreamError(`${url} answered HTTP ${status}`);
    }
    return response;
  }

  /** Runs `attempt` until it succeeds, fails for good, or the retries are spent. */
  async function withRetries<T>(url: string, attempt: () => Promise<T>): Promise<T> {
    for (let tries = 0; ; tries++) {
      try {
        return await attempt();
      } catch (error) {
        if (error instanceof UpstreamError) throw error;
        // A certificate that does not verify, a name that does not resolve: trying again would not help.
        if (!(error instanceof Transient)) {
          const { kind, reason } = unreachableOf(error);
          rememberUnreachable(url, kind, reason);
          throw new PublisherUnreachable(url, reason, kind);
        }
        if (tries >= retries) {
          if (error.status === 429) throw new PublisherRefused(url, 429);
          rememberUnreachable(url, error.kind, error.message);
          throw new PublisherUnreachable(url, `${error.message} (after ${tries + 1} attempts)`, error.kind);
        }
        const backoff = backoffMs * 4 ** tries * (0.75 + Math.random() * 0.5);
        await sleep(error.retryAfterMs ?? backoff);
      }
    }
  }

  const finalUrl = (response: IncomingMessage): string => (response as IncomingMessage & { finalUrl: string }).finalUrl;

  function overCap(url: string, response: IncomingMessage, maxBytes: number): FileTooLargeError | null {
    const length = Number(response.headers['content-length'] ?? NaN);
    if (!(length > maxBytes)) return null;
    response.destroy();
    return new FileTooLargeError(url, length, maxBytes, oversizedIdentity(url, response), true);
  }

  return {
    userAgent: options.userAgent,

    async document(url, { accept, maxBytes = DOCUMENT_CAP, validators } = {}) {
      const headers = { ...(accept ? { accept } : {}), ...conditionalHeaders(validators) };
      return withRetries(url, async () => {
        const response = await open(url, headers);
        if (response.statusCode === 304) {
          response.resume();
          return { body: Buffer.alloc(0), url: finalUrl(response), headers: response.headers, notModified: true };
        }
        const tooLarge = overCap(finalUrl(response), response, maxBytes);
        if (tooLarge) throw tooLarge;
        const chunks: Buffer[] = [];
        let size = 0;
        try {
          for await (const chunk of response) {
            size += (chunk as Buffer).length;
            if (size > maxBytes) {
              response.destroy();
              throw new FileTooLargeError(finalUrl(response), size, maxBytes, oversizedIdentity(url, response), false);
            }
            chunks.push(chunk as Buffer);
          }
        } catch (error) {
          throw asTransient(error);
        }
        return { body: Buffer.concat(chunks), url: finalUrl(response), headers: response.headers, notModified: false };
      });
    },

    async download(url, { maxBytes, validators }) {
      // Sources sharing a file (O*NET's zip, the coding index) download it once per run.
      const cached = runCache.get(url);
      if (cached) {
        const same =
          (validators?.etag && validators.etag === cached.validators.etag) ||
          (validators?.lastModified && validators.lastModified === cached.validators.lastModified);
        return same ? { kind: 'not-modified', url } : cached;
      }
      const conditional = conditionalHeaders(validators);
      const result = await withRetries(url, async (): Promise<DownloadResult> => {
        const response = await open(url, conditional);
        if (response.statusCode === 304) {
          response.resume();
          return { kind: 'not-modified', url };
        }
        const tooLarge = overCap(finalUrl(response), response, maxBytes);
        if (tooLarge) throw tooLarge;
        return {
          kind: 'file',
          file: await streamToDisk(response, finalUrl(response), folder, maxBytes),
          validators: {
            etag: response.headers.etag ?? null,
            lastModified: response.headers['last-modified'] ?? null,
          },
        };
      });
      if (result.kind === 'file') runCache.set(url, result);
      return result;
    },

    async reach(url) {
      try {
        const response = await open(url, {});
        response.destroy();
        return { reachable: true };
      } catch (error) {
        // It answered: refusing this client or lacking the page is for the source to report.
        if (
          error instanceof PublisherRefused ||
          (error instanceof UpstreamError && /answered HTTP/.test(error.message))
        )
          return { reachable: true };
        const { kind, reason } =
          error instanceof Transient ? { kind: error.kind, reason: error.message } : unreachableOf(error);
        rememberUnreachable(url, kind, reason);
        return { reachable: false, kind, reason };
      }
    },

    async close() {
      direct.destroy();
      agents.destroy();
      runCache.clear();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

function conditionalHeaders(validators: Validators | null | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
  return headers;
}

/** What kind of failure a socket or TLS error is, by its code. */
function kindOf(error: Error): UnreachableKind {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return 'dns';
  if (code === 'ETIMEDOUT') return 'timed out';
  if (/^(ERR_TLS_|ERR_SSL_|EPROTO$|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH)/.test(code)) return 'tls';
  return 'network';
}

const KIND_WORDS: Record<UnreachableKind, string> = {
  refused: 'connection refused',
  'timed out': 'timed out',
  dns: 'name not resolved',
  tls: 'TLS failed',
  http: 'HTTP error',
  network: 'network error',
};

function transientOf(error: Error, through: string): Transient {
  const kind = kindOf(error);
  return new Transient(`${KIND_WORDS[kind]}${through}: ${error.message}`, null, null, kind);
}

function unreachableOf(error: unknown): { kind: UnreachableKind; reason: string } {
  if (!(error instanceof Error)) return { kind: 'network', reason: String(error) };
  const kind = kindOf(error);
  return { kind, reason: `${KIND_WORDS[kind]}: ${error.message}` };
}

function isNetworkError(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return /^(ECONNRESET|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|EPIPE|ENETUNREACH|EHOSTUNREACH|ECONNABORTED|UND_ERR_)/.test(
    code,
  );
}

function asTransient(error: unknown): unknown {
  if (error instanceof Transient || error instanceof UpstreamError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new Transient(`the transfer broke off: ${message}`, null, null);
}

/**
 * What an over-cap file is known by without reading it: its address and what the publisher says
 * identifies it, so it is quarantined once and a later check of the same file is `unchanged`.
 */
function oversizedIdentity(url: string, response: IncomingMessage): string {
  const { etag, 'last-modified': lastModified, 'content-length': length } = response.headers;
  return createHash('sha256')
    .update(`oversized\n${url}\n${etag ?? lastModified ?? length ?? 'unknown'}`)
    .digest('hex');
}

/** Streams the body to `<folder>/<uuid>`, hashing as it goes; over `maxBytes` it stops and deletes the part. */
async function streamToDisk(
  response: IncomingMessage,
  url: string,
  folder: string,
  maxBytes: number,
): Promise<DownloadedFile> {
  await mkdir(folder, { recursive: true });
  const target = path.join(folder, randomUUID());
  const part = `${target}.part`;
  const hash = createHash('sha256');
  let size = 0;
  let tooLarge: FileTooLargeError | null = null;
  try {
    await pipeline(
      response,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > maxBytes) {
            tooLarge = new FileTooLargeError(url, size, maxBytes, oversizedIdentity(url, response), false);
            throw tooLarge;
          }
          hash.update(chunk);
          yield chunk;
        }
      },
      createWriteStream(part),
    );
  } catch (error) {
    await rm(part, { force: true });
    throw tooLarge ?? asTransient(error);
  }
  await rename(part, target);
  return { uri: url, path: target, size, sha256: hash.digest('hex') };
}
