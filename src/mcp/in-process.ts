/**
 * The API as the MCP tools call it: a GET through the app itself (Fastify's inject, no socket), with
 * the caller's key, so a tool's answer passes the same key check, rate limit, cache and problem
 * handling as the same request over HTTP.
 */
import type { FastifyInstance } from 'fastify';
import type { ApiGet } from './server.js';

export function inProcessApi(app: FastifyInstance, key: string | undefined, requestId?: string): ApiGet {
  return async (path) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (key) headers['x-api-key'] = key;
    // The MCP request's id on each inner request, so the request log ties them together.
    if (requestId) headers['x-request-id'] = requestId;
    const res = await app.inject({ method: 'GET', url: path, headers });
    return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as unknown) : null };
  };
}
