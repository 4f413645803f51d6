import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { buildApp, loggerOptions, type App } from '../src/app.js';
import { createServices } from '../src/services.js';
import { servedFromTemplate, testConfig, type ServedApp } from './helpers/served-app.js';

describe('request logs', () => {
  let app: App;
  let served: ServedApp;
  const lines: string[] = [];
  before(async () => {
    served = await servedFromTemplate('sqlite');
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const services = createServices(testConfig(served.store.dataDir), served.store);
    app = await buildApp(services, { logger: { ...(loggerOptions('trace') as object), stream } });
  });
  after(async () => {
    await app.close();
    await served.close();
  });

  it('logs requests with a key in the header or the query string without the key', async () => {
    await app.inject({ url: '/v1/occupations', headers: { 'x-api-key': served.key } });
    await app.inject({ url: `/v1/occupations?api_key=${served.key}` });
    await app.inject({ url: '/v1/occupations', headers: { 'x-api-key': `${served.key}x` } });
    const log = lines.join('');
    assert.equal(lines.length, 3, 'one line per request');
    assert.ok(log.includes('api_key=[redacted]'));
    assert.ok(!log.includes(served.key.slice(4)), 'no part of the key after its mark is logged');
  });

  it('writes one line per request with what an operator needs: request id, method, URL, status, time, client, key prefix', async () => {
    lines.length = 0;
    const ok = await app.inject({
      url: '/v1/occupations/2134',
      headers: { 'x-api-key': served.key, 'x-request-id': 'trace-me-1' },
    });
    const missing = await app.inject({ url: '/v1/occupations/2134' });
    assert.equal(lines.length, 2, 'one line per request');
    const [first, second] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.equal(first!.reqId, 'trace-me-1');
    assert.equal(first!.msg, 'request completed');
    assert.equal(first!.level, 30);
    assert.equal(first!.method, 'GET');
    assert.equal(first!.url, '/v1/occupations/2134');
    assert.equal(first!.status, ok.statusCode);
    assert.equal(typeof first!.ms, 'number');
    assert.equal(first!.ip, '127.0.0.1');
    assert.equal(first!.key, served.key.slice(0, 12), "the key's display prefix");
    // The line is written without pino's serialiser, but as pino writes it: the same fields in the same order.
    assert.deepEqual(Object.keys(first!), [
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'method',
      'url',
      'status',
      'ms',
      'ip',
      'key',
      'msg',
    ]);
    assert.ok(Math.abs(Number(first!.time) - Date.now()) < 60_000);
    assert.equal(second!.reqId, missing.headers['x-request-id']);
    assert.equal(second!.status, 401);
    assert.equal(second!.key, undefined);
  });
});
