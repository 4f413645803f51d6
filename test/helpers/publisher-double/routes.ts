import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { DiscoveryContext, PublisherDocument } from '../../../src/ingest/discovery.js';

/**
 * What the publisher double serves, address by address: the recorded documents byte for byte
 * with their recorded Content-Type, documents built in a recorded or published shape, and the
 * mirror's files at the publishers' paths. The server (server.ts) answers from these; unit tests
 * of a source's discovery read them in-process through `routeContext`.
 */
export interface PublisherResponse {
  contentType: string;
  /** The body, or the path of a file whose bytes are the body (read when served). */
  body: string | Uint8Array | { file: string };
}

export type PublisherRoutes = Map<string, PublisherResponse>;

/** One key per address: host, path and query parameters decoded and sorted (`uri=%2Fa` and `uri=/a` are one address). */
export function routeKey(url: string): string {
  const parsed = new URL(url);
  const query = [...parsed.searchParams.entries()].sort(([a], [b]) => a.localeCompare(b));
  const search = query.map(([k, v]) => `${k}=${v}`).join('&');
  return `${parsed.host}${parsed.pathname.replace(/\/+$/, '') || '/'}${search ? `?${search}` : ''}`;
}

export function routes(...groups: [string, PublisherResponse][][]): PublisherRoutes {
  return new Map(groups.flat().map(([url, response]) => [routeKey(url), response]));
}

export const json = (value: unknown): PublisherResponse => ({
  contentType: 'application/json;charset=utf-8',
  body: JSON.stringify(value),
});
export const html = (text: string): PublisherResponse => ({ contentType: 'text/html;charset=utf-8', body: text });
export const file = (path: string, contentType = 'application/octet-stream'): PublisherResponse => ({
  contentType,
  body: { file: path },
});

export function bodyOf(response: PublisherResponse): Uint8Array {
  const { body } = response;
  if (typeof body === 'string') return new TextEncoder().encode(body);
  return body instanceof Uint8Array ? body : new Uint8Array(readFileSync(body.file));
}

/**
 * A discovery context answering from `routes` in-process (no socket): what a source's discovery
 * reads, for unit tests of the chain. A missing address is the publisher's 404; every read is logged.
 */
export function routeContext(
  sourceKey: string,
  table: PublisherRoutes,
  options: Partial<DiscoveryContext['options']> = {},
): DiscoveryContext & { log: string[] } {
  const log: string[] = [];
  const getText = async (url: string): Promise<PublisherDocument> => {
    log.push(url);
    const response = table.get(routeKey(url));
    if (!response) throw new Error(`${url} answered HTTP 404`);
    return { text: new TextDecoder().decode(bodyOf(response)), url, date: null };
  };
  return {
    sourceKey,
    log,
    getText,
    getJson: async <T>(url: string) => JSON.parse((await getText(url)).text) as T,
    workDir: tmpdir(),
    options: { escoPackage: null, ncsIntervalMs: 0, ...options },
  };
}
