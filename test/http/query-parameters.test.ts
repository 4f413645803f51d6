import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appForSuite } from '../helpers/composition-root.js';
import { DIALECTS_ABOVE_STORE } from '../helpers/stores.js';

interface Operation {
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  responses: Record<string, unknown>;
}

/** A value for each path parameter the API declares, so every route is reached. */
const PATH_VALUES: Record<string, string> = { soc: '2134', other: '2136', area: 'uk' };
/** A valid value for each required query parameter, so that only the unknown one is wrong. */
const REQUIRED_VALUES: Record<string, string> = { q: 'nurse' };

/**
 * One rule for query parameters on every route, walked from the OpenAPI document so a route is
 * covered the day it is declared: a parameter the route does not take is a 400 naming it and the
 * parameters it does take, and the document declares that 400.
 */
for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`unknown query parameters on every route (${dialect})`, () => {
    const served = appForSuite(dialect);

    it('answers 400 naming the parameter and the valid ones, on every documented GET route; every route declares it', async () => {
      const openapi = (await served.app.inject({ url: '/v1/openapi.json' })).json<{
        paths: Record<string, Record<string, Operation>>;
      }>();
      let routes = 0;
      for (const [path, operations] of Object.entries(openapi.paths)) {
        for (const [method, op] of Object.entries(operations)) {
          assert.ok(op.responses['400'], `${method} ${path} declares 400`);
          // The two key POSTs validate their body first (Fastify's order), so only GETs are asked here.
          if (method !== 'get') continue;
          routes++;
          const required = (op.parameters ?? [])
            .filter((p) => p.in === 'query' && p.required)
            .map((p) => `${p.name}=${REQUIRED_VALUES[p.name]}&`)
            .join('');
          const url = path.replace(/\{(\w+)\}/g, (_, name: string) => PATH_VALUES[name]!);
          const res = await served.app.inject({
            url: `${url}?${required}colour=blue`,
            headers: { 'x-api-key': served.key },
          });
          assert.equal(res.statusCode, 400, `${method} ${path}`);
          const body = res.json<{
            detail: string;
            invalidParams: Array<{ name: string; validParameters?: string[] }>;
          }>();
          const valid = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
          assert.equal(body.invalidParams[0]!.name, 'colour', `${method} ${path}`);
          assert.deepEqual([...body.invalidParams[0]!.validParameters!].sort(), [...valid].sort(), `${method} ${path}`);
          assert.match(body.detail, /`colour` is not a parameter of this endpoint/, `${method} ${path}`);
          if (valid.length === 0) assert.match(body.detail, /it takes no query parameters/, `${method} ${path}`);
          else for (const name of valid) assert.ok(body.detail.includes(`\`${name}\``), `${method} ${path}: ${name}`);
        }
      }
      assert.ok(routes >= 30, `${routes} GET routes walked`);
    });

    it('still answers a route with only its own parameters', async () => {
      assert.equal((await served.get('/v1/occupations/2134/how-to-become')).statusCode, 200);
      assert.equal((await served.get('/v1/occupations/2134/employment?area=uk')).statusCode, 200);
    });
  });
}
