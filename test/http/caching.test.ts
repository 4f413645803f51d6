import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { ingestSources } from '../../src/ingest/pipeline.js';
import { socStructureSource } from '../../src/ingest/sources/ons/soc2020-structure/descriptor.js';
import { mirrorUpstream } from '../../src/ingest/upstream.js';
import { ResponseCache } from '../../src/http/caching.js';
import { servedFromTemplate, type ServedApp } from '../helpers/served-app.js';
import { VOLUME2_FILE, alteredVolume2, makeMirror } from '../helpers/upstream.js';

describe('ResponseCache', () => {
  const body = (payload: string) => ({
    payload: Buffer.from(payload),
    etag: 'W/"x"',
    contentType: 'application/json',
    route: { url: '/v1/x' },
    policy: { cached: true, noStore: false, cacheControl: 'private, max-age=300', vary: 'X-API-Key' },
  });

  it('drops the least recently used entry past its entry limit', () => {
    const cache = new ResponseCache(2, 1_000_000);
    cache.set('a', body('1'));
    cache.set('b', body('2'));
    cache.get('a');
    cache.set('c', body('3'));
    assert.equal(cache.size, 2);
    assert.equal(cache.get('b'), undefined);
    assert.equal(cache.get('a')!.payload.toString(), '1');
  });

  it('drops entries past its size limit, and never keeps a body larger than an eighth of it', () => {
    const cache = new ResponseCache(100, 80);
    cache.set('a', body('x'.repeat(10)));
    cache.set('b', body('y'.repeat(10)));
    cache.set('huge', body('z'.repeat(11)));
    assert.equal(cache.get('huge'), undefined);
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, body('w'.repeat(10)));
    assert.ok(cache.size <= 8);
    assert.equal(cache.get('a'), undefined);
  });
});

describe('HTTP caching', () => {
  let served: ServedApp;
  const get = (url: string, headers: Record<string, string> = {}) =>
    served.app.inject({ url, headers: { 'x-api-key': served.key, ...headers } });
  before(async () => {
    served = await servedFromTemplate('sqlite');
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

  it('serves a repeated request from the in-process cache, whatever the order of its parameters', async () => {
    const { responseCache } = served.services;
    responseCache.clear();
    const first = await get('/v1/occupations/search?q=nurse&limit=3');
    assert.equal(responseCache.size, 1);
    const second = await get('/v1/occupations/search?limit=3&q=nurse');
    assert.equal(responseCache.size, 1, 'the same entry');
    assert.equal(second.body, first.body);
    assert.equal(second.headers.etag, first.headers.etag);
    assert.equal(second.headers['cache-control'], 'private, max-age=300');
    assert.equal(
      (await get('/v1/occupations/search?limit=3&q=nurse', { 'if-none-match': first.headers.etag as string }))
        .statusCode,
      304,
    );
    assert.equal((await get('/v1/occupations/search?q=nurse&limit=4')).json().length, 4);
    assert.equal(responseCache.size, 2);
  });

  it('answers a cached request and its 304 from the stored bytes and ETag: no query, no serialisation', async () => {
    const { responseCache } = served.services;
    responseCache.clear();
    const url = '/v1/occupations/3111/pay';
    const first = await get(url);
    assert.equal(first.statusCode, 200);
    // Change the rows behind the answer without publishing an edition: only a query would see it.
    const shift = (by: number) =>
      served.store.db
        .updateTable('ashe_pay')
        .set((eb) => ({ median: eb('median', '+', by) }))
        .where('soc', '=', '3111')
        .execute();
    await shift(1);
    try {
      const hit = await get(url);
      assert.equal(hit.body, first.body, 'the stored bytes');
      assert.equal(hit.headers.etag, first.headers.etag);
      assert.equal(hit.headers['content-type'], first.headers['content-type']);
      assert.match(hit.headers.ratelimit as string, /^"key";r=\d+;t=\d+$/, 'still counted');
      const revalidated = await get(url, { 'if-none-match': first.headers.etag as string });
      assert.equal(revalidated.statusCode, 304);
      assert.equal(revalidated.body, '');
      assert.equal(revalidated.headers.etag, first.headers.etag);
      assert.equal(revalidated.headers['cache-control'], 'private, max-age=300');
      assert.match(revalidated.headers.ratelimit as string, /^"key";r=\d+;t=\d+$/, 'still counted');
      responseCache.clear();
      const queried = await get(url);
      assert.equal(
        queried.json().distribution.median,
        first.json().distribution.median + 1,
        'a query now sees the change the cached answers did not',
      );
    } finally {
      await shift(-1);
      responseCache.clear();
    }
  });

  it("still counts a cached response against the key's limit, and still checks the key", async () => {
    await get('/v1/occupations/2134');
    const unkeyed = await served.app.inject({ url: '/v1/occupations/2134' });
    assert.equal(unkeyed.statusCode, 401);
    const keyed = await get('/v1/occupations/2134');
    assert.match(keyed.headers.ratelimit as string, /^"key";r=\d+;t=\d+$/);
  });

  it('lets metadata be cached publicly, except the ingest status and health checks', async () => {
    assert.equal((await served.app.inject({ url: '/v1/meta/sources' })).headers['cache-control'], 'public, max-age=60');
    assert.equal((await served.app.inject({ url: '/v1/meta/ingest' })).headers['cache-control'], 'no-store');
    assert.equal((await served.app.inject({ url: '/healthz' })).headers['cache-control'], 'no-store');
    assert.equal((await served.app.inject({ url: '/readyz' })).headers['cache-control'], 'no-store');
  });

  it('is not ready (503 saying what is still being done) until the start-up work is done, then ready', async () => {
    const { readiness } = served.services;
    readiness.pending = 'The job-title search and skill profiles are still being built.';
    try {
      const waiting = await served.app.inject({ url: '/readyz' });
      assert.equal(waiting.statusCode, 503);
      assert.equal(waiting.headers['retry-after'], '10');
      assert.equal(waiting.json().detail, readiness.pending);
    } finally {
      readiness.pending = null;
    }
    assert.equal((await served.app.inject({ url: '/readyz' })).statusCode, 200);
  });

  it('never caches the ingest status: no-store, no ETag, never a 304, never kept in the in-process cache', async () => {
    const { responseCache } = served.services;
    responseCache.clear();
    const first = await served.app.inject({ url: '/v1/meta/ingest' });
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers['cache-control'], 'no-store');
    assert.equal(first.headers.etag, undefined);
    // The tag its body would have, and any tag at all: the full answer each time.
    const tagOfBody = `W/"${createHash('sha1').update(first.body).digest('base64url')}"`;
    for (const tag of [tagOfBody, '*']) {
      const again = await served.app.inject({ url: '/v1/meta/ingest', headers: { 'if-none-match': tag } });
      assert.equal(again.statusCode, 200, tag);
      assert.equal(again.headers.etag, undefined);
      assert.deepEqual(again.json(), first.json());
    }
    assert.equal(responseCache.size, 0);
    const sources = await served.app.inject({ url: '/v1/meta/sources', headers: { 'if-none-match': '*' } });
    assert.equal(sources.statusCode, 304, 'other metadata still revalidates');
  });

  it('does not mark errors cacheable', async () => {
    const res = await get('/v1/occupations/9999');
    assert.equal(res.statusCode, 404);
    assert.equal(res.headers['cache-control'], undefined);
  });

  it('changes the ETag when a new edition changes the response', async () => {
    const before = await get('/v1/occupations/2134');
    const mirror = makeMirror();
    mirror.write(
      VOLUME2_FILE,
      alteredVolume2((sheets) => {
        sheets['SOC2020 framework']!.find((r) => r[4] === 2134)![5] = 'Programmers and software developers';
      }),
    );
    await ingestSources({ store: served.store, upstream: mirrorUpstream(mirror.root), sources: [socStructureSource] });
    served.services.currentEditions.invalidate();
    const after = await get('/v1/occupations/2134', { 'if-none-match': before.headers.etag as string });
    assert.equal(after.statusCode, 200);
    assert.equal(after.json().title, 'Programmers and software developers');
    assert.notEqual(after.headers.etag, before.headers.etag);
  });
});
