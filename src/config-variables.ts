import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every environment variable the service reads, declared once: its name, what holds when it is
 * unset, how its text is read and checked, and its meaning. `loadConfig` (config.ts) reads the
 * environment only through these; `npm run docs:generate` writes the table of docs/deployment.md
 * from `ENVIRONMENT`; test/config-variables.test.ts fails on a variable read in `src/` that is
 * not declared here, and on a declared default that config does not use.
 */
interface Declared {
  name: string;
  /** Markdown. */
  meaning: string;
}

/** Read by `loadConfig` into the Config; `parse` gets the trimmed text and throws a ConfigError naming the variable. */
export type ConfigVariable<T> = FallbackVariable<T> | DerivedVariable<T>;

/** A variable whose default is a text, read exactly as if the variable had been set to it. */
interface FallbackVariable<T> extends Declared {
  fallback: string;
  parse(text: string, name: string): T;
}

/** A variable whose default `parse` works out when it is given null (unset or empty). */
interface DerivedVariable<T> extends Declared {
  /** Markdown: what holds when the variable is unset. */
  unset: string;
  parse(text: string | null, name: string): T;
}

/**
 * Read where it is used, not by `loadConfig`: the certificate bundles follow Node's and OpenSSL's
 * own conventions, and the workers' switch is set by the test runner for the worker threads.
 */
interface ReadElsewhere extends Declared {
  unset: string;
  /** The module that reads it. */
  readIn: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The repository (or installed package) root: two levels above this file in src/ and in dist/. */
export const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The variable's trimmed text; null when unset or empty. Blank (only spaces) is an error. */
export function readVariable<T>(variable: ConfigVariable<T>, env: NodeJS.ProcessEnv): T {
  const value = env[variable.name];
  let text: string | null = null;
  if (value !== undefined && value !== '') {
    if (value.trim() === '') throw new ConfigError(`${variable.name} is blank`);
    text = value.trim();
  }
  if ('fallback' in variable) return variable.parse(text ?? variable.fallback, variable.name);
  return variable.parse(text, variable.name);
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** `json` always; `pretty`: human-readable lines (pino-pretty); `auto`: pretty when stdout is a terminal. */
export type LogFormat = 'auto' | 'json' | 'pretty';

/** `/metrics` on the API's own port, not at all, or on a port of its own (kept off the public listener). */
export type MetricsSetting = { serve: 'off' } | { serve: 'with-api' } | { serve: 'own-port'; port: number };

export interface Tier {
  name: string;
  requestsPerMinute: number;
}

export type TrustProxy = false | number | string[];

/**
 * LMI_UPSTREAM: `publishers` reads every source from its publisher over HTTPS, even with a mirror
 * folder; `mirror` reads only the mirror; `auto` the mirror when there is one, else the publishers.
 */
export type UpstreamMode = 'auto' | 'publishers' | 'mirror';

/** curl's `--connect-to HOST:PORT:ADDR:PORT`: requests for `host:port` (`*`: any host) go to `toHost:toPort`. */
export interface ConnectTo {
  host: string;
  port: number;
  toHost: string;
  toPort: number;
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const DURATION_UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

const text = (value: string | null): string | null => value;

function url(protocols: string[]): (value: string | null, name: string) => string | null {
  return (value, name) => {
    if (value === null) return null;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new ConfigError(`${name} is not a URL`);
    }
    if (!protocols.includes(parsed.protocol)) {
      throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
    }
    return value;
  };
}

function whole(least: number): (value: string, name: string) => number {
  return (value, name) => {
    if (!/^\d+$/.test(value) || Number(value) < least)
      throw new ConfigError(`${name} must be a whole number of at least ${least}, got "${value}"`);
    return Number(value);
  };
}

/** A duration: `6h`, `30m`, `1d`, `90s`, a number of seconds, or `off` (null). */
function duration(value: string, name: string): number | null {
  const lower = value.toLowerCase();
  if (/^(off|no|false|0)$/.test(lower)) return null;
  const match = /^(\d+)\s*([smhd]?)$/.exec(lower);
  if (!match) throw new ConfigError(`${name} must be like 6h, 30m, 1d, 90s or off, got "${lower}"`);
  return Number(match[1]) * DURATION_UNITS[match[2] || 's']!;
}

/** A timeout: `10s`, `2m`, `500ms` or a number of seconds; never off (a fetch must end). */
function timeout(value: string, name: string): number {
  const match = /^(\d+)\s*(ms|s|m)?$/.exec(value.toLowerCase());
  if (!match || Number(match[1]) === 0)
    throw new ConfigError(`${name} must be a timeout like 10s, 2m or 500ms, got "${value}"`);
  return Number(match[1]) * (match[2] === 'ms' ? 1 : DURATION_UNITS[match[2] ?? 's']!);
}

/** `true`/`1`/`yes` or `false`/`0`/`no`. */
function flag(value: string, name: string): boolean {
  const lower = value.toLowerCase();
  if (/^(true|1|yes|on)$/.test(lower)) return true;
  if (/^(false|0|no|off)$/.test(lower)) return false;
  throw new ConfigError(`${name} must be true or false, got "${lower}"`);
}

export const PORT: FallbackVariable<number> = {
  name: 'PORT',
  fallback: '8080',
  meaning: 'the port to listen on',
  parse(value, name) {
    const port = Number(value);
    if (!/^\d+$/.test(value) || port < 1 || port > 65535)
      throw new ConfigError(`${name} must be a whole number from 1 to 65535, got "${value}"`);
    return port;
  },
};

export const HOST: FallbackVariable<string> = {
  name: 'HOST',
  fallback: '0.0.0.0',
  meaning: 'the address to listen on',
  parse: (value) => value,
};

export const LMI_DATA_DIR: DerivedVariable<string> = {
  name: 'LMI_DATA_DIR',
  unset: '`./data`',
  meaning:
    'the SQLite file, the mail outbox, the generated secret, the publisher documents discovery keeps, the bulk files built (`bulk/`)',
  parse: (value) => path.resolve(value ?? path.join(packageRoot, 'data')),
};

export const DATABASE_URL: DerivedVariable<string | null> = {
  name: 'DATABASE_URL',
  unset: 'unset (SQLite)',
  meaning: '`postgres://...` to use PostgreSQL',
  parse: url(['postgres:', 'postgresql:']),
};

export const REDIS_URL: DerivedVariable<string | null> = {
  name: 'REDIS_URL',
  unset: 'unset',
  meaning: '`redis://...` to share rate limits between replicas',
  parse: url(['redis:', 'rediss:']),
};

export const LMI_UPSTREAM_DIR: DerivedVariable<string | null> = {
  name: 'LMI_UPSTREAM_DIR',
  unset: '`../shared/upstream` if it exists',
  meaning: "local mirror of the publishers' files; unset and absent: read the publishers' HTTPS addresses",
  parse(value, name) {
    if (value === null) {
      const mirror = path.resolve(packageRoot, '..', 'shared', 'upstream');
      return existsSync(mirror) ? mirror : null;
    }
    const dir = path.resolve(value);
    if (!existsSync(dir)) throw new ConfigError(`${name} points to a folder that does not exist: ${dir}`);
    return dir;
  },
};

export const LMI_UPSTREAM: FallbackVariable<UpstreamMode> = {
  name: 'LMI_UPSTREAM',
  fallback: 'auto',
  meaning:
    '`publishers`: read every source from its publisher over HTTPS, even with a mirror folder; `mirror`: only the mirror (refused without one); `auto`: the mirror when there is one, else the publishers',
  parse(value, name) {
    const mode = value.toLowerCase();
    if (mode !== 'auto' && mode !== 'publishers' && mode !== 'mirror')
      throw new ConfigError(`${name} must be auto, publishers or mirror, got "${mode}"`);
    return mode;
  },
};

export const LMI_REFRESH_INTERVAL: FallbackVariable<number | null> = {
  name: 'LMI_REFRESH_INTERVAL',
  fallback: '6h',
  meaning:
    'how often `lmi serve` looks for new releases (`90s`, `30m`, `6h`, `1d`, or `off`), with a tenth of jitter; a source whose check failed is looked at again after 5 s, 30 s, 2 min, 10 min, then every 30 min (never later than this interval)',
  parse: duration,
};

export const LMI_OPERATOR_CONTACT: DerivedVariable<string | null> = {
  name: 'LMI_OPERATOR_CONTACT',
  unset: 'none',
  meaning:
    'an e-mail address or URL put in the User-Agent sent to publishers (`uk-lmi/<version> (+<LMI_PUBLIC_URL>; <contact>)`)',
  parse: text,
};

export const LMI_USER_AGENT: DerivedVariable<string | null> = {
  name: 'LMI_USER_AGENT',
  unset: 'derived',
  meaning: 'replaces the whole User-Agent',
  parse: text,
};

export const LMI_ESCO_PACKAGE: DerivedVariable<string | null> = {
  name: 'LMI_ESCO_PACKAGE',
  unset: 'none',
  meaning:
    "an ESCO CSV package's `https://` address or file path, read instead of the Commission's ESCO v1.1.1 download addresses",
  parse(value, name) {
    if (value === null || value.startsWith('https://')) return value;
    if (!existsSync(value))
      throw new ConfigError(`${name} must be an https:// address or an existing file, got "${value}"`);
    return path.resolve(value);
  },
};

export const LMI_INGEST_MEMORY_MB: FallbackVariable<number> = {
  name: 'LMI_INGEST_MEMORY_MB',
  fallback: '1024',
  meaning:
    'what one ingest may use; ASHE reads one workbook at a time under 912 MiB, two from 912 (the default; the worst fault measured 641 MiB with two), three from 1,168',
  parse: whole(256),
};

export const LMI_NCS_INTERVAL_MS: FallbackVariable<number> = {
  name: 'LMI_NCS_INTERVAL_MS',
  fallback: '1000',
  meaning: 'the least gap between two National Careers Service page requests',
  parse: whole(0),
};

export const LMI_FETCH_RETRIES: FallbackVariable<number> = {
  name: 'LMI_FETCH_RETRIES',
  fallback: '3',
  meaning: "further attempts after a publisher's 5xx or a network error (back-off 1 s, 4 s, 16 s)",
  parse: whole(0),
};

export const LMI_FETCH_CONNECT_TIMEOUT: FallbackVariable<number> = {
  name: 'LMI_FETCH_CONNECT_TIMEOUT',
  fallback: '10s',
  meaning:
    'how long a publisher (or the proxy) has to accept the connection and finish the TLS handshake (`10s`, `500ms`); a firewall that drops packets fails here',
  parse: timeout,
};

export const LMI_FETCH_FIRST_BYTE_TIMEOUT: FallbackVariable<number> = {
  name: 'LMI_FETCH_FIRST_BYTE_TIMEOUT',
  fallback: '30s',
  meaning: 'how long a publisher has, once connected, to start its answer; the same bound holds for a stall mid-body',
  parse: timeout,
};

export const LMI_FETCH_TIMEOUT: FallbackVariable<number> = {
  name: 'LMI_FETCH_TIMEOUT',
  fallback: '15m',
  meaning: 'the longest one request to a publisher may take, body included, however steadily the bytes come',
  parse: timeout,
};

/** LMI_UPSTREAM_CONNECT_TO: `HOST:PORT:ADDR:PORT[,...]`, curl's --connect-to; `*` for any host. */
export const LMI_UPSTREAM_CONNECT_TO: DerivedVariable<ConnectTo[]> = {
  name: 'LMI_UPSTREAM_CONNECT_TO',
  unset: 'none',
  meaning:
    "tests and diagnostics only: curl's `--connect-to` (`*:443:127.0.0.1:8443`); certificates and Host stay the publisher's",
  parse(value, name) {
    if (value === null) return [];
    return value.split(',').map((entry) => {
      const match = /^([^:\s]+):(\d+):([^:\s]+):(\d+)$/.exec(entry.trim());
      if (!match) throw new ConfigError(`${name} must look like "*:443:127.0.0.1:8443", got "${entry.trim()}"`);
      return { host: match[1]!, port: Number(match[2]), toHost: match[3]!, toPort: Number(match[4]) };
    });
  },
};

export const LMI_SECRET: DerivedVariable<string | null> = {
  name: 'LMI_SECRET',
  unset: 'generated into `LMI_DATA_DIR/secret`',
  meaning: 'keys the HMAC of e-mail addresses; replicas must share it (32+ characters)',
  parse(value, name) {
    if (value !== null && value.length < 32) throw new ConfigError(`${name} must be at least 32 characters`);
    return value;
  },
};

export const SMTP_URL: DerivedVariable<string | null> = {
  name: 'SMTP_URL',
  unset: 'unset (outbox folder)',
  meaning: '`smtp://` or `smtps://` mail server for key confirmations',
  parse: url(['smtp:', 'smtps:']),
};

export const LOG_LEVEL: FallbackVariable<LogLevel> = {
  name: 'LOG_LEVEL',
  fallback: 'info',
  meaning: 'pino level',
  parse(value, name) {
    const level = LOG_LEVELS.find((l) => l === value.toLowerCase());
    if (!level) throw new ConfigError(`${name} must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
    return level;
  },
};

export const LOG_FORMAT: FallbackVariable<LogFormat> = {
  name: 'LOG_FORMAT',
  fallback: 'auto',
  meaning:
    '`json` (one JSON object a line, for production), `pretty` (one readable line per event, through pino-pretty), or `auto`: pretty when stdout is a terminal (`npm start` in a shell), JSON otherwise',
  parse(value, name) {
    const format = value.toLowerCase();
    if (format === 'auto' || format === 'json' || format === 'pretty') return format;
    throw new ConfigError(`${name} must be auto, json or pretty, got "${format}"`);
  },
};

/** Whether it names the API's own port is checked by `loadConfig`, which knows PORT. */
export const LMI_METRICS: FallbackVariable<MetricsSetting> = {
  name: 'LMI_METRICS',
  fallback: 'on',
  meaning:
    '`on`: `GET /metrics` beside the API; `off`: no metrics and nothing counted; a port number: `/metrics` only on that port (bound to `HOST`), off the public listener',
  parse(value, name) {
    const setting = value.toLowerCase();
    if (/^(on|true|yes)$/.test(setting)) return { serve: 'with-api' };
    if (/^(off|false|no)$/.test(setting)) return { serve: 'off' };
    const port = Number(setting);
    if (!/^\d+$/.test(setting) || port < 1 || port > 65535)
      throw new ConfigError(`${name} must be on, off or a port number from 1 to 65535, got "${setting}"`);
    return { serve: 'own-port', port };
  },
};

export const LMI_METRICS_TOKEN: DerivedVariable<string | null> = {
  name: 'LMI_METRICS_TOKEN',
  unset: 'unset: `/metrics` beside the API answers anyone (within the per-client limit of `/v1/meta`)',
  meaning:
    'when `/metrics` is served beside the API, it answers only `Authorization: Bearer <token>` (16+ characters); the port of its own (`LMI_METRICS=<port>`) needs none',
  parse(value, name) {
    if (value !== null && value.length < 16) throw new ConfigError(`${name} must be at least 16 characters`);
    return value;
  },
};

/** The free tier is required: it is what key requests issue. */
export const LMI_TIERS: FallbackVariable<Tier[]> = {
  name: 'LMI_TIERS',
  fallback: 'free=60,partner=600',
  meaning: 'rate-limit tiers, requests per minute',
  parse(value, name) {
    const tiers = value.split(',').map((pair) => {
      const match = /^\s*([a-z][a-z0-9-]*)\s*=\s*(\d+)\s*$/.exec(pair);
      if (!match || Number(match[2]) < 1)
        throw new ConfigError(`${name} must look like "free=60,partner=600", got "${value}"`);
      return { name: match[1]!, requestsPerMinute: Number(match[2]) };
    });
    if (!tiers.some((t) => t.name === 'free')) throw new ConfigError(`${name} must include the free tier`);
    return tiers;
  },
};

/** Unset: `loadConfig` makes it from PORT. A trailing slash is dropped. */
export const LMI_PUBLIC_URL: DerivedVariable<string | null> = {
  name: 'LMI_PUBLIC_URL',
  unset: '`http://localhost:$PORT`',
  meaning:
    'where callers reach the API; confirmation links start with it, and the OpenAPI document names it as its server',
  parse: url(['http:', 'https:']),
};

/**
 * The sites that may frame the embeddable comparison (`/embed/compare`): any (`*`, so a school's
 * careers page can paste the snippet), or a space-separated list of origins. The explorer's own
 * pages are never framed, whatever this says.
 */
export const LMI_EMBED_FRAME_ANCESTORS: FallbackVariable<string> = {
  name: 'LMI_EMBED_FRAME_ANCESTORS',
  fallback: '*',
  meaning:
    'the sites allowed to frame the embeddable job comparison (`/embed/compare`), as the CSP `frame-ancestors` source list: `*` (any site) or origins separated by spaces (`https://school.example https://*.sch.uk`)',
  parse(value, name) {
    const sources = value.split(/\s+/);
    const bad = sources.find((s) => !/^(\*|'self'|https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?)$/i.test(s));
    if (bad !== undefined)
      throw new ConfigError(
        `${name} must be * or origins such as https://school.example separated by spaces, got "${bad}"`,
      );
    return sources.join(' ');
  },
};

/**
 * Unset, `false` or `0`: trust no proxy (the client is the socket's address); a hop count (`1`: one
 * load balancer in front); or the proxies' addresses and ranges (`10.0.0.0/8,127.0.0.1`). `true` is
 * refused: trusting every hop lets any client choose its address, and with it its rate-limit identity.
 */
export const LMI_TRUST_PROXY: DerivedVariable<TrustProxy> = {
  name: 'LMI_TRUST_PROXY',
  unset: 'none',
  meaning:
    'the proxies whose `X-Forwarded-For` is believed: a hop count (`1`) or addresses and CIDR ranges (`10.0.0.0/8,::1`); `true` is refused (it would trust whatever a client writes)',
  parse(value, name) {
    if (value === null || /^(false|no|none|0)$/i.test(value)) return false;
    const form =
      'the number of proxies in front of the service (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)';
    if (/^(true|yes)$/i.test(value))
      throw new ConfigError(`${name}=${value} would let any client choose its address; give ${form}`);
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) throw new ConfigError(`${name} must be at most 10 proxies, got ${hops}`);
      return hops;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => {
      const [address, prefix, ...rest] = entry.split('/');
      const version = isIP(address ?? '');
      if (version === 0 || rest.length > 0) return true;
      return prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
    });
    if (bad.length > 0) throw new ConfigError(`${name} must be ${form}; "${bad.join('", "')}" is neither`);
    return entries;
  },
};

export const LMI_WEBHOOK_INTERVAL: FallbackVariable<number | null> = {
  name: 'LMI_WEBHOOK_INTERVAL',
  fallback: '10s',
  meaning:
    'how often `lmi serve` looks for webhook deliveries that are due (`5s`, `1m`, or `off`: this replica sends none); replicas share the outbox and never send one delivery twice at once',
  parse: duration,
};

export const LMI_WEBHOOK_MAX_FAILURES: FallbackVariable<number> = {
  name: 'LMI_WEBHOOK_MAX_FAILURES',
  fallback: '8',
  meaning:
    'failed delivery attempts in a row (non-2xx, timeout, refused) that disable a webhook: with the back-off (30 s, then four times longer each time, at most 12 h) about 23 hours of failures',
  parse: whole(1),
};

export const LMI_BULK_DOWNLOADS_PER_KEY: FallbackVariable<number> = {
  name: 'LMI_BULK_DOWNLOADS_PER_KEY',
  fallback: '2',
  meaning:
    'bulk files one API key may download at once from a replica; one more is answered 429 with `Retry-After` (docs/downloads.md)',
  parse: whole(1),
};

export const LMI_BULK_DOWNLOADS: FallbackVariable<number> = {
  name: 'LMI_BULK_DOWNLOADS',
  fallback: '32',
  meaning:
    'bulk files a replica sends at once, over every key; one more is answered 503 with `Retry-After` (each download holds a file descriptor and a 64 KiB buffer)',
  parse: whole(1),
};

export const LMI_WEBHOOK_PRIVATE_ADDRESSES: FallbackVariable<boolean> = {
  name: 'LMI_WEBHOOK_PRIVATE_ADDRESSES',
  fallback: 'false',
  meaning:
    '`true` lets webhooks point at loopback, private and other special-purpose addresses (IANA registries; an intranet, tests); by default they are refused at registration and when each delivery resolves the name',
  parse: flag,
};

const LMI_WORKERS_FROM_DIST: ReadElsewhere = {
  name: 'LMI_WORKERS_FROM_DIST',
  unset: 'unset',
  readIn: 'src/worker-threads.ts',
  meaning:
    'tests only: `1` makes an ingest worker whose module is under `src/` run its `dist/` build (test/run.ts sets it after bringing `dist/` up to date)',
};

const LMI_API_KEY: ReadElsewhere = {
  name: 'LMI_API_KEY',
  unset: 'unset: `lmi mcp` refuses to start',
  readIn: 'src/cli/mcp-command.ts',
  meaning:
    '`lmi mcp` only: the API key its tools send with each request, checked and limited as over HTTP (docs/mcp.md); `lmi keys create` issues one',
};

const NODE_EXTRA_CA_CERTS: ReadElsewhere = {
  name: 'NODE_EXTRA_CA_CERTS',
  unset: 'none',
  readIn: 'src/ingest/fetch/trust.ts',
  meaning: "further certificates to trust when reading publishers, beside Node's own and the system bundle",
};

const SSL_CERT_FILE: ReadElsewhere = {
  name: 'SSL_CERT_FILE',
  unset: 'the first system bundle found',
  readIn: 'src/ingest/fetch/trust.ts',
  meaning:
    'the system certificate bundle trusted when reading publishers (`/etc/ssl/certs/ca-certificates.crt` and the other usual places are looked for)',
};

const HTTPS_PROXY: ReadElsewhere = {
  name: 'HTTPS_PROXY',
  unset: 'no proxy',
  readIn: 'src/ingest/fetch/proxy.ts',
  meaning:
    'the proxy publishers are read through (`http://proxy.internal:3128`, credentials allowed), by CONNECT; `https_proxy` and `HTTP_PROXY` are read too (proxy-from-env)',
};

const HTTP_PROXY: ReadElsewhere = {
  name: 'HTTP_PROXY',
  unset: 'no proxy',
  readIn: 'src/ingest/fetch/proxy.ts',
  meaning: 'the proxy when HTTPS_PROXY is not set (every publisher is read over HTTPS, through CONNECT)',
};

const NO_PROXY: ReadElsewhere = {
  name: 'NO_PROXY',
  unset: 'every host through the proxy',
  readIn: 'src/ingest/fetch/proxy.ts',
  meaning:
    'hosts reached directly, not through HTTPS_PROXY: comma-separated names (a leading `.` or `*.` for subdomains), `host:port`, or `*`; `no_proxy` is read too',
};

/** Every variable, in the order of the docs' table. */
export const ENVIRONMENT: readonly (ConfigVariable<unknown> | ReadElsewhere)[] = [
  PORT,
  HOST,
  LMI_DATA_DIR,
  DATABASE_URL,
  REDIS_URL,
  LMI_UPSTREAM_DIR,
  LMI_UPSTREAM,
  LMI_REFRESH_INTERVAL,
  LMI_OPERATOR_CONTACT,
  LMI_USER_AGENT,
  LMI_ESCO_PACKAGE,
  LMI_INGEST_MEMORY_MB,
  LMI_NCS_INTERVAL_MS,
  LMI_FETCH_RETRIES,
  LMI_FETCH_CONNECT_TIMEOUT,
  LMI_FETCH_FIRST_BYTE_TIMEOUT,
  LMI_FETCH_TIMEOUT,
  HTTPS_PROXY,
  HTTP_PROXY,
  NO_PROXY,
  LMI_WORKERS_FROM_DIST,
  LMI_API_KEY,
  LMI_UPSTREAM_CONNECT_TO,
  NODE_EXTRA_CA_CERTS,
  SSL_CERT_FILE,
  LMI_SECRET,
  SMTP_URL,
  LOG_LEVEL,
  LOG_FORMAT,
  LMI_METRICS,
  LMI_METRICS_TOKEN,
  LMI_TIERS,
  LMI_PUBLIC_URL,
  LMI_EMBED_FRAME_ANCESTORS,
  LMI_TRUST_PROXY,
  LMI_WEBHOOK_INTERVAL,
  LMI_WEBHOOK_MAX_FAILURES,
  LMI_WEBHOOK_PRIVATE_ADDRESSES,
  LMI_BULK_DOWNLOADS_PER_KEY,
  LMI_BULK_DOWNLOADS,
];
