import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { buildApp, type App } from '../../src/app.js';
import { createServices } from '../../src/services.js';
import { openTestStore, type TestStore } from '../helpers/stores.js';
import { testConfig } from '../helpers/served-app.js';

/**
 * A raw HTTP/1.1 exchange: what the server wrote back before closing (or 1.5 s passing); `later`
 * is written 300 ms after the request, once the server has had time to answer what it has.
 */
function exchange(
  port: number,
  request: string,
  later?: string,
): Promise<{ status: number; headers: Record<string, string>; body: string; closed: boolean; raw: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(request);
      if (later !== undefined) setTimeout(() => socket.writable && socket.write(later), 300);
    });
    let data = '';
    let closed = false;
    const timer = setTimeout(() => socket.destroy(), 1500);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      closed = true;
      clearTimeout(timer);
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), closed, raw: data });
    });
  });
}

const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: test\r\n${extra}Connection: close\r\n\r\n`;

function assertProblem(
  res: { status: number; headers: Record<string, string>; body: string },
  status: number,
  type: string,
): void {
  assert.equal(res.status, status, res.body);
  assert.equal(
    res.headers['content-type'],
    status === 400 || status === 404 ? 'application/json; charset=utf-8' : 'application/problem+json; charset=utf-8',
  );
  const body = JSON.parse(res.body) as { type: string; status: number; detail: string };
  assert.equal(body.type, `/problems/${type}`);
  assert.equal(body.status, status);
  assert.ok(body.detail.length > 0);
}

describe('the HTTP edge, over raw sockets', () => {
  let store: TestStore;
  let app: App;
  let port: number;
  before(async () => {
    store = await openTestStore('sqlite');
    app = await buildApp(createServices(testConfig(store.dataDir), store));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  after(async () => {
    await app.close();
    await store.dispose();
  });

  it('answers path-traversal variants under /docs/static/ with a 404 problem, never a 500', async () => {
    for (const path of [
      '/docs/static/../../../../etc/passwd',
      '/docs/static/%2e%2e/%2e%2e/package.json',
      '/docs/static/..%2f..%2fpackage.json',
      '/docs/static/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/docs/static/....//....//etc/passwd',
    ]) {
      assertProblem(await exchange(port, get(path)), 404, 'route-not-found');
    }
  });

  it('answers a URL whose percent-encoding does not decode (%ff) with a 400 problem', async () => {
    assertProblem(await exchange(port, get('/v1/occupations/%ff')), 400, 'malformed-request');
  });

  it("answers a request target over 8 KiB with a 414 problem, and one over Node's 16 KiB with a 431 problem and Connection: close", async () => {
    assertProblem(await exchange(port, get(`/v1/meta/editions?source=${'a'.repeat(9000)}`)), 414, 'uri-too-long');
    const res = await exchange(port, get(`/v1/meta/editions?source=${'a'.repeat(20_000)}`));
    assertProblem(res, 431, 'header-fields-too-large');
    assert.equal(res.headers.connection, 'close');
    assert.ok(res.closed);
  });

  it("answers oversized headers on HEAD with a 431 problem's headers and no body", async () => {
    const res = await exchange(port, `HEAD /healthz HTTP/1.1\r\nHost: test\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    assert.equal(res.status, 431);
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(res.headers.connection, 'close');
    assert.equal(res.body, '');
  });

  it('answers a method Node cannot parse, and a broken chunked body, with a 400 problem', async () => {
    assertProblem(await exchange(port, 'FOO / HTTP/1.1\r\nHost: test\r\n\r\n'), 400, 'malformed-request');
    const chunked =
      'POST /v1/keys/requests HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n';
    assertProblem(await exchange(port, chunked), 400, 'malformed-request');
  });

  it('gives a request whose chunked body breaks after its answer one response, not a second 400', async () => {
    const res = await exchange(
      port,
      'GET /healthz HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n',
      'zz\r\nabc\r\n0\r\n\r\n',
    );
    assert.equal(res.status, 200);
    assert.deepEqual(res.raw.match(/HTTP\/1\.1 \d{3}/g), ['HTTP/1.1 200']);
    assert.ok(res.closed);
  });

  it('answers a method no route has with a 404 problem', async () => {
    assertProblem(
      await exchange(port, 'DELETE /v1/meta/editions HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n'),
      404,
      'route-not-found',
    );
    assertProblem(
      await exchange(port, 'PROPFIND /v1/meta/editions HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n'),
      404,
      'route-not-found',
    );
  });

  it('answers an HTTP/1.1 request without Host with a 400 problem', async () => {
    assertProblem(await exchange(port, 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n'), 400, 'malformed-request');
  });

  it('answers an Expect it cannot meet with a 417 problem, and still honours 100-continue', async () => {
    const body = '{"email":"edge@example.org"}';
    const post = (expect: string) =>
      `POST /v1/keys/requests HTTP/1.1\r\nHost: test\r\nExpect: ${expect}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
    assertProblem(await exchange(port, post('something-else')), 417, 'expectation-failed');
    const continued = await exchange(port, post('100-continue'));
    assert.equal(continued.status, 100);
    assert.match(continued.body, /^HTTP\/1\.1 202 Accepted/);
  });

  it('keeps serving after all of the above', async () => {
    const res = await exchange(port, get('/healthz'));
    assert.equal(res.status, 200);
  });
});

describe('client addresses behind proxies (LMI_TRUST_PROXY)', () => {
  let store: TestStore;
  before(async () => {
    store = await openTestStore('sqlite');
  });
  after(() => store.dispose());

  /** The meta limit's remaining count after each request: one identity counts down, two do not. */
  const remaining = async (
    trustProxy: false | number | string[],
    requests: Array<{ from: string; forwardedFor: string }>,
  ) => {
    const app = await buildApp(createServices(testConfig(store.dataDir, { trustProxy }), store));
    try {
      const left: number[] = [];
      for (const { from, forwardedFor } of requests) {
        const res = await app.inject({
          url: '/v1/meta/sources',
          remoteAddress: from,
          headers: { 'x-forwarded-for': forwardedFor },
        });
        left.push(Number(/r=(\d+)/.exec(res.headers.ratelimit as string)![1]));
      }
      return left;
    } finally {
      await app.close();
    }
  };

  it("by default trusts no proxy: a forged X-Forwarded-For does not change the client's identity", async () => {
    assert.deepEqual(
      await remaining(false, [
        { from: '10.1.0.1', forwardedFor: '1.1.1.1' },
        { from: '10.1.0.1', forwardedFor: '2.2.2.2' },
      ]),
      [119, 118],
    );
  });

  it('with a hop count, takes the address that many proxies in, never the left-most the client wrote', async () => {
    const through = (forged: string) => ({ from: '10.2.0.1', forwardedFor: `${forged}, 203.0.113.7` });
    assert.deepEqual(await remaining(1, [through('1.1.1.1'), through('2.2.2.2'), through('3.3.3.3')]), [119, 118, 117]);
  });

  it('with proxy addresses, trusts only those', async () => {
    const left = await remaining(
      ['10.3.0.0/16'],
      [
        { from: '10.3.0.1', forwardedFor: '9.9.9.9, 198.51.100.1' },
        { from: '10.3.0.2', forwardedFor: '8.8.8.8, 198.51.100.1' },
        { from: '192.0.2.1', forwardedFor: '198.51.100.1' },
      ],
    );
    assert.deepEqual(
      left,
      [119, 118, 119],
      'the same client through two trusted proxies is one identity; an untrusted sender is itself',
    );
  });
});
