/**
 * The MCP server (official SDK): the tools of tools.ts answered by the HTTP API's own responses.
 * A tool never computes a figure: it relays what the API answered. A problem the API answers
 * (a store away, a source not ingested, a bad parameter, a missing key) is a tool error
 * (`isError: true` with the RFC 9457 body); a search that matches nothing is a normal answer.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { TOOLS, type ToolArguments, type ToolDefinition } from './tools.js';

/** What the API answered one GET with: its status and JSON body. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** A GET of the API, with the caller's key: in process (app.inject) for both transports. */
export type ApiGet = (path: string) => Promise<ApiAnswer>;

const MCP_SERVER_NAME = 'uk-lmi';

export function mcpServer(api: ApiGet, version: string): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, version },
    {
      instructions:
        'UK labour market information for the 412 SOC 2020 occupations. Find the four-digit code of a job title with find_occupation, then ask the other tools about it. Every figure carries its quality, whether it is presentable, and the provenance of its release: say them, and show any attribution given.',
    },
  );
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        // The route's TypeBox schema is plain JSON Schema: the same parameters, defaults and enums.
        inputSchema: z.fromJSONSchema(tool.input as unknown as Parameters<typeof z.fromJSONSchema>[0]) as z.ZodObject,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      (args: ToolArguments) => answer(api, tool, args),
    );
  }
  return server;
}

/** Calls the tool's requests and relays their answers: one under its part's name, or each under theirs. */
async function answer(api: ApiGet, tool: ToolDefinition, args: ToolArguments): Promise<CallToolResult> {
  const requests = tool.requests(args);
  const answers = await Promise.all(requests.map((request) => api(request.path)));
  const problems = answers
    .map((a, i) => ({ part: requests[i]!.part, ...a }))
    .filter((a) => a.status >= 400)
    .map(({ part, body }) => ({ part, problem: body }));
  if (problems.length > 0) {
    const one = problems.length === 1 && requests.length === 1;
    const body = one ? problems[0]!.problem : { problems };
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
  }
  // Structured content is an object: a list, or several answers, go under their parts' names.
  const body =
    requests.length === 1 && !Array.isArray(answers[0]!.body)
      ? answers[0]!.body
      : Object.fromEntries(requests.map((r, i) => [r.part, answers[i]!.body]));
  const content: CallToolResult['content'] = [];
  if (tool.search && Array.isArray(answers[0]!.body) && answers[0]!.body.length === 0)
    content.push({ type: 'text', text: 'No occupation matches this title credibly (not a failure: try other words).' });
  content.push({ type: 'text', text: JSON.stringify(body) });
  return { content, structuredContent: body as Record<string, unknown> };
}
