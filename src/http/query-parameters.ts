import type { FastifyInstance, RouteOptions } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { declaredError } from './declared-responses.js';

/** Where the rule applies: the API's routes (the explorer's HTML pages take their own query). */
const API_PREFIX = '/v1/';

/**
 * One rule for query parameters on every API route: a parameter the route does not take is a 400
 * naming it and the parameters the route does take (`validation.ts`), never silently ignored.
 * A route without a query schema gets an empty one; a route's own schema is closed to others; the
 * 400 is declared in the OpenAPI document of every route, since every route can answer it, and so
 * is the 503 (not ready: nothing ingested yet, or the store unavailable), for the same reason.
 */
export function registerQueryParameterRule(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(API_PREFIX) || route.schema?.hide) return;
    const schema = (route.schema ??= {});
    schema.querystring = closed(schema.querystring as TSchema | undefined);
    const responses = schema.response as Record<number, unknown> | undefined;
    if (responses && !(400 in responses)) responses[400] = declaredError(400);
    if (responses && !(503 in responses)) responses[503] = declaredError(503);
  });
}

/** The query schema with no parameter other than its own. */
function closed(querystring: TSchema | undefined): TSchema {
  if (querystring === undefined) return Type.Object({}, { additionalProperties: false });
  const open = (querystring as { additionalProperties?: unknown }).additionalProperties !== false;
  return open ? { ...querystring, additionalProperties: false } : querystring;
}
