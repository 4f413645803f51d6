import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { ingestSources } from '../../src/ingest/pipeline.js';
import { socStructureSource } from '../../src/ingest/sources/soc2020-structure/descriptor.js';
import { mirrorUpstream } from '../../src/ingest/upstream.js';
import { servedFromRealData, type ServedFixture } from '../helpers/fixture.js';
import { VOLUME2_FILE, alteredVolume2, makeMirror } from '../helpers/upstream.js';

describe('HTTP caching', () => {
  let served: ServedFixture;
  const get = (url: string, headers: Record<string, string> = {}) => served.app.inject({ url, headers: { 'x-api-key': served.key, ...headers } });
  before(async () => {
    served = await servedFromRealData('sqlite');
  });
  after(() => served.close());

  it('gives keyed responses an ETag and private caching, and answers a matching If-None-Match with 304', async () => {
    const first = await get('/v1/occupations/2134');
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers['cache-control'], 'private, max-age=300');
    assert.equal(first.headers.vary, 'X-API-Key');
    const tag = first.headers.etag as string;
    assert.match(tag, /^W\/"/);
    const again = await get('/v1/occupations/2134', { 'if-none-match': tag });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    assert.notEqual((await get('/v1/occupations/6135')).headers.etag, tag);
  });

  it('lets metadata be cached publicly, except the ingest status and health checks', async () => {
    assert.equal((await served.app.inject({ url: '/v1/meta/sources' })).headers['cache-control'], 'public, max-age=60');
    assert.equal((await served.app.inject({ url: '/v1/meta/ingest' })).headers['cache-control'], 'no-store');
    assert.equal((await served.app.inject({ url: '/healthz' })).headers['cache-control'], 'no-store');
    assert.equal((await served.app.inject({ url: '/readyz' })).headers['cache-control'], 'no-store');
  });

  it('does not mark errors cacheable', async () => {
    const res = await get('/v1/occupations/9999');
    assert.equal(res.statusCode, 404);
    assert.equal(res.headers['cache-control'], undefined);
  });

  it('changes the ETag when a new edition changes the response', async () => {
    const before = await get('/v1/occupations/2134');
    const mirror = makeMirror();
    mirror.write(VOLUME2_FILE, alteredVolume2((sheets) => {
      sheets['SOC2020 framework']!.find((r) => r[4] === 2134)![5] = 'Programmers and software developers';
    }));
    await ingestSources({ store: served.store, upstream: mirrorUpstream(mirror.root), sources: [socStructureSource] });
    served.services.currentEditions.invalidate();
    const after = await get('/v1/occupations/2134', { 'if-none-match': before.headers.etag as string });
    assert.equal(after.statusCode, 200);
    assert.equal(after.json().title, 'Programmers and software developers');
    assert.notEqual(after.headers.etag, before.headers.etag);
  });
});
