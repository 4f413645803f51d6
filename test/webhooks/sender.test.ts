import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { postWebhook } from '../../src/webhooks/sender.js';
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
    assert.match(result.error, /resolves to a private or reserved address|ENOTFOUND|EAI_AGAIN/);
    assert.equal(paths.length, before);
    const literal = await postWebhook(at('127.0.0.1', '/inside'), {}, '{}', settings(false));
    assert.deepEqual(literal, {
      error: 'the address must be a public address, not a loopback, private or reserved one',
    });
    assert.equal(paths.length, before);
  });
});
