import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { Problem } from '../domain/problems.js';
import { inProcessApi } from '../mcp/in-process.js';
import { mcpServer } from '../mcp/server.js';

const MCP_PATH = '/mcp';

// package.json sits two levels up from both src/routes and dist/routes.
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * The MCP server over streamable HTTP (docs/mcp.md), stateless: each POST carries its JSON-RPC
 * messages and gets JSON back, so any replica answers any request and nothing is held between
 * them. Keyed like /v1 (the onRequest hooks check `X-API-Key` and count the request against its
 * limit) and each tool's API requests are made with the same key. No SSE stream is offered:
 * the tools answer at once and the server sends nothing unasked, so GET and DELETE are 405.
 * Not in the OpenAPI document: its body is JSON-RPC, described by the MCP specification.
 */
export const mcpRoutes: FastifyPluginAsync = async (app) => {
  app.post(MCP_PATH, { schema: { hide: true } }, async (request, reply) => {
    const server = mcpServer(inProcessApi(app, keyOf(request), request.id), version);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(webRequest(request), { parsedBody: request.body });
      reply.code(response.status);
      response.headers.forEach((value, name) => void reply.header(name, value));
      reply.header('cache-control', 'no-store');
      const text = await response.text();
      return reply.send(text === '' ? undefined : text);
    } finally {
      await server.close();
    }
  });

  const notAllowed = async () => {
    throw new Problem(
      'method-not-allowed',
      'This MCP endpoint is stateless and offers no event stream: POST each JSON-RPC message.',
    );
  };
  app.get(MCP_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('allow', 'POST');
    return notAllowed();
  });
  app.delete(MCP_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('allow', 'POST');
    return notAllowed();
  });
};

function keyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['x-api-key'];
  return Array.isArray(key) ? key[0] : key;
}

/** The Fastify request as the SDK's web-standard transport reads it (its body is passed parsed). */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return new Request(`http://${request.host}${request.url}`, { method: request.method, headers });
}
