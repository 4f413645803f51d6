import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { lmiCli } from '../helpers/lmi-process.js';
import { REPO_ROOT } from '../helpers/template-databases.js';

const run = promisify(execFile);

/** `lmi mcp` as an MCP client config starts it: the built command on stdio, over an empty data directory. */
describe('lmi mcp (stdio)', () => {
  let dataDir: string;
  let env: Record<string, string>;
  before(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'lmi-mcp-'));
    env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LMI_DATA_DIR: dataDir };
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to start without LMI_API_KEY, saying how to get one', async () => {
    const cli = lmiCli();
    const refused = await run(cli.command, [...cli.args, 'mcp'], { cwd: REPO_ROOT, env }).catch(
      (error: unknown) => error as { code: number; stderr: string },
    );
    assert.equal((refused as { code: number }).code, 1);
    assert.match((refused as { stderr: string }).stderr, /set LMI_API_KEY .*lmi keys create/);
  });

  it("lists the tools to the SDK's client, and answers a failure as a tool error with the API's problem", async () => {
    const cli = lmiCli();
    const { stdout } = await run(cli.command, [...cli.args, 'keys', 'create', '--email', 'mcp@example.org'], {
      cwd: REPO_ROOT,
      env,
    });
    const transport = new StdioClientTransport({
      command: cli.command,
      args: [...cli.args, 'mcp'],
      cwd: REPO_ROOT,
      env: { ...env, LMI_API_KEY: stdout.trim() },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'uk-lmi-test', version: '0.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.ok(tools.some((t) => t.name === 'occupation_pay'));
      // Nothing is ingested in this store: the API's 503, not an empty "no match".
      const result = (await client.callTool({
        name: 'find_occupation',
        arguments: { q: 'nurse' },
      })) as CallToolResult;
      assert.equal(result.isError, true);
      const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
      assert.equal(JSON.parse(text).status, 503);
    } finally {
      await client.close();
    }
  });
});
