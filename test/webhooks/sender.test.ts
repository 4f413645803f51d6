import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type dns from 'node:dns';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { postWebhook, publicOnlyLookup } from '../../src/webhooks/sender.js';
import { makeTestCertificates } from '../helpers/publisher-double/tls.js';

describe('one webhook POST', () => {
  const certificates = makeTestCertificates([hostname(), 'localhost']);
  const paths: string[] = [];
  let port: number;
  const server = https.createServer({ key: certificates.key, cert: certificates.cert }, (req, res) => {
    paths.push(req.url ?? '/');
    req.resume();
    req.on('end', () => {
      if (req.url === '/moved') {
        res.writeHead(301, { location: '/elsewhere' });
        return res.end();
      }
      // An answer far larger than the sender reads: it must not wait for all of it.
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const more = () => {
        while (sent < 64 && res.write(chunk)) sent++;
        if (sent < 64) res.once('drain', more);
        else res.end();
      };
      more();
    });
  });
  before(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const settings = (privateAddresses: boolean) => ({
    userAgent: 'uk-lmi-webhooks/test',
    timeoutMs: 5_000,
    privateAddresses,
    ca: [certificates.caPem],
  });
  const at = (host: string, path: string) => `https://${host}:${(server.address() as AddressInfo).port}${path}`;
  before(() => {
    port = (server.address() as AddressInfo).port;
  });

  it('does not follow a redirect: a 3xx is what the receiver answered', async () => {
    const before = paths.length;
    assert.deepEqual(await postWebhook(at('127.0.0.1', '/moved'), {}, '{}', settings(true)), { status: 301 });
    assert.deepEqual(paths.slice(before), ['/moved']);
  });

  it('takes the status of an answer larger than it reads, without reading it all', async () => {
    assert.deepEqual(await postWebhook(at('127.0.0.1', '/large'), {}, '{}', settings(true)), { status: 200 });
  });

  it('refuses a name that resolves to a loopback or private address, sending nothing', async () => {
    const before = paths.length;
    // This machine's own name resolves to one of its addresses: loopback or private on any test host.
    const result = await postWebhook(`https://${hostname()}:${port}/inside`, {}, '{}', settings(false));
    assert.ok('error' in result, JSON.stringify(result));
    assert.match(result.error, /resolves to .*, special-purpose|ENOTFOUND|EAI_AGAIN/);
    assert.equal(paths.length, before);
    const literal = await postWebhook(at('127.0.0.1', '/inside'), {}, '{}', settings(false));
    assert.deepEqual(literal, {
      error:
        'the address must be a public address, not a loopback, private or other special-purpose one: 127.0.0.1 is loopback',
    });
    assert.equal(paths.length, before);
  });

  it('refuses at connect a name that resolves to any special-purpose address, the embedded IPv4 forms included', async () => {
    const before = paths.length;
    for (const address of ['64:ff9b::a9fe:a9fe', '::ffff:0:7f00:1', '2002:a9fe:a9fe::', '198.51.100.7', '127.0.0.1']) {
      // The name resolves to the test server's own address as well: one special address is enough to refuse.
      const resolve = ((_name: string, _options: object, callback: (e: null, a: object[]) => void) =>
        callback(null, [
          { address, family: address.includes(':') ? 6 : 4 },
          { address: '127.0.0.1', family: 4 },
        ])) as unknown as typeof dns.lookup;
      const result = await postWebhook(`https://hooks.example.org:${port}/x`, {}, '{}', {
        ...settings(false),
        resolve,
      });
      assert.ok('error' in result, JSON.stringify(result));
      assert.match(
        result.error,
        new RegExp(`hooks\\.example\\.org resolves to ${address.replace(/\./g, '\\.')}, special-purpose`),
      );
    }
    assert.equal(paths.length, before, 'nothing was sent');
  });

  it('lets a name through that resolves only to public addresses', async () => {
    const resolve = ((_name: string, _options: object, callback: (e: null, a: object[]) => void) =>
      callback(null, [{ address: '2a00:1450:4009:81f::200e', family: 6 }])) as unknown as typeof dns.lookup;
    const found = await new Promise<unknown>((done, fail) =>
      publicOnlyLookup(resolve)('hooks.example.org', { family: 0 }, (error, address, family) =>
        error ? fail(error) : done({ address, family }),
      ),
    );
    assert.deepEqual(found, { address: '2a00:1450:4009:81f::200e', family: 6 });
  });
});
