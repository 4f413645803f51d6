import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  GENERATED_FILE,
  pythonClientFile,
  type PythonOpenApiDocument,
} from '../../../../clients/python/scripts/generate.js';
import { servedFromTemplate, type ServedApp } from '../../../helpers/served-app.js';

describe('the committed Python models and methods (clients/python/src/uk_lmi/_generated.py)', () => {
  let served: ServedApp;
  before(async () => {
    served = await servedFromTemplate('sqlite');
  });
  after(async () => served.close());

  it('are what `npm run client:generate` makes of the served /v1/openapi.json (run it when this fails)', async () => {
    const document = (await served.app.inject({ url: '/v1/openapi.json' })).json<PythonOpenApiDocument>();
    const generated = pythonClientFile(document);
    assert.equal(
      readFileSync(GENERATED_FILE, 'utf8'),
      generated,
      'clients/python/src/uk_lmi/_generated.py has drifted from the served document: run `npm run client:generate`',
    );
    for (const item of Object.values(document.paths))
      for (const operation of Object.values(item))
        if (operation.operationId) assert.match(generated, new RegExp(`^    "${operation.operationId}": `, 'm'));
  });

  it('types a body by its schema: required, optional and nullable fields, enumerations', () => {
    const file = pythonClientFile({
      paths: {
        '/v1/things/{id}': {
          get: {
            operationId: 'getThing',
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'sort', in: 'query', schema: { type: 'string', enum: ['asc', 'desc'] } },
            ],
            responses: {
              '200': {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      title: 'Thing',
                      required: ['id', 'median'],
                      properties: {
                        id: { type: 'string' },
                        median: { anyOf: [{ type: 'number' }, { type: 'null' }] },
                        from: { type: 'integer' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    });
    assert.match(
      file,
      /^Thing = TypedDict\(\n {4}"Thing",\n {4}\{"id": "str", "median": "Optional\[float\]", "from": "NotRequired\[int\]"\},\n\)$/m,
    );
    assert.match(
      file,
      /def get_thing\(self, id: str, \*, sort: Optional\[Literal\["asc", "desc"\]\] = None\) -> Thing:/,
    );
    assert.match(file, /return self\._call\("getThing", \{"id": id\}, \{"sort": sort\}\)/);
  });
});
