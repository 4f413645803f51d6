/**
 * `lmi mcp`: the MCP server on stdio, for an assistant on the operator's machine (docs/mcp.md). It
 * builds the app over the local store, as `lmi serve` does without listening, and its tools make
 * their API requests in process with the key in LMI_API_KEY: checked, limited and answered as
 * over HTTP. Stdout carries only MCP messages; logs are off.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { inProcessApi } from '../mcp/in-process.js';
import { mcpServer } from '../mcp/server.js';
import { openMigratedStore } from '../runtime.js';
import { createServices } from '../services.js';

const MISSING_KEY = 'lmi mcp: set LMI_API_KEY to an API key (`npx lmi keys create --email you@example.org` issues one)';

export async function mcpCommand(config: Config, version: string): Promise<void> {
  const key = process.env.LMI_API_KEY?.trim();
  if (!key) {
    process.stderr.write(`${MISSING_KEY}\n`);
    process.exitCode = 1;
    return;
  }
  const store = await openMigratedStore(config);
  const services = createServices(config, store);
  const app = await buildApp(services);
  await app.ready();
  const server = mcpServer(inProcessApi(app, key), version);
  const transport = new StdioServerTransport();
  // The client closing stdin ends the session, and the process with it.
  const close = async () => {
    await server.close();
    await app.close();
    await store.close();
  };
  process.stdin.once('end', () => void close());
  await server.connect(transport);
}
