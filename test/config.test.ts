import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ConfigError, DEFAULT_TIERS, loadConfig } from '../src/config.js';
import { UPSTREAM_DIR } from './helpers/upstream.js';

describe('configuration', () => {
  it('defaults: port 8080, embedded SQLite, the shared upstream mirror, info logs, free tier at 60 a minute', () => {
    const config = loadConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.databaseUrl, null);
    assert.equal(config.redisUrl, null);
    assert.equal(config.upstreamDir, UPSTREAM_DIR);
    assert.equal(config.logLevel, 'info');
    assert.equal(path.basename(config.dataDir), 'data');
    assert.deepEqual(config.tiers, DEFAULT_TIERS);
    assert.equal(config.tiers.find((t) => t.name === 'free')!.requestsPerMinute, 60);
    assert.equal(config.publicUrl, 'http://localhost:8080');
    assert.equal(config.trustProxy, false);
    assert.equal(config.logFormat, 'auto');
    assert.deepEqual(config.metrics, { serve: 'with-api' });
  });

  it('LMI_UPSTREAM, the refresh interval, the User-Agent contact, connect-to and the ingest memory budget', () => {
    const defaults = loadConfig({});
    assert.equal(defaults.upstream.mode, 'auto');
    assert.equal(defaults.refreshIntervalMs, 6 * 3_600_000);
    assert.equal(defaults.ingestMemoryMb, 1024);
    assert.deepEqual(defaults.upstream.connectTo, []);
    const set = loadConfig({
      LMI_UPSTREAM: 'Publishers',
      LMI_REFRESH_INTERVAL: '30m',
      LMI_OPERATOR_CONTACT: 'data@example.org',
      LMI_UPSTREAM_CONNECT_TO: '*:443:127.0.0.1:8443,www.bls.gov:443:10.0.0.1:443',
      LMI_INGEST_MEMORY_MB: '1536',
      LMI_NCS_INTERVAL_MS: '0',
    });
    assert.equal(set.upstream.mode, 'publishers');
    assert.equal(set.refreshIntervalMs, 30 * 60_000);
    assert.equal(set.upstream.operatorContact, 'data@example.org');
    assert.deepEqual(set.upstream.connectTo, [
      { host: '*', port: 443, toHost: '127.0.0.1', toPort: 8443 },
      { host: 'www.bls.gov', port: 443, toHost: '10.0.0.1', toPort: 443 },
    ]);
    assert.equal(set.ingestMemoryMb, 1536);
    assert.equal(set.upstream.ncsIntervalMs, 0);
    assert.equal(loadConfig({ LMI_REFRESH_INTERVAL: 'off' }).refreshIntervalMs, null);
    assert.equal(loadConfig({ LMI_REFRESH_INTERVAL: '90' }).refreshIntervalMs, 90_000);
    assert.throws(() => loadConfig({ LMI_UPSTREAM: 'ftp' }), /LMI_UPSTREAM must be auto, publishers or mirror/);
    assert.throws(() => loadConfig({ LMI_REFRESH_INTERVAL: 'weekly' }), /LMI_REFRESH_INTERVAL must be like 6h/);
    assert.throws(
      () => loadConfig({ LMI_UPSTREAM_CONNECT_TO: '127.0.0.1:8443' }),
      /LMI_UPSTREAM_CONNECT_TO must look like/,
    );
    assert.throws(() => loadConfig({ LMI_ESCO_PACKAGE: '/no/such/esco.zip' }), /LMI_ESCO_PACKAGE must be/);
  });

  it('LMI_WEBHOOK_*: the delivery interval, the failures that disable, private addresses', () => {
    assert.deepEqual(loadConfig({}).webhooks, { intervalMs: 10_000, maxFailures: 8, privateAddresses: false });
    assert.deepEqual(
      loadConfig({ LMI_WEBHOOK_INTERVAL: 'off', LMI_WEBHOOK_MAX_FAILURES: '3', LMI_WEBHOOK_PRIVATE_ADDRESSES: 'true' })
        .webhooks,
      { intervalMs: null, maxFailures: 3, privateAddresses: true },
    );
    assert.equal(loadConfig({ LMI_WEBHOOK_INTERVAL: '1m' }).webhooks.intervalMs, 60_000);
    assert.throws(() => loadConfig({ LMI_WEBHOOK_INTERVAL: 'often' }), /LMI_WEBHOOK_INTERVAL must be like 6h/);
    assert.throws(
      () => loadConfig({ LMI_WEBHOOK_MAX_FAILURES: '0' }),
      /LMI_WEBHOOK_MAX_FAILURES must be a whole number of at least 1/,
    );
    assert.throws(
      () => loadConfig({ LMI_WEBHOOK_PRIVATE_ADDRESSES: 'maybe' }),
      /LMI_WEBHOOK_PRIVATE_ADDRESSES must be true or false/,
    );
  });

  it('LMI_METRICS: on, off or a port of its own; LOG_FORMAT: auto, json or pretty', () => {
    assert.deepEqual(loadConfig({ LMI_METRICS: 'off' }).metrics, { serve: 'off' });
    assert.deepEqual(loadConfig({ LMI_METRICS: 'ON' }).metrics, { serve: 'with-api' });
    assert.deepEqual(loadConfig({ LMI_METRICS: '9464' }).metrics, { serve: 'own-port', port: 9464 });
    assert.equal(loadConfig({ LOG_FORMAT: 'Pretty' }).logFormat, 'pretty');
    assert.equal(loadConfig({ LOG_FORMAT: 'json' }).logFormat, 'json');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      LMI_DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LMI_UPSTREAM_DIR: UPSTREAM_DIR,
      LMI_SECRET: 's'.repeat(32),
      SMTP_URL: 'smtp://mail:25',
      LOG_LEVEL: 'WARN',
      LMI_TIERS: 'free=60,partner=1000',
      LMI_PUBLIC_URL: 'https://api.example.org/',
      LMI_TRUST_PROXY: '1',
    });
    assert.equal(config.publicUrl, 'https://api.example.org');
    assert.equal(config.trustProxy, 1, 'one proxy in front: the client is the address it saw');
    assert.equal(config.port, 9000);
    assert.equal(config.dataDir, '/tmp/x');
    assert.equal(config.databaseUrl, 'postgres://u@h/db');
    assert.equal(config.smtpUrl, 'smtp://mail:25');
    assert.equal(config.logLevel, 'warn');
    assert.deepEqual(config.tiers, [
      { name: 'free', requestsPerMinute: 60 },
      { name: 'partner', requestsPerMinute: 1000 },
    ]);
  });

  const bad: Array<[Record<string, string>, RegExp]> = [
    [{ PORT: 'eighty' }, /^PORT must be a whole number from 1 to 65535, got "eighty"$/],
    [{ PORT: '70000' }, /^PORT /],
    [{ DATABASE_URL: 'mysql://x/y' }, /^DATABASE_URL must start with postgres:\/\/ or postgresql:\/\/$/],
    [{ DATABASE_URL: 'not a url' }, /^DATABASE_URL is not a URL$/],
    [{ REDIS_URL: 'http://x' }, /^REDIS_URL /],
    [{ SMTP_URL: 'mailto:x' }, /^SMTP_URL /],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of/],
    [{ LMI_SECRET: 'short' }, /^LMI_SECRET must be at least 32 characters$/],
    [{ LMI_UPSTREAM_DIR: '/no/such/folder' }, /^LMI_UPSTREAM_DIR points to a folder that does not exist/],
    [{ LMI_TIERS: 'partner=5' }, /^LMI_TIERS must include the free tier$/],
    [{ LMI_TIERS: 'free=lots' }, /^LMI_TIERS must look like/],
    [{ PORT: '   ' }, /^PORT is blank$/],
    [{ LMI_PUBLIC_URL: 'ftp://x' }, /^LMI_PUBLIC_URL must start with http:\/\/ or https:\/\/$/],
    [
      { LMI_TRUST_PROXY: 'maybe' },
      /^LMI_TRUST_PROXY must be the number of proxies in front of the service \(e\.g\. 1\) or their addresses .*; "maybe" is neither$/,
    ],
    [
      { LMI_TRUST_PROXY: 'true' },
      /^LMI_TRUST_PROXY=true would let any client choose its address; give the number of proxies/,
    ],
    [{ LMI_TRUST_PROXY: '10.0.0.0/40' }, /"10\.0\.0\.0\/40" is neither$/],
    [{ LMI_METRICS: 'sometimes' }, /^LMI_METRICS must be on, off or a port number from 1 to 65535, got "sometimes"$/],
    [{ LMI_METRICS: '8080' }, /^LMI_METRICS names the API's own port 8080; say on to serve \/metrics there$/],
    [{ LOG_FORMAT: 'xml' }, /^LOG_FORMAT must be auto, json or pretty, got "xml"$/],
  ];
  it('reads LMI_TRUST_PROXY as none, a hop count, or proxy addresses and ranges', () => {
    assert.equal(loadConfig({ LMI_TRUST_PROXY: 'false' }).trustProxy, false);
    assert.equal(loadConfig({ LMI_TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(loadConfig({ LMI_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy, [
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
  });

  for (const [env, message] of bad) {
    it(`stops on ${Object.keys(env)[0]}=${Object.values(env)[0]} with a one-line message naming the variable`, () => {
      assert.throws(
        () => loadConfig(env),
        (error: unknown) => {
          assert.ok(error instanceof ConfigError);
          assert.match(error.message, message);
          assert.ok(!error.message.includes('\n'));
          return true;
        },
      );
    });
  }
});
