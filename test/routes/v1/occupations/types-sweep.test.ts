import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { appForSuite } from '../../../helpers/composition-root.js';

/** Every per-occupation route that takes the occupation alone, with its default parameters. */
const ROUTES = [
  '',
  '/titles',
  '/skills',
  '/work-profile',
  '/employment',
  '/workforce',
  '/pay',
  '/pay/series',
  '/pay/regions',
  '/vacancies',
  '/projections',
  '/how-to-become',
  '/apprenticeships',
  '/moves',
  '/visas',
  '/demand',
  '/job-adverts',
  '/job-adverts/local',
];

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  paths: Record<string, { get?: Operation }>;
  components?: unknown;
}

/**
 * A client generated from the OpenAPI document trusts its types: every answer the 412 occupations
 * give, on every route that takes the occupation alone, is checked against the schema the document
 * declares for its status (the problem schema for an error), so a field the release cannot give
 * is declared as the document says (null only where it says so), never a type it does not declare.
 */
describe("a typed client's sweep of the 412 occupations (sqlite)", () => {
  const served = appForSuite('sqlite');

  it('finds every answer of the declared type, on every route', async () => {
    const document = (await served.get('/v1/openapi.json')).json<Document>();
    const ajv = new Ajv2020({ strict: false, allErrors: false });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'document', components: document.components ?? {} });
    const validators = new Map<string, ValidateFunction>();
    const validator = (route: string, status: number): ValidateFunction => {
      const key = `${route} ${status}`;
      const known = validators.get(key);
      if (known) return known;
      const response = document.paths[`/v1/occupations/{soc}${route}`]?.get?.responses[status];
      assert.ok(response, `/v1/occupations/{soc}${route} declares no ${status}`);
      const [content] = Object.values(response.content ?? {});
      assert.ok(content, `${route} ${status} declares no body`);
      // Refs into the document's components resolve against the document added above.
      const schema: object = JSON.parse(
        JSON.stringify(content.schema).replaceAll('"#/components/', '"document#/components/'),
      );
      const compiled = ajv.compile(schema);
      validators.set(key, compiled);
      return compiled;
    };
    const codes = (await served.get('/v1/occupations')).json<Array<{ soc2020: string }>>().map((o) => o.soc2020);
    assert.equal(codes.length, 412);
    const broken: string[] = [];
    const answered = new Map<string, number>();
    for (const soc of codes)
      for (const route of ROUTES) {
        const res = await served.get(`/v1/occupations/${soc}${route}`);
        answered.set(`${route} ${res.statusCode}`, (answered.get(`${route} ${res.statusCode}`) ?? 0) + 1);
        const validate = validator(route, res.statusCode);
        if (!validate(res.json()))
          broken.push(`${soc}${route} (${res.statusCode}): ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`);
      }
    assert.deepEqual(broken.slice(0, 20), [], `${broken.length} answers break their declared type`);
    // The sweep read real answers: most routes answer 200 for most occupations.
    for (const route of ['', '/pay', '/employment', '/skills', '/how-to-become', '/apprenticeships'])
      assert.ok((answered.get(`${route} 200`) ?? 0) > 300, `${route}: ${JSON.stringify([...answered])}`);
  });
});
