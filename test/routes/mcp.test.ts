import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { appForSuite } from '../helpers/composition-root.js';
import { buildTestApp, type TestApp } from '../helpers/served-app.js';
import { openTestStore, type TestStore } from '../helpers/stores.js';
import type { App } from '../../src/app.js';

/** The SDK's own client, over a real socket to the app's /mcp, with the key given. */
async function connect(app: App, key: string | null): Promise<Client> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const client = new Client({ name: 'uk-lmi-test', version: '0.0.0' });
  const headers: Record<string, string> = key ? { 'x-api-key': key } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`${address}/mcp`), { requestInit: { headers } }));
  return client;
}

const textOf = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

describe('the MCP endpoint over the template', () => {
  const served = appForSuite('sqlite');
  let client: Client;
  before(async () => {
    client = await connect(served.app, served.key);
  });
  after(() => client?.close());

  it('lists the tools of the usage model, each read-only', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), [
      'compare_occupations',
      'find_occupation',
      'list_occupations',
      'occupation_employment',
      'occupation_outlook',
      'occupation_pay',
      'occupation_profile',
      'occupation_routes_in',
      'occupation_skills',
    ]);
    const pay = tools.find((t) => t.name === 'occupation_pay')!;
    // The route's own parameters: the measures and areas the API takes.
    assert.ok((pay.inputSchema.properties?.measure as { enum: string[] }).enum.includes('hourly_pay_gross'));
    assert.deepEqual(pay.inputSchema.required, ['soc']);
    assert.ok(tools.every((t) => t.annotations?.readOnlyHint === true));
  });

  it("answers the pay of 2134 with the API's own body: provenance, quality and presentable as served", async () => {
    const result = (await client.callTool({ name: 'occupation_pay', arguments: { soc: '2134' } })) as CallToolResult;
    assert.equal(result.isError, undefined);
    const api = (await served.get('/v1/occupations/2134/pay')).json();
    assert.deepEqual(result.structuredContent, api);
    const relayed = result.structuredContent as typeof api;
    assert.equal(relayed.provenance.publisher, 'Office for National Statistics');
    assert.deepEqual(relayed.provenance, api.provenance);
    assert.equal(relayed.quality, api.quality);
    assert.equal(typeof relayed.presentable, 'boolean');
    assert.deepEqual(JSON.parse(textOf(result)), api);
  });

  it('answers a title that matches nothing with an empty list, not an error', async () => {
    const result = (await client.callTool({
      name: 'find_occupation',
      arguments: { q: 'zzqx vvkw' },
    })) as CallToolResult;
    assert.equal(result.isError, undefined);
    assert.deepEqual(result.structuredContent, { matches: [] });
    assert.match(textOf(result), /No occupation matches/);
  });

  it("says an unknown code is the API's 404 problem, as a tool error", async () => {
    const result = (await client.callTool({ name: 'occupation_pay', arguments: { soc: '9998' } })) as CallToolResult;
    assert.equal(result.isError, true);
    const problem = JSON.parse(textOf(result));
    assert.equal(problem.status, 404);
    assert.equal(problem.type, '/problems/occupation-not-found');
  });

  it('refuses /mcp without a key, as /v1 does', async () => {
    const res = await served.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().type, '/problems/missing-api-key');
  });
});

describe('the MCP endpoint before anything is ingested', () => {
  let store: TestStore;
  let served: TestApp;
  let client: Client;
  before(async () => {
    store = await openTestStore('sqlite');
    served = await buildTestApp(store);
    client = await connect(served.app, served.key);
  });
  after(async () => {
    await client?.close();
    await served?.app.close();
    await store?.dispose();
  });

  it("tells the service's failure (503 problem, tool error) from no match", async () => {
    const result = (await client.callTool({
      name: 'find_occupation',
      arguments: { q: 'software developer' },
    })) as CallToolResult;
    assert.equal(result.isError, true);
    const problem = JSON.parse(textOf(result));
    assert.equal(problem.status, 503);
    assert.equal(problem.type, '/problems/not-ready');
    assert.equal(result.structuredContent, undefined);
  });
});
