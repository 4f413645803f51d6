import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { buildApp } from '../../src/app.js';
import { packageRoot } from '../../src/config.js';
import { createServices } from '../../src/services.js';
import { buildTestApp, testConfig, type TestApp } from '../helpers/served-app.js';
import { openTestStore, type TestStore } from '../helpers/stores.js';

/** The Redocly configuration the document is linted with: the recommended rules, each rule turned off with its reason. */
const REDOCLY_CONFIG = path.join(packageRoot, 'redocly.yaml');

/** Each GET route and the error statuses the spec declares for it. */
const DECLARED: Record<string, number[]> = {
  '/v1/occupations': [401, 429],
  '/v1/occupations/search': [400, 401, 429],
  '/v1/occupations/{soc}': [401, 404, 429],
  '/v1/occupations/{soc}/titles': [401, 404, 429],
  '/v1/occupations/{soc}/skills': [400, 401, 404, 429],
  '/v1/occupations/{soc}/moves': [400, 401, 404, 429],
  '/v1/occupations/{soc}/compare/{other}': [400, 401, 404, 429],
  '/v1/occupations/{soc}/work-profile': [401, 404, 429],
  '/v1/occupations/{soc}/employment': [400, 401, 404, 429],
  '/v1/occupations/{soc}/workforce': [401, 404, 429],
  '/v1/occupations/{soc}/vacancies': [400, 401, 404, 429],
  '/v1/occupations/{soc}/projections': [400, 401, 404, 429],
  '/v1/occupations/{soc}/how-to-become': [401, 404, 429],
  '/v1/occupations/{soc}/apprenticeships': [400, 401, 404, 429],
  '/v1/local-areas': [401, 404, 429],
  '/v1/occupations/{soc}/pay': [400, 401, 404, 429],
  '/v1/occupations/{soc}/pay/series': [400, 401, 404, 429],
  '/v1/occupations/{soc}/pay/regions': [400, 401, 404, 429],
  '/v1/occupations/{soc}/visas': [401, 404, 429],
  '/v1/occupations/{soc}/demand': [401, 404, 429],
  '/v1/occupations/{soc}/job-adverts': [400, 401, 404, 429],
  '/v1/occupations/{soc}/job-adverts/local': [401, 404, 429],
  '/v1/occupations/{soc}/job-adverts/local/{area}': [401, 404, 429],
  '/v1/local-areas/{area}/job-adverts': [400, 401, 404, 429],
  '/v1/visas': [400, 401, 404, 429],
  '/v1/demand': [400, 401, 404, 429],
  '/v1/job-adverts': [400, 401, 404, 429],
  '/v1/meta/sources': [429],
  '/v1/meta/editions': [429],
  '/v1/meta/ingest': [429],
  '/v1/meta/changes': [429],
  '/v1/meta/changes.atom': [429],
  '/v1/bulk': [401, 429],
  '/v1/bulk/{source}/{file}': [400, 401, 404, 429, 503],
  '/v1/webhooks': [401, 429],
  '/v1/webhooks/{id}': [401, 404, 429],
  '/v1/webhooks/{id}/deliveries': [401, 404, 429],
};

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: { default?: unknown };
}

interface Operation {
  operationId?: string;
  tags?: string[];
  parameters?: Parameter[];
  responses: Record<string, { content: Record<string, unknown> }>;
  security?: unknown[];
}

interface OpenApiDocument {
  openapi: string;
  info: { version: string; description: string; license: { name: string; identifier?: string } };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
}

function operationsOf(document: OpenApiDocument): { where: string; op: Operation }[] {
  return Object.entries(document.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ where: `${method.toUpperCase()} ${p}`, op })),
  );
}

describe('OpenAPI document and docs page', () => {
  let store: TestStore;
  let served: TestApp;
  let openapi: OpenApiDocument;
  before(async () => {
    store = await openTestStore('sqlite');
    served = await buildTestApp(store);
    const res = await served.app.inject({ url: '/v1/openapi.json' });
    assert.equal(res.statusCode, 200);
    openapi = res.json();
  });
  after(async () => {
    await served.app.close();
    await store.dispose();
  });

  it('is OpenAPI 3.1, version v1, served without a key', () => {
    assert.equal(openapi.openapi, '3.1.0');
    assert.equal(openapi.info.version, 'v1');
  });

  it('lists the two key POSTs: 202 and 200 with 400, 429 and 503, open', () => {
    const requests = openapi.paths['/v1/keys/requests']!.post!;
    assert.deepEqual(Object.keys(requests.responses).sort(), ['202', '400', '429', '503']);
    assert.deepEqual(requests.security, []);
    const confirm = openapi.paths['/v1/keys/confirm']!.post!;
    assert.deepEqual(Object.keys(confirm.responses).sort(), ['200', '400', '429', '503']);
    assert.deepEqual(confirm.security, []);
  });

  it('lists every route with its declared error statuses and their content types', () => {
    for (const [path, spec] of Object.entries(DECLARED)) {
      // Every route also declares the 400 of the one rule for query parameters it does not take,
      // and the 503 of a service not ready (nothing ingested yet, or the store unavailable).
      const errors = [...new Set([400, 503, ...spec])];
      const op = openapi.paths[path]?.get;
      assert.ok(op, `${path} is documented`);
      assert.deepEqual(Object.keys(op.responses).map(Number).sort(), [200, ...errors].sort(), path);
      for (const status of errors) {
        const type = status === 400 || status === 404 ? 'application/json' : 'application/problem+json';
        assert.deepEqual(Object.keys(op.responses[status]!.content), [type], `${path} ${status}`);
        const headers: string[] = Object.keys((op.responses[status] as { headers?: object }).headers ?? {});
        if (status === 429) assert.deepEqual(headers, ['Retry-After', 'RateLimit', 'RateLimit-Policy'], path);
        if (status === 401) assert.deepEqual(headers, ['WWW-Authenticate'], path);
        if (status === 503) assert.deepEqual(headers, ['Retry-After'], path);
      }
    }
    const documented = Object.entries(openapi.paths)
      .filter(([p, ops]) => p.startsWith('/v1/') && ops.get)
      .map(([p]) => p);
    assert.deepEqual(documented.sort(), Object.keys(DECLARED).sort());
  });

  it('marks metadata routes open and the others keyed', () => {
    assert.deepEqual(openapi.paths['/v1/meta/sources']!.get!.security, []);
    assert.equal(
      openapi.paths['/v1/occupations']!.get!.security,
      undefined,
      'inherits the document-wide X-API-Key requirement',
    );
  });

  it('validates against the OpenAPI 3.1 schema', async () => {
    const result = await validate(structuredClone(openapi) as never);
    assert.ok(result.valid, result.valid ? '' : compileErrors(result));
    assert.deepEqual(result.warnings, []);
  });

  it("lints with no error and no warning under Redocly's recommended rules and the committed config", async () => {
    const config = await loadConfig({ configPath: REDOCLY_CONFIG });
    const problems = await lintFromString({
      source: JSON.stringify(openapi),
      absoluteRef: path.join(packageRoot, 'openapi.json'),
      config,
    });
    assert.deepEqual(
      problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`),
      [],
    );
  });

  it('turns a Redocly rule off only with a comment above it saying why, on top of the recommended rules', () => {
    const lines = readFileSync(REDOCLY_CONFIG, 'utf8').split('\n');
    assert.ok(
      lines.some((line) => /^\s+-\s+recommended\s*$/.test(line)),
      'extends recommended',
    );
    const off = lines.flatMap((line, i) => (/^\s+[\w.-]+:\s*off\s*$/.test(line) ? [i] : []));
    for (const i of off) assert.match(lines[i - 1]!, /^\s*#\s*\S/, `${lines[i]!.trim()} has its reason above it`);
  });

  it('gives every operation a unique, readable operationId', () => {
    const ids = operationsOf(openapi).map(({ where, op }) => {
      assert.match(op.operationId ?? '', /^[a-z]+(?:[A-Z][a-z0-9]*)+$/, `${where} has a lowerCamelCase operationId`);
      return op.operationId!;
    });
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
    const id = (method: string, p: string) => openapi.paths[p]![method]!.operationId;
    assert.equal(id('get', '/v1/occupations/{soc}/pay'), 'getOccupationPay');
    assert.equal(id('get', '/v1/occupations/search'), 'searchOccupations');
    assert.equal(id('get', '/v1/meta/ingest'), 'getIngestStatus');
    assert.equal(id('post', '/v1/keys/confirm'), 'confirmKey');
  });

  it('marks no parameter with a default as required, and every path parameter as required', () => {
    for (const { where, op } of operationsOf(openapi)) {
      for (const p of op.parameters ?? []) {
        if (p.in === 'path') assert.equal(p.required, true, `${where} ${p.name}`);
        if (p.schema?.default !== undefined) assert.notEqual(p.required, true, `${where} ${p.name} has a default`);
      }
    }
    const param = (p: string, name: string) => openapi.paths[p]!.get!.parameters!.find((x) => x.name === name)!;
    const defaulted = [
      ['/v1/occupations/search', 'limit', 10],
      ['/v1/occupations/{soc}/skills', 'limit', 40],
      ['/v1/occupations/{soc}/employment', 'area', 'uk'],
      ['/v1/occupations/{soc}/pay', 'measure', 'annual_pay_gross'],
      ['/v1/occupations/{soc}/pay', 'sex', 'all'],
      ['/v1/occupations/{soc}/pay', 'pattern', 'all'],
      ['/v1/occupations/{soc}/pay', 'area', 'uk'],
    ] as const;
    for (const [p, name, value] of defaulted) {
      assert.equal(param(p, name).schema!.default, value, `${p} ${name}`);
      assert.equal(param(p, name).required, false, `${p} ${name}`);
    }
    assert.equal(param('/v1/occupations/search', 'q').required, true, 'a parameter with no default stays required');
  });

  it('declares, with a description, every tag the operations use, and no other', () => {
    const used = new Set(
      operationsOf(openapi).flatMap(({ where, op }) => {
        assert.ok((op.tags ?? []).length > 0, `${where} is tagged`);
        return op.tags!;
      }),
    );
    assert.deepEqual(openapi.tags.map((t) => t.name).sort(), [...used].sort());
    for (const tag of openapi.tags) assert.ok((tag.description ?? '').length > 20, `${tag.name} is described`);
  });

  it("gives the code's licence from package.json, and the licence of every registered source", () => {
    const pkg = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { license: string };
    assert.deepEqual(openapi.info.license, { name: pkg.license, identifier: pkg.license });
    const licences = new Set(served.services.sources.profiles.map((s) => s.licence));
    assert.ok(
      licences.has('Open Government Licence v3.0') &&
        licences.has('Creative Commons Attribution 4.0 International (CC BY 4.0)'),
    );
    for (const licence of licences) assert.ok(openapi.info.description.includes(licence), licence);
  });

  it('names the deployment from LMI_PUBLIC_URL as its server', async () => {
    assert.deepEqual(
      openapi.servers.map((s) => s.url),
      ['http://localhost:8080'],
      'the default, for a local run',
    );
    const app = await buildApp(
      createServices(testConfig(store.dataDir, { publicUrl: 'https://lmi.example.org/api' }), store),
    );
    try {
      const document = (await app.inject({ url: '/v1/openapi.json' })).json<OpenApiDocument>();
      assert.deepEqual(
        document.servers.map((s) => s.url),
        ['https://lmi.example.org/api'],
      );
      assert.ok(document.paths['/v1/occupations'], 'paths stay as served, below the server address');
    } finally {
      await app.close();
    }
  });

  it('serves a docs page with its assets locally, loading nothing from elsewhere', async () => {
    const page = await served.app.inject({ url: '/docs/' });
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /text\/html/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(sources.length > 0);
    for (const src of sources) assert.ok(!/^(https?:)?\/\//.test(src), `${src} is local`);
    const script = sources.find((s) => s.endsWith('.js'))!;
    const asset = await served.app.inject({ url: new URL(script, 'http://x/docs/').pathname });
    assert.equal(asset.statusCode, 200);
  });
});
