import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ingestSources } from '../../src/ingest/pipeline.js';
import { socStructureSource } from '../../src/ingest/sources/ons/soc2020-structure/descriptor.js';
import { httpsUpstream, mirrorUpstream } from '../../src/ingest/upstream.js';
import { listEditions } from '../../src/store/editions.js';
import { openTestStore, type TestStore } from '../helpers/stores.js';
import { UPSTREAM_DIR, VOLUME2_FILE, upstreamPath } from '../helpers/upstream.js';

/** A publisher stand-in: an HTTPS server on loopback with its own certificate, serving the real file. */
function startPublisher(): Promise<{ base: string; ca: Buffer; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lmi-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const workbook = readFileSync(upstreamPath(VOLUME2_FILE));
  const server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    if (req.url === '/moved.xlsx') return void res.writeHead(302, { location: '/file.xlsx' }).end();
    if (req.url === '/file.xlsx')
      return void res.writeHead(200, { 'content-type': 'application/vnd.ms-excel' }).end(workbook);
    res.writeHead(404).end();
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        base: `https://127.0.0.1:${port}`,
        ca: readFileSync(cert),
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}

describe('ingest over HTTPS (a local publisher stand-in)', () => {
  let publisher: Awaited<ReturnType<typeof startPublisher>>;
  let store: TestStore;
  before(async () => {
    publisher = await startPublisher();
    store = await openTestStore('sqlite');
  });
  after(async () => {
    await publisher.close();
    await store.dispose();
  });

  it('publishes the release read from the publisher, following a redirect, with its URL as the source URI', async () => {
    const source = {
      ...socStructureSource,
      discover: async () => ({
        releases: [
          {
            label: 'Volume 2',
            seriesKey: null,
            location: { mirrorPath: VOLUME2_FILE, url: `${publisher.base}/moved.xlsx` },
          },
        ],
      }),
    };
    const [result] = await ingestSources({ store, upstream: httpsUpstream({ ca: publisher.ca }), sources: [source] });
    assert.equal(result!.outcome, 'published');
    assert.equal(result!.releases[0]!.rowsStored, 551);
    const [edition] = await listEditions(store.db, 'soc2020-structure');
    assert.equal(edition!.sourceUri, `${publisher.base}/file.xlsx`);
    assert.equal(edition!.sha256, '1e9db61a04a95a76a17328813fab5ea6c5e52b2a50005f3cd4d2c876f61c119d');
  });

  it('fails the release and the source, with the HTTP status, when the publisher answers 404', async () => {
    const source = {
      ...socStructureSource,
      discover: async () => ({
        releases: [
          {
            label: 'Volume 2',
            seriesKey: null,
            location: { mirrorPath: VOLUME2_FILE, url: `${publisher.base}/gone.xlsx` },
          },
        ],
      }),
    };
    const [result] = await ingestSources({ store, upstream: httpsUpstream({ ca: publisher.ca }), sources: [source] });
    assert.equal(result!.outcome, 'failed');
    assert.match(result!.message!, /answered HTTP 404/);
    assert.equal(result!.releases[0]!.outcome, 'failed');
  });

  it('refuses plain HTTP addresses', async () => {
    await assert.rejects(httpsUpstream().fetch({ mirrorPath: 'x', url: 'http://127.0.0.1:1/file.xlsx' }), /only HTTPS/);
  });

  it('refuses a certificate it does not trust', async () => {
    await assert.rejects(httpsUpstream().fetch({ mirrorPath: 'x', url: `${publisher.base}/file.xlsx` }), /certificate/);
  });
});

describe('ingest reads the same bytes from the mirror as the file itself', () => {
  it('hashes what it read', async () => {
    const file = await mirrorUpstream(UPSTREAM_DIR).fetch({
      mirrorPath: VOLUME2_FILE,
      url: 'https://example.invalid/x',
    });
    assert.equal(file.bytes.length, readFileSync(upstreamPath(VOLUME2_FILE)).length);
    assert.equal(file.sha256, '1e9db61a04a95a76a17328813fab5ea6c5e52b2a50005f3cd4d2c876f61c119d');
  });

  it('refuses a path that leaves the mirror', async () => {
    await assert.rejects(
      mirrorUpstream(UPSTREAM_DIR).fetch({ mirrorPath: '../../etc/passwd', url: 'https://example.invalid/x' }),
      /outside the mirror/,
    );
  });
});
