import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFetcher, type PublisherFetcher } from '../../../src/ingest/fetch/fetcher.js';
import { PublisherUnreachable } from '../../../src/ingest/fetch/errors.js';
import { trustedCas } from '../../../src/ingest/fetch/trust.js';
import { startPublisherDouble, type PublisherDouble } from '../../helpers/publisher-double/server.js';

const PAGE = 'https://www.ons.gov.uk/firewall-test';

/** A port nothing listens on: the connection is refused, as by a firewall that rejects. */
async function refusingPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('fetching behind a firewall: refused, silent, proxied', () => {
  let double: PublisherDouble;
  let downloads: string;
  const fetchers: PublisherFetcher[] = [];
  /** Accepts connections and never says a word: what a firewall that drops packets looks like from here. */
  const silent = net.createServer(() => undefined);
  const heldOpen = new Set<net.Socket>();
  silent.on('connection', (socket) => heldOpen.add(socket));
  /** A CONNECT proxy that tunnels every host to the double, and logs what it was asked for. */
  const tunnelled: string[] = [];
  const proxy = http.createServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req: http.IncomingMessage, client: net.Socket) => {
    tunnelled.push(req.url ?? '');
    const upstream = net.connect(double.port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection established\r\n\r\n');
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });

  const fetcher = (toPort: number | null, timeouts = { connectMs: 300, firstByteMs: 300, totalMs: 5_000 }) => {
    const made = createFetcher({
      userAgent: 'uk-lmi/test',
      downloadDir: downloads,
      ca: trustedCas({}, [double.certificates.caPem]),
      connectTo: toPort === null ? [] : [{ host: '*', port: 443, toHost: '127.0.0.1', toPort }],
      retries: 0,
      timeouts,
    });
    fetchers.push(made);
    return made;
  };

  before(async () => {
    double = await startPublisherDouble();
    downloads = mkdtempSync(path.join(tmpdir(), 'lmi-firewall-'));
    double.publish(PAGE, { body: '<html>ok</html>', contentType: 'text/html' });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    for (const f of fetchers) await f.close();
    for (const socket of heldOpen) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    await new Promise((resolve) => proxy.close(resolve));
    await double.stop();
  });

  it('says a refused connection is refused, at once', async () => {
    const port = await refusingPort();
    const started = Date.now();
    assert.deepEqual(await fetcher(port).reach(PAGE), {
      reachable: false,
      kind: 'refused',
      reason: `connection refused: connect ECONNREFUSED 127.0.0.1:${port}`,
    });
    await assert.rejects(
      fetcher(port).document(PAGE),
      (error: unknown) => error instanceof PublisherUnreachable && error.kind === 'refused',
    );
    assert.ok(Date.now() - started < 5_000, 'no timeout was waited for');
  });

  it('gives up on a listener that never answers the TLS handshake after the connect timeout', async () => {
    const started = Date.now();
    const result = await fetcher((silent.address() as AddressInfo).port).reach(PAGE);
    assert.deepEqual(result, { reachable: false, kind: 'timed out', reason: 'no connection within 0.3 s' });
    // Bounded by the connect timeout, not the 5 s whole-request bound: the phase is named.
    assert.ok(Date.now() - started < 3_000);
  });

  it('gives up on a publisher that connects but never answers after the first-byte timeout', async () => {
    double.route('https://www.ons.gov.uk/never', () => undefined);
    await assert.rejects(
      fetcher(double.port).document('https://www.ons.gov.uk/never'),
      (error: unknown) =>
        error instanceof PublisherUnreachable &&
        error.kind === 'timed out' &&
        /connected, but no answer within 0\.3 s/.test(error.message),
    );
  });

  it('bounds a whole request however steadily its bytes come', async () => {
    const dribble = 'https://www.ons.gov.uk/dribble';
    double.route(dribble, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('x'), 50);
      res.on('close', () => clearInterval(timer));
    });
    await assert.rejects(
      fetcher(double.port, { connectMs: 1_000, firstByteMs: 1_000, totalMs: 600 }).document(dribble),
      (error: unknown) => error instanceof PublisherUnreachable && /not done within 0\.6 s/.test(error.message),
    );
  });

  it('reads through the HTTPS_PROXY by CONNECT, and goes direct to a NO_PROXY host', async () => {
    const saved = { HTTPS_PROXY: process.env.HTTPS_PROXY, NO_PROXY: process.env.NO_PROXY };
    process.env.HTTPS_PROXY = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    process.env.NO_PROXY = 'localhost,.bls.gov';
    try {
      // No connectTo: only the proxy knows where the "publisher" is.
      const through = fetcher(null, { connectMs: 5_000, firstByteMs: 5_000, totalMs: 10_000 });
      const page = await through.document(PAGE);
      assert.equal(page.body.toString(), '<html>ok</html>');
      assert.deepEqual(tunnelled, ['www.ons.gov.uk:443']);
      assert.equal(double.log.at(-1)?.path, '/firewall-test');
      // Straight to www.bls.gov (no network here: it fails), never through the proxy.
      const direct = await through.reach('https://www.bls.gov/soc/');
      assert.equal(direct.reachable, false);
      assert.deepEqual(tunnelled, ['www.ons.gov.uk:443'], 'a NO_PROXY host is not tunnelled');
    } finally {
      for (const [name, value] of Object.entries(saved))
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    }
  });
});
