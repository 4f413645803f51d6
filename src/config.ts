import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** `json` always; `pretty`: human-readable lines (pino-pretty); `auto`: pretty when stdout is a terminal. */
export type LogFormat = 'auto' | 'json' | 'pretty';

/** `/metrics` on the API's own port, not at all, or on a port of its own (kept off the public listener). */
export type MetricsSetting = { serve: 'off' } | { serve: 'with-api' } | { serve: 'own-port'; port: number };

export interface Tier {
  name: string;
  requestsPerMinute: number;
}

export interface Config {
  port: number;
  host: string;
  /** Folder for the embedded SQLite database, the mail outbox and the generated secret. */
  dataDir: string;
  /** PostgreSQL when set; the embedded SQLite file in dataDir otherwise. */
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Local mirror of the publishers' files (LMI_UPSTREAM_DIR, else ../shared/upstream when it exists). */
  upstreamDir: string | null;
  /** Where the ingest reads releases from, and how it talks to publishers. */
  upstream: UpstreamSettings;
  /** How often `lmi serve` looks for new releases (LMI_REFRESH_INTERVAL); null: never while serving. */
  refreshIntervalMs: number | null;
  /** LMI_INGEST_MEMORY_MB: what one ingest may use; ASHE reads fewer workbooks at once under a smaller budget. */
  ingestMemoryMb: number;
  /** Keys the HMAC of e-mail addresses; from LMI_SECRET, else generated once and kept in dataDir. */
  secret: string | null;
  smtpUrl: string | null;
  logLevel: LogLevel;
  logFormat: LogFormat;
  metrics: MetricsSetting;
  tiers: Tier[];
  /** The address callers reach the API at; confirmation links in e-mails start with it. */
  publicUrl: string;
  /**
   * Which proxies' X-Forwarded-For is believed: none (false), the number of proxies in front of the
   * service (the client is that many hops from the socket), or the proxies' addresses and CIDR
   * ranges. Never every hop: the left-most X-Forwarded-For is whatever the client wrote.
   */
  trustProxy: TrustProxy;
  webhooks: WebhookSettings;
}

/** How `lmi serve` delivers the change feed to key holders' webhooks. */
export interface WebhookSettings {
  /** LMI_WEBHOOK_INTERVAL: how often due deliveries are looked for; null: never in this process. */
  intervalMs: number | null;
  /** LMI_WEBHOOK_MAX_FAILURES: failed attempts in a row that disable a webhook. */
  maxFailures: number;
  /** LMI_WEBHOOK_PRIVATE_ADDRESSES: whether webhooks may point at loopback and private addresses. */
  privateAddresses: boolean;
}

export type TrustProxy = false | number | string[];

/**
 * LMI_UPSTREAM: `publishers` reads every source from its publisher over HTTPS, even with a mirror
 * folder; `mirror` reads only the mirror; `auto` the mirror when there is one, else the publishers.
 */
type UpstreamMode = 'auto' | 'publishers' | 'mirror';

/** curl's `--connect-to HOST:PORT:ADDR:PORT`: requests for `host:port` (`*`: any host) go to `toHost:toPort`. */
export interface ConnectTo {
  host: string;
  port: number;
  toHost: string;
  toPort: number;
}

export interface UpstreamSettings {
  mode: UpstreamMode;
  /** LMI_OPERATOR_CONTACT: an e-mail address or URL put in the User-Agent, for publishers to reach the operator. */
  operatorContact: string | null;
  /** LMI_USER_AGENT: the whole User-Agent, replacing the derived one. */
  userAgent: string | null;
  /** LMI_UPSTREAM_CONNECT_TO: tests and diagnostics only; certificates and Host stay the publisher's. */
  connectTo: ConnectTo[];
  /** LMI_ESCO_PACKAGE: the ESCO CSV package's https:// address or file path (ESCO e-mails the link). */
  escoPackage: string | null;
  /** LMI_NCS_INTERVAL_MS: the least gap between two National Careers Service page requests. */
  ncsIntervalMs: number;
  /** LMI_FETCH_RETRIES: further attempts after a 5xx or network error. */
  retries: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The repository (or installed package) root: two levels above this file in src/ and in dist/. */
export const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DEFAULT_TIERS: Tier[] = [
  { name: 'free', requestsPerMinute: 60 },
  { name: 'partner', requestsPerMinute: 600 },
];

/** Where the ingest reads releases: LMI_UPSTREAM, `auto` choosing the mirror when there is one. */
export function upstreamKind(config: Pick<Config, 'upstream' | 'upstreamDir'>): 'mirror' | 'publishers' {
  if (config.upstream.mode === 'auto') return config.upstreamDir ? 'mirror' : 'publishers';
  return config.upstream.mode;
}

/**
 * Reads and validates the environment once. Everything else receives the resulting Config;
 * nothing reads process.env later. A bad value throws a ConfigError whose message is one line
 * naming the variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = readPort(env.PORT);
  const upstreamDir = readUpstreamDir(env.LMI_UPSTREAM_DIR);
  const upstream = readUpstream(env);
  if (upstream.mode === 'mirror' && upstreamDir === null)
    throw new ConfigError('LMI_UPSTREAM=mirror needs a mirror folder: set LMI_UPSTREAM_DIR');
  return {
    port,
    host: readNonEmpty('HOST', env.HOST) ?? '0.0.0.0',
    dataDir: path.resolve(readNonEmpty('LMI_DATA_DIR', env.LMI_DATA_DIR) ?? path.join(packageRoot, 'data')),
    databaseUrl: readUrl('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']),
    redisUrl: readUrl('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:']),
    upstreamDir,
    upstream,
    refreshIntervalMs: readRefreshInterval(env.LMI_REFRESH_INTERVAL),
    ingestMemoryMb: readWhole('LMI_INGEST_MEMORY_MB', env.LMI_INGEST_MEMORY_MB, 1024, 256),
    secret: readSecret(env.LMI_SECRET),
    smtpUrl: readUrl('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']),
    logLevel: readLogLevel(env.LOG_LEVEL),
    logFormat: readLogFormat(env.LOG_FORMAT),
    metrics: readMetrics(env.LMI_METRICS, port),
    tiers: readTiers(env.LMI_TIERS),
    publicUrl: (
      readUrl('LMI_PUBLIC_URL', env.LMI_PUBLIC_URL, ['http:', 'https:']) ?? `http://localhost:${port}`
    ).replace(/\/+$/, ''),
    trustProxy: readTrustProxy(env.LMI_TRUST_PROXY),
    webhooks: {
      intervalMs: readDuration('LMI_WEBHOOK_INTERVAL', env.LMI_WEBHOOK_INTERVAL, '10s'),
      maxFailures: readWhole('LMI_WEBHOOK_MAX_FAILURES', env.LMI_WEBHOOK_MAX_FAILURES, 8, 1),
      privateAddresses: readFlag('LMI_WEBHOOK_PRIVATE_ADDRESSES', env.LMI_WEBHOOK_PRIVATE_ADDRESSES),
    },
  };
}

function readNonEmpty(name: string, value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (value.trim() === '') throw new ConfigError(`${name} is blank`);
  return value.trim();
}

/**
 * LMI_TRUST_PROXY: unset, `false` or `0` (trust no proxy: the client is the socket's address); a
 * hop count (`1`: one load balancer in front); or the proxies' addresses and ranges
 * (`10.0.0.0/8,127.0.0.1`). `true` is refused: trusting every hop lets any client choose its
 * address, and with it its rate-limit identity.
 */
function readTrustProxy(value: string | undefined): TrustProxy {
  const name = 'LMI_TRUST_PROXY';
  const text = readNonEmpty(name, value);
  if (text === null || /^(false|no|none|0)$/i.test(text)) return false;
  const form = 'the number of proxies in front of the service (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)';
  if (/^(true|yes)$/i.test(text))
    throw new ConfigError(`${name}=${text} would let any client choose its address; give ${form}`);
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new ConfigError(`${name} must be at most 10 proxies, got ${hops}`);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => {
    const [address, prefix, ...rest] = entry.split('/');
    const version = isIP(address ?? '');
    if (version === 0 || rest.length > 0) return true;
    return prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
  });
  if (bad.length > 0) throw new ConfigError(`${name} must be ${form}; "${bad.join('", "')}" is neither`);
  return entries;
}

function readPort(value: string | undefined): number {
  const text = readNonEmpty('PORT', value);
  if (text === null) return 8080;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 1 to 65535, got "${text}"`);
  }
  return port;
}

function readUrl(name: string, value: string | undefined, protocols: string[]): string | null {
  const text = readNonEmpty(name, value);
  if (text === null) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`${name} is not a URL`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return text;
}

function readUpstreamDir(value: string | undefined): string | null {
  const text = readNonEmpty('LMI_UPSTREAM_DIR', value);
  if (text === null) {
    const mirror = path.resolve(packageRoot, '..', 'shared', 'upstream');
    return existsSync(mirror) ? mirror : null;
  }
  const dir = path.resolve(text);
  if (!existsSync(dir)) throw new ConfigError(`LMI_UPSTREAM_DIR points to a folder that does not exist: ${dir}`);
  return dir;
}

function readUpstream(env: NodeJS.ProcessEnv): UpstreamSettings {
  const mode = readNonEmpty('LMI_UPSTREAM', env.LMI_UPSTREAM)?.toLowerCase() ?? 'auto';
  if (mode !== 'auto' && mode !== 'publishers' && mode !== 'mirror')
    throw new ConfigError(`LMI_UPSTREAM must be auto, publishers or mirror, got "${mode}"`);
  const escoPackage = readNonEmpty('LMI_ESCO_PACKAGE', env.LMI_ESCO_PACKAGE);
  if (escoPackage && !escoPackage.startsWith('https://') && !existsSync(escoPackage))
    throw new ConfigError(`LMI_ESCO_PACKAGE must be an https:// address or an existing file, got "${escoPackage}"`);
  return {
    mode,
    operatorContact: readNonEmpty('LMI_OPERATOR_CONTACT', env.LMI_OPERATOR_CONTACT),
    userAgent: readNonEmpty('LMI_USER_AGENT', env.LMI_USER_AGENT),
    connectTo: readConnectTo(env.LMI_UPSTREAM_CONNECT_TO),
    escoPackage: escoPackage && !escoPackage.startsWith('https://') ? path.resolve(escoPackage) : escoPackage,
    ncsIntervalMs: readWhole('LMI_NCS_INTERVAL_MS', env.LMI_NCS_INTERVAL_MS, 1000, 0),
    retries: readWhole('LMI_FETCH_RETRIES', env.LMI_FETCH_RETRIES, 3, 0),
  };
}

function readWhole(name: string, value: string | undefined, fallback: number, least: number): number {
  const text = readNonEmpty(name, value);
  if (text === null) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < least)
    throw new ConfigError(`${name} must be a whole number of at least ${least}, got "${text}"`);
  return Number(text);
}

/** LMI_UPSTREAM_CONNECT_TO: `HOST:PORT:ADDR:PORT[,...]`, curl's --connect-to; `*` for any host. */
function readConnectTo(value: string | undefined): ConnectTo[] {
  const text = readNonEmpty('LMI_UPSTREAM_CONNECT_TO', value);
  if (text === null) return [];
  return text.split(',').map((entry) => {
    const match = /^([^:\s]+):(\d+):([^:\s]+):(\d+)$/.exec(entry.trim());
    if (!match)
      throw new ConfigError(`LMI_UPSTREAM_CONNECT_TO must look like "*:443:127.0.0.1:8443", got "${entry.trim()}"`);
    return { host: match[1]!, port: Number(match[2]), toHost: match[3]!, toPort: Number(match[4]) };
  });
}

const DURATION_UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** LMI_REFRESH_INTERVAL: `6h` (default), `30m`, `1d`, `90s`, a number of seconds, or `off`. */
function readRefreshInterval(value: string | undefined): number | null {
  return readDuration('LMI_REFRESH_INTERVAL', value, '6h');
}

/** A duration: `6h`, `30m`, `1d`, `90s`, a number of seconds, or `off` (null). */
function readDuration(name: string, value: string | undefined, fallback: string): number | null {
  const text = readNonEmpty(name, value)?.toLowerCase() ?? fallback;
  if (/^(off|no|false|0)$/.test(text)) return null;
  const match = /^(\d+)\s*([smhd]?)$/.exec(text);
  if (!match) throw new ConfigError(`${name} must be like 6h, 30m, 1d, 90s or off, got "${text}"`);
  return Number(match[1]) * DURATION_UNITS[match[2] || 's']!;
}

/** `true`/`1`/`yes` or `false`/`0`/`no` (the default). */
function readFlag(name: string, value: string | undefined): boolean {
  const text = readNonEmpty(name, value)?.toLowerCase() ?? 'false';
  if (/^(true|1|yes|on)$/.test(text)) return true;
  if (/^(false|0|no|off)$/.test(text)) return false;
  throw new ConfigError(`${name} must be true or false, got "${text}"`);
}

function readSecret(value: string | undefined): string | null {
  const text = readNonEmpty('LMI_SECRET', value);
  if (text !== null && text.length < 32) throw new ConfigError('LMI_SECRET must be at least 32 characters');
  return text;
}

function readLogLevel(value: string | undefined): LogLevel {
  const text = readNonEmpty('LOG_LEVEL', value);
  if (text === null) return 'info';
  const level = LOG_LEVELS.find((l) => l === text.toLowerCase());
  if (!level) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${text}"`);
  return level;
}

function readLogFormat(value: string | undefined): LogFormat {
  const text = readNonEmpty('LOG_FORMAT', value)?.toLowerCase() ?? 'auto';
  if (text === 'auto' || text === 'json' || text === 'pretty') return text;
  throw new ConfigError(`LOG_FORMAT must be auto, json or pretty, got "${text}"`);
}

/** LMI_METRICS: `on` (default, /metrics beside the API), `off`, or a port number for a listener of its own. */
function readMetrics(value: string | undefined, apiPort: number): MetricsSetting {
  const text = readNonEmpty('LMI_METRICS', value)?.toLowerCase() ?? 'on';
  if (/^(on|true|yes)$/.test(text)) return { serve: 'with-api' };
  if (/^(off|false|no)$/.test(text)) return { serve: 'off' };
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535)
    throw new ConfigError(`LMI_METRICS must be on, off or a port number from 1 to 65535, got "${text}"`);
  if (port === apiPort)
    throw new ConfigError(`LMI_METRICS names the API's own port ${port}; say on to serve /metrics there`);
  return { serve: 'own-port', port };
}

/** LMI_TIERS: "free=60,partner=600". The free tier is required: it is what key requests issue. */
function readTiers(value: string | undefined): Tier[] {
  const text = readNonEmpty('LMI_TIERS', value);
  if (text === null) return DEFAULT_TIERS;
  const tiers = text.split(',').map((pair) => {
    const match = /^\s*([a-z][a-z0-9-]*)\s*=\s*(\d+)\s*$/.exec(pair);
    if (!match || Number(match[2]) < 1) {
      throw new ConfigError(`LMI_TIERS must look like "free=60,partner=600", got "${text}"`);
    }
    return { name: match[1]!, requestsPerMinute: Number(match[2]) };
  });
  if (!tiers.some((t) => t.name === 'free')) throw new ConfigError('LMI_TIERS must include the free tier');
  return tiers;
}
