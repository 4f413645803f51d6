/**
 * Every environment variable the service reads, with its default and meaning: the one place they are
 * written for people. `npm run docs:generate` writes the table of docs/deployment.md from this list,
 * and test/scripts/docs/generate.test.ts fails when a variable read in `src/` is missing here.
 */
export interface ConfigVariable {
  name: string;
  /** Markdown: what holds when the variable is unset. */
  default: string;
  /** Markdown. */
  meaning: string;
}

export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { name: 'PORT', default: '`8080`', meaning: 'the port to listen on' },
  { name: 'HOST', default: '`0.0.0.0`', meaning: 'the address to listen on' },
  {
    name: 'LMI_DATA_DIR',
    default: '`./data`',
    meaning: 'the SQLite file, the mail outbox, the generated secret, the publisher documents discovery keeps',
  },
  { name: 'DATABASE_URL', default: 'unset (SQLite)', meaning: '`postgres://...` to use PostgreSQL' },
  { name: 'REDIS_URL', default: 'unset', meaning: '`redis://...` to share rate limits between replicas' },
  {
    name: 'LMI_UPSTREAM_DIR',
    default: '`../shared/upstream` if it exists',
    meaning: "local mirror of the publishers' files; unset and absent: read the publishers' HTTPS addresses",
  },
  {
    name: 'LMI_UPSTREAM',
    default: '`auto`',
    meaning:
      '`publishers`: read every source from its publisher over HTTPS, even with a mirror folder; `mirror`: only the mirror (refused without one); `auto`: the mirror when there is one, else the publishers',
  },
  {
    name: 'LMI_REFRESH_INTERVAL',
    default: '`6h`',
    meaning:
      'how often `lmi serve` looks for new releases (`90s`, `30m`, `6h`, `1d`, or `off`), with a tenth of jitter; a source whose check failed is looked at again after 30 minutes, then longer',
  },
  {
    name: 'LMI_OPERATOR_CONTACT',
    default: 'none',
    meaning:
      'an e-mail address or URL put in the User-Agent sent to publishers (`uk-lmi/<version> (+<LMI_PUBLIC_URL>; <contact>)`)',
  },
  { name: 'LMI_USER_AGENT', default: 'derived', meaning: 'replaces the whole User-Agent' },
  {
    name: 'LMI_ESCO_PACKAGE',
    default: 'none',
    meaning:
      "an ESCO CSV package's `https://` address or file path, read instead of the Commission's ESCO v1.1.1 download addresses",
  },
  {
    name: 'LMI_INGEST_MEMORY_MB',
    default: '`1024`',
    meaning:
      'what one ingest may use; ASHE reads one workbook at a time under 912 MiB, two from 912 (the default; the worst fault measured 641 MiB with two), three from 1,168',
  },
  {
    name: 'LMI_NCS_INTERVAL_MS',
    default: '`1000`',
    meaning: 'the least gap between two National Careers Service page requests',
  },
  {
    name: 'LMI_FETCH_RETRIES',
    default: '`3`',
    meaning: "further attempts after a publisher's 5xx or a network error (back-off 1 s, 4 s, 16 s)",
  },
  {
    name: 'LMI_WORKERS_FROM_DIST',
    default: 'unset',
    meaning:
      'tests only: `1` makes an ingest worker whose module is under `src/` run its `dist/` build (test/run.ts sets it after bringing `dist/` up to date)',
  },
  {
    name: 'LMI_UPSTREAM_CONNECT_TO',
    default: 'none',
    meaning:
      "tests and diagnostics only: curl's `--connect-to` (`*:443:127.0.0.1:8443`); certificates and Host stay the publisher's",
  },
  {
    name: 'NODE_EXTRA_CA_CERTS',
    default: 'none',
    meaning: "further certificates to trust when reading publishers, beside Node's own and the system bundle",
  },
  {
    name: 'SSL_CERT_FILE',
    default: 'the first system bundle found',
    meaning:
      'the system certificate bundle trusted when reading publishers (`/etc/ssl/certs/ca-certificates.crt` and the other usual places are looked for)',
  },
  {
    name: 'LMI_SECRET',
    default: 'generated into `LMI_DATA_DIR/secret`',
    meaning: 'keys the HMAC of e-mail addresses; replicas must share it (32+ characters)',
  },
  {
    name: 'SMTP_URL',
    default: 'unset (outbox folder)',
    meaning: '`smtp://` or `smtps://` mail server for key confirmations',
  },
  { name: 'LOG_LEVEL', default: '`info`', meaning: 'pino level' },
  {
    name: 'LOG_FORMAT',
    default: '`auto`',
    meaning:
      '`json` (one JSON object a line, for production), `pretty` (one readable line per event, through pino-pretty), or `auto`: pretty when stdout is a terminal (`npm start` in a shell), JSON otherwise',
  },
  {
    name: 'LMI_METRICS',
    default: '`on`',
    meaning:
      '`on`: `GET /metrics` beside the API; `off`: no metrics and nothing counted; a port number: `/metrics` only on that port (bound to `HOST`), off the public listener',
  },
  { name: 'LMI_TIERS', default: '`free=60,partner=600`', meaning: 'rate-limit tiers, requests per minute' },
  {
    name: 'LMI_PUBLIC_URL',
    default: '`http://localhost:$PORT`',
    meaning:
      'where callers reach the API; confirmation links start with it, and the OpenAPI document names it as its server',
  },
  {
    name: 'LMI_TRUST_PROXY',
    default: 'none',
    meaning:
      'the proxies whose `X-Forwarded-For` is believed: a hop count (`1`) or addresses and CIDR ranges (`10.0.0.0/8,::1`); `true` is refused (it would trust whatever a client writes)',
  },
  {
    name: 'LMI_WEBHOOK_INTERVAL',
    default: '`10s`',
    meaning:
      'how often `lmi serve` looks for webhook deliveries that are due (`5s`, `1m`, or `off`: this replica sends none); replicas share the outbox and never send one delivery twice at once',
  },
  {
    name: 'LMI_WEBHOOK_MAX_FAILURES',
    default: '`8`',
    meaning:
      'failed delivery attempts in a row (non-2xx, timeout, refused) that disable a webhook: with the back-off (30 s, then four times longer each time, at most 12 h) about 23 hours of failures',
  },
  {
    name: 'LMI_WEBHOOK_PRIVATE_ADDRESSES',
    default: '`false`',
    meaning:
      '`true` lets webhooks point at loopback, private and reserved addresses (an intranet, tests); by default they are refused at registration and when each delivery resolves the name',
  },
];
