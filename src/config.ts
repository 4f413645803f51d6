import {
  ConfigError,
  DATABASE_URL,
  HOST,
  LMI_BULK_DOWNLOADS,
  LMI_BULK_DOWNLOADS_PER_KEY,
  LMI_DATA_DIR,
  LMI_ESCO_PACKAGE,
  LMI_FETCH_CONNECT_TIMEOUT,
  LMI_FETCH_FIRST_BYTE_TIMEOUT,
  LMI_FETCH_RETRIES,
  LMI_FETCH_TIMEOUT,
  LMI_INGEST_MEMORY_MB,
  LMI_METRICS,
  LMI_NCS_INTERVAL_MS,
  LMI_OPERATOR_CONTACT,
  LMI_PUBLIC_URL,
  LMI_EMBED_FRAME_ANCESTORS,
  LMI_REFRESH_INTERVAL,
  LMI_SECRET,
  LMI_TIERS,
  LMI_TRUST_PROXY,
  LMI_UPSTREAM,
  LMI_UPSTREAM_CONNECT_TO,
  LMI_UPSTREAM_DIR,
  LMI_USER_AGENT,
  LMI_WEBHOOK_INTERVAL,
  LMI_WEBHOOK_MAX_FAILURES,
  LMI_WEBHOOK_PRIVATE_ADDRESSES,
  LOG_FORMAT,
  LOG_LEVEL,
  PORT,
  readVariable,
  REDIS_URL,
  LMI_METRICS_TOKEN,
  SMTP_URL,
  type ConfigVariable,
} from './config-variables.js';
import type * as Variables from './config-variables.js';

export {
  ConfigError,
  packageRoot,
  type ConnectTo,
  type LogFormat,
  type MetricsSetting,
  type Tier,
  type TrustProxy,
} from './config-variables.js';

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
  logLevel: Variables.LogLevel;
  logFormat: Variables.LogFormat;
  metrics: Variables.MetricsSetting;
  /** What `/metrics` beside the API asks for as `Authorization: Bearer`; null: nothing. */
  metricsToken: string | null;
  tiers: Variables.Tier[];
  /** The address callers reach the API at; confirmation links in e-mails start with it. */
  publicUrl: string;
  /** The CSP `frame-ancestors` of the embeddable comparison: `*` or a list of origins. */
  embedFrameAncestors: string;
  /**
   * Which proxies' X-Forwarded-For is believed: none (false), the number of proxies in front of the
   * service (the client is that many hops from the socket), or the proxies' addresses and CIDR
   * ranges. Never every hop: the left-most X-Forwarded-For is whatever the client wrote.
   */
  trustProxy: Variables.TrustProxy;
  webhooks: WebhookSettings;
  bulkDownloads: BulkDownloadLimits;
}

/** How many bulk files a replica sends at once (docs/downloads.md). */
export interface BulkDownloadLimits {
  /** LMI_BULK_DOWNLOADS_PER_KEY: one key's downloads at once; beyond, 429. */
  perKey: number;
  /** LMI_BULK_DOWNLOADS: every key's downloads at once; beyond, 503. */
  perProcess: number;
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

export interface UpstreamSettings {
  mode: Variables.UpstreamMode;
  /** LMI_OPERATOR_CONTACT: an e-mail address or URL put in the User-Agent, for publishers to reach the operator. */
  operatorContact: string | null;
  /** LMI_USER_AGENT: the whole User-Agent, replacing the derived one. */
  userAgent: string | null;
  /** LMI_UPSTREAM_CONNECT_TO: tests and diagnostics only; certificates and Host stay the publisher's. */
  connectTo: Variables.ConnectTo[];
  /** LMI_ESCO_PACKAGE: the ESCO CSV package's https:// address or file path (ESCO e-mails the link). */
  escoPackage: string | null;
  /** LMI_NCS_INTERVAL_MS: the least gap between two National Careers Service page requests. */
  ncsIntervalMs: number;
  /** LMI_FETCH_RETRIES: further attempts after a 5xx or network error. */
  retries: number;
  /** LMI_FETCH_CONNECT_TIMEOUT, LMI_FETCH_FIRST_BYTE_TIMEOUT, LMI_FETCH_TIMEOUT (ms). */
  timeouts: FetchTimeouts;
}

export interface FetchTimeouts {
  /** Until the connection (TCP, the proxy's CONNECT, TLS) is up. */
  connectMs: number;
  /** From connected to the answer's first byte; also the longest stall mid-body. */
  firstByteMs: number;
  /** The whole request, body included. */
  totalMs: number;
}

export const DEFAULT_TIERS: Variables.Tier[] = LMI_TIERS.parse(LMI_TIERS.fallback, LMI_TIERS.name);

/** Where the ingest reads releases: LMI_UPSTREAM, `auto` choosing the mirror when there is one. */
export function upstreamKind(config: Pick<Config, 'upstream' | 'upstreamDir'>): 'mirror' | 'publishers' {
  if (config.upstream.mode === 'auto') return config.upstreamDir ? 'mirror' : 'publishers';
  return config.upstream.mode;
}

/**
 * Reads and validates the environment once, through the variables declared in config-variables.ts.
 * Everything else receives the resulting Config; nothing reads process.env later. A bad value
 * throws a ConfigError whose message is one line naming the variable. What one variable's value
 * means for another's (a mirror for LMI_UPSTREAM=mirror, PORT for LMI_METRICS and LMI_PUBLIC_URL)
 * is checked here.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const read = <T>(variable: ConfigVariable<T>): T => readVariable(variable, env);
  const port = read(PORT);
  const upstreamDir = read(LMI_UPSTREAM_DIR);
  const upstream = readUpstream(read);
  if (upstream.mode === 'mirror' && upstreamDir === null)
    throw new ConfigError('LMI_UPSTREAM=mirror needs a mirror folder: set LMI_UPSTREAM_DIR');
  return {
    port,
    host: read(HOST),
    dataDir: read(LMI_DATA_DIR),
    databaseUrl: read(DATABASE_URL),
    redisUrl: read(REDIS_URL),
    upstreamDir,
    upstream,
    refreshIntervalMs: read(LMI_REFRESH_INTERVAL),
    ingestMemoryMb: read(LMI_INGEST_MEMORY_MB),
    secret: read(LMI_SECRET),
    smtpUrl: read(SMTP_URL),
    logLevel: read(LOG_LEVEL),
    logFormat: read(LOG_FORMAT),
    metrics: besideThePort(read(LMI_METRICS), port),
    metricsToken: read(LMI_METRICS_TOKEN),
    tiers: read(LMI_TIERS),
    publicUrl: (read(LMI_PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    embedFrameAncestors: read(LMI_EMBED_FRAME_ANCESTORS),
    trustProxy: read(LMI_TRUST_PROXY),
    webhooks: {
      intervalMs: read(LMI_WEBHOOK_INTERVAL),
      maxFailures: read(LMI_WEBHOOK_MAX_FAILURES),
      privateAddresses: read(LMI_WEBHOOK_PRIVATE_ADDRESSES),
    },
    bulkDownloads: { perKey: read(LMI_BULK_DOWNLOADS_PER_KEY), perProcess: read(LMI_BULK_DOWNLOADS) },
  };
}

type Read = <T>(variable: ConfigVariable<T>) => T;

function readUpstream(read: Read): UpstreamSettings {
  const mode = read(LMI_UPSTREAM);
  const escoPackage = read(LMI_ESCO_PACKAGE);
  return {
    mode,
    operatorContact: read(LMI_OPERATOR_CONTACT),
    userAgent: read(LMI_USER_AGENT),
    connectTo: read(LMI_UPSTREAM_CONNECT_TO),
    escoPackage,
    ncsIntervalMs: read(LMI_NCS_INTERVAL_MS),
    retries: read(LMI_FETCH_RETRIES),
    timeouts: {
      connectMs: read(LMI_FETCH_CONNECT_TIMEOUT),
      firstByteMs: read(LMI_FETCH_FIRST_BYTE_TIMEOUT),
      totalMs: read(LMI_FETCH_TIMEOUT),
    },
  };
}

function besideThePort(metrics: Variables.MetricsSetting, apiPort: number): Variables.MetricsSetting {
  if (metrics.serve === 'own-port' && metrics.port === apiPort)
    throw new ConfigError(`LMI_METRICS names the API's own port ${apiPort}; say on to serve /metrics there`);
  return metrics;
}
