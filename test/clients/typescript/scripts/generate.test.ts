import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CLIENT_SRC, clientFiles, type OpenApiDocument } from '../../../../clients/typescript/scripts/generate.js';
import { servedFromTemplate, type ServedApp } from '../../../helpers/served-app.js';

describe('the committed client types (clients/typescript/src)', () => {
  let served: ServedApp;
  before(async () => {
    served = await servedFromTemplate('sqlite');
  });
  after(async () => served.close());

  it('are what `npm run client:generate` makes of the served /v1/openapi.json (run it when this fails)', async () => {
    const document = (await served.app.inject({ url: '/v1/openapi.json' })).json<OpenApiDocument>();
    for (const [file, text] of Object.entries(await clientFiles(document))) {
      assert.equal(
        readFileSync(path.join(CLIENT_SRC, file), 'utf8'),
        text,
        `clients/typescript/src/${file} has drifted from the served document: run \`npm run client:generate\``,
      );
    }
  });
});
