import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { buildApp, loggerOptions, type App } from '../src/app.js';
import { createServices } from '../src/services.js';
import { servedFromTemplate, testConfig, type ServedApp } from './helpers/served-app.js';

describe('logs never contain an API key', () => {
  let app: App;
  let served: ServedApp;
  const lines: string[] = [];
  before(async () => {
    served = await servedFromTemplate('sqlite');
    const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
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
    assert.ok(lines.length >= 6, 'requests were logged');
    assert.ok(log.includes('api_key=[redacted]'));
    assert.ok(!log.includes(served.key.slice(4)), 'no part of the key after its mark is logged');
  });
});
