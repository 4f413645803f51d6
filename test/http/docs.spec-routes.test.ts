import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../../src/config.js';
import { buildTestApp, type TestApp } from '../helpers/served-app.js';
import { openTestStore, type TestStore } from '../helpers/stores.js';

/** The contract, beside the repository (never copied into it), read as it stands when the test runs. */
const SPEC = path.resolve(packageRoot, '..', 'shared', 'spec', 'lmi-service-spec.md');

interface SpecRoute {
  route: string;
  errors: number[];
}

/** Every row of the spec's endpoint tables: `| GET /v1/... | parameters | body | 400, 401, ... |`. */
function specRoutes(markdown: string): SpecRoute[] {
  return markdown.split('\n').flatMap((line) => {
    const match = /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s+(\/v1\/\S*)\s*\|/.exec(line);
    if (!match) return [];
    const errors =
      line
        .split('|')
        .at(-2)!
        .match(/\b[45]\d\d\b/g) ?? [];
    return [{ route: `${match[1]} ${match[2]}`, errors: errors.map(Number).sort() }];
  });
}

/**
 * The statuses every route declares beyond its spec row (one rule on every route:
 * src/http/query-parameters.ts): 400 for a query parameter it does not take, named with the ones
 * it does, and 503 while what it needs is not ingested or the store is unavailable.
 */
const EVERY_ROUTE = [400, 503];

/**
 * Routes the service offers beyond the spec (issue 28), each tagged `Career moves`, the tag the docs
 * describe as beyond the spec. The integrator reviews every entry.
 */
/** Routes beyond the spec, each with the tag that says what it is. */
const BEYOND_SPEC: Record<string, string> = {
  'GET /v1/occupations/{soc}/compare/{other}': 'Career moves',
  'GET /v1/occupations/{soc}/moves': 'Career moves',
  'GET /v1/bulk': 'Bulk downloads',
  'GET /v1/bulk/{source}/{file}': 'Bulk downloads',
  'GET /v1/meta/changes': 'Metadata',
  'GET /v1/meta/changes.atom': 'Metadata',
  'POST /v1/webhooks': 'Webhooks',
  'GET /v1/webhooks': 'Webhooks',
  'GET /v1/webhooks/{id}': 'Webhooks',
  'GET /v1/webhooks/{id}/deliveries': 'Webhooks',
  'DELETE /v1/webhooks/{id}': 'Webhooks',
  'POST /v1/webhooks/{id}/rotate-secret': 'Webhooks',
  'POST /v1/webhooks/{id}/enable': 'Webhooks',
};
const ROUTES_BEYOND_SPEC = Object.keys(BEYOND_SPEC);

type Document = {
  paths: Record<string, Record<string, { responses: Record<string, unknown>; tags?: string[] }>>;
};

describe("the spec's endpoint tables and the OpenAPI document", () => {
  let store: TestStore;
  let served: TestApp;
  let documented: Map<string, number[]>;
  let tagged: Map<string, string[] | undefined>;
  let spec: SpecRoute[];
  before(async () => {
    spec = specRoutes(readFileSync(SPEC, 'utf8'));
    store = await openTestStore('sqlite');
    served = await buildTestApp(store);
    const document = (await served.app.inject({ url: '/v1/openapi.json' })).json<Document>();
    tagged = new Map(
      Object.entries(document.paths).flatMap(([p, operations]) =>
        Object.entries(operations).map(([method, op]) => [`${method.toUpperCase()} ${p}`, op.tags] as const),
      ),
    );
    documented = new Map(
      Object.entries(document.paths).flatMap(([p, operations]) =>
        Object.entries(operations).map(
          ([method, op]) =>
            [
              `${method.toUpperCase()} ${p}`,
              Object.keys(op.responses)
                .map(Number)
                .filter((s) => s >= 400)
                .sort(),
            ] as const,
        ),
      ),
    );
  });
  after(async () => {
    await served.app.close();
    await store.dispose();
  });

  it('reads the route tables of the spec', () => {
    assert.ok(spec.length >= 30, `found ${spec.length} routes`);
    assert.ok(spec.some((r) => r.route === 'GET /v1/occupations/{soc}/pay'));
    assert.ok(spec.some((r) => r.route === 'POST /v1/keys/confirm'));
  });

  it('documents every route of the spec and no other, one for one', () => {
    const specified = new Set(spec.map((r) => r.route));
    const missing = [...specified].filter((r) => !documented.has(r)).sort();
    const unspecified = [...documented.keys()]
      .filter((r) => !specified.has(r) && !ROUTES_BEYOND_SPEC.includes(r))
      .sort();
    assert.deepEqual(
      { missing, unspecified },
      { missing: [], unspecified: [] },
      `in the spec but not the OpenAPI document: ${missing.join(', ') || 'none'}; in the document but not the spec: ${unspecified.join(', ') || 'none'}`,
    );
  });

  it('tags each route beyond the spec as such', () => {
    for (const route of ROUTES_BEYOND_SPEC) assert.deepEqual(tagged.get(route), [BEYOND_SPEC[route]], route);
  });

  it('declares for each documented route the error statuses its spec row lists', () => {
    const differing = spec
      .filter((r) => documented.has(r.route))
      .filter((r) => {
        const expected = [...new Set([...r.errors, ...EVERY_ROUTE])].sort();
        return JSON.stringify(documented.get(r.route)) !== JSON.stringify(expected);
      })
      .map((r) => `${r.route}: spec ${r.errors.join(', ')}, document ${documented.get(r.route)!.join(', ')}`);
    assert.deepEqual(differing, []);
  });
});
