import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PageReader } from '../../src/ingest/sources/ons/ons-site.js';
import { UPSTREAM_DIR } from './upstream.js';

/** The recorded publisher responses (`../shared/upstream/_publishers`): URL, body and the Content-Type it was served with. */
const PUBLISHERS_DIR = path.join(UPSTREAM_DIR, '_publishers');

interface Recording {
  url: string;
  file: string;
  contentType: string;
  body: string;
}

export function recordings(): Recording[] {
  const index = JSON.parse(readFileSync(path.join(PUBLISHERS_DIR, 'recordings.json'), 'utf8')) as {
    recordings: { file: string; url: string; content_type: string }[];
  };
  return index.recordings.map((r) => ({
    url: r.url,
    file: r.file,
    contentType: r.content_type,
    body: readFileSync(path.join(PUBLISHERS_DIR, r.file), 'utf8'),
  }));
}

/** The page path an ONS `/data` address (website or API host) is for, or null. */
function onsPageOf(url: string): string | null {
  const parsed = new URL(url);
  if (parsed.hostname === 'api.beta.ons.gov.uk' && parsed.pathname === '/v1/data')
    return `${parsed.searchParams.get('uri')}/data`;
  return parsed.hostname === 'www.ons.gov.uk' ? parsed.pathname : null;
}

/**
 * A reader answering from the recordings: the website's addresses as recorded, and each `/data`
 * document also at `api.beta.ons.gov.uk/v1/data?uri=` (the same zebedee JSON). Hosts in `down`
 * answer nothing, as an unreachable publisher; every read is logged.
 */
export function recordedReader(
  options: { down?: string[]; extra?: Record<string, string> } = {},
): PageReader & { log: string[] } {
  const byPath = new Map(recordings().map((r) => [new URL(r.url).pathname, r.body]));
  const log: string[] = [];
  return {
    log,
    async getText(url) {
      log.push(url);
      const host = new URL(url).hostname;
      if (options.down?.includes(host)) throw new Error(`${host} is unreachable`);
      const body = options.extra?.[url] ?? byPath.get(onsPageOf(url) ?? '');
      if (body === undefined) throw new Error(`${url} answered HTTP 404`);
      return { text: body, url, date: null };
    },
  };
}
