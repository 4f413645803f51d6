import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance } from 'fastify';
import { deprecationHeaders, registerDeprecations } from '../../src/http/deprecation.js';
import { registerDocs } from '../../src/http/docs.js';

// No route is deprecated today: the mechanism is tested with routes registered here.
describe('a route declared deprecated in its config', () => {
  let app: FastifyInstance;
  before(async () => {
    app = Fastify();
    registerDeprecations(app);
    await registerDocs(app, {
      publicUrl: 'http://localhost',
      tags: [{ name: 'test', description: 'Routes of this test' }],
      sources: [],
    });
    const notice = { since: '2026-12-01', sunset: '2027-06-01', link: 'https://example.org/CHANGELOG.md' };
    app.get('/v1/old', { config: { deprecation: notice }, schema: { tags: ['test'] } }, async () => ({ ok: true }));
    app.get('/v1/gone', { config: { deprecation: notice }, schema: { tags: ['test'] } }, async (_request, reply) =>
      reply.code(404).send({ status: 404 }),
    );
    app.get('/v1/current', { schema: { tags: ['test'] } }, async () => ({ ok: true }));
    await app.ready();
  });
  after(() => app.close());

  it('sends Deprecation (RFC 9745), Sunset (RFC 8594) and the Link to the notice, on errors too', async () => {
    for (const url of ['/v1/old', '/v1/gone']) {
      const response = await app.inject({ url });
      assert.equal(response.headers.deprecation, `@${Date.UTC(2026, 11, 1) / 1000}`);
      assert.equal(response.headers.sunset, 'Tue, 01 Jun 2027 00:00:00 GMT');
      assert.equal(response.headers.link, '<https://example.org/CHANGELOG.md>; rel="deprecation"');
    }
    const current = await app.inject({ url: '/v1/current' });
    assert.equal(current.headers.deprecation, undefined);
    assert.equal(current.headers.sunset, undefined);
  });

  it('is marked deprecated in the OpenAPI document; other routes are not', async () => {
    const document = (await app.inject({ url: '/v1/openapi.json' })).json();
    assert.equal(document.paths['/v1/old'].get.deprecated, true);
    assert.equal(document.paths['/v1/current'].get.deprecated, undefined);
  });

  it('refuses a notice whose dates are not dates or whose sunset does not follow it', () => {
    assert.throws(() => deprecationHeaders({ since: 'soon', sunset: '2027-06-01' }), /YYYY-MM-DD/);
    assert.throws(() => deprecationHeaders({ since: '2027-06-01', sunset: '2027-01-01' }), /after/);
  });
});
