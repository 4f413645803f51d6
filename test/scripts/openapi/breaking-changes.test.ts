import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { breakingChanges, lastReleased } from '../../../scripts/openapi/breaking-changes.js';
import { servedFromTemplate, type ServedApp } from '../../helpers/served-app.js';

/** A small document in the served one's shape: one operation with a query parameter, a request body and a body. */
function released() {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: 'v1' },
    paths: {
      '/v1/things/{id}': {
        get: {
          operationId: 'getThing',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'sort', in: 'query', required: false, schema: { type: 'string', enum: ['asc', 'desc'] } },
          ],
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['id', 'median'],
                    properties: {
                      id: { type: 'string' },
                      median: { anyOf: [{ type: 'number' }, { type: 'null' }] },
                      quality: { type: 'string', enum: ['precise', 'withheld'] },
                    },
                  },
                },
              },
            },
            '404': { description: 'not found' },
          },
        },
        post: {
          operationId: 'postThing',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['url'],
                  properties: { url: { type: 'string' }, note: { type: 'string' } },
                },
              },
            },
          },
          responses: { '201': { description: 'made' } },
        },
      },
      '/v1/others': { get: { operationId: 'listOthers', responses: { '200': { description: 'ok' } } } },
    },
  };
}
type Doc = ReturnType<typeof released>;
const get = (doc: Doc) => doc.paths['/v1/things/{id}'].get;
const body = (doc: Doc) => get(doc).responses['200'].content['application/json'].schema;

describe('the OpenAPI breaking-change check (scripts/openapi/breaking-changes.ts)', () => {
  let served: ServedApp;
  before(async () => {
    served = await servedFromTemplate('sqlite');
  });
  after(async () => served.close());

  it('finds no breaking change from the last release (openapi/released/) to the served document', async () => {
    const { version, document } = lastReleased();
    const current = (await served.app.inject({ url: '/v1/openapi.json' })).json<object>();
    assert.deepEqual(
      breakingChanges(document, current),
      [],
      `a breaking change against the ${version} release: see docs/api.md#deprecation-policy`,
    );
  });

  const breaking: [string, (doc: Doc) => void, RegExp][] = [
    [
      'a removed path',
      (doc) => delete (doc.paths as Partial<Doc['paths']>)['/v1/others'],
      /operation GET \/v1\/others/,
    ],
    [
      'a removed operation',
      (doc) => delete (doc.paths['/v1/things/{id}'] as Partial<Doc['paths']['/v1/things/{id}']>).post,
      /operation POST/,
    ],
    [
      'a removed response status',
      (doc) => delete (get(doc).responses as Partial<ReturnType<typeof get>['responses']>)['404'],
      /404/,
    ],
    [
      'a removed response field',
      (doc) => delete (body(doc).properties as Partial<ReturnType<typeof body>['properties']>).quality,
      /property `quality`/,
    ],
    [
      'a new required parameter',
      (doc) => get(doc).parameters.push({ name: 'area', in: 'query', required: true, schema: { type: 'string' } }),
      /required query parameter `area`/,
    ],
    [
      'a new required request field',
      (doc) => doc.paths['/v1/things/{id}'].post.requestBody.content['application/json'].schema.required.push('note'),
      /note/,
    ],
    ['a narrowed parameter enum', (doc) => (get(doc).parameters[1]!.schema.enum = ['asc']), /sort/],
    ['a changed type', (doc) => (body(doc).properties.id = { type: 'integer' } as never), /id/],
  ];
  for (const [what, change, says] of breaking) {
    it(`fails on ${what}`, () => {
      const current = released();
      change(current);
      const found = breakingChanges(released(), current);
      assert.ok(found.length > 0, `${what} was not reported`);
      assert.match(found.map((c) => `${c.description} ${c.pointer}`).join('\n'), says);
    });
  }

  it('passes an additive change: a new path, an optional parameter, a response field, a response enum value', () => {
    const current = released();
    Object.assign(current.paths, {
      '/v1/new': { get: { operationId: 'listNew', responses: { '200': { description: 'ok' } } } },
    });
    get(current).parameters.push({ name: 'limit', in: 'query', required: false, schema: { type: 'string' } });
    Object.assign(body(current).properties, { unit: { type: 'string' } });
    body(current).properties.quality.enum.push('unreliable');
    assert.deepEqual(breakingChanges(released(), current), []);
  });
});
