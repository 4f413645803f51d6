import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DIALECTS_ABOVE_STORE } from '../../../helpers/stores.js';
import { appForSuite } from '../../../helpers/composition-root.js';

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`GET /v1/local-areas (${dialect})`, () => {
    const served = appForSuite(dialect);
    const get = (url: string) => served.get(url);

    it('lists local areas: London folded into one area with its region code, slugs unique and stable', async () => {
      const areas = (await get('/v1/local-areas')).json<
        Array<{
          code: string;
          slug: string;
          name: string;
          region: string;
        }>
      >();
      assert.equal(areas.length, 361 - 33 + 1);
      assert.deepEqual(
        areas.find((a) => a.slug === 'london'),
        { code: 'E12000007', slug: 'london', name: 'London', region: 'London' },
      );
      assert.ok(!areas.some((a) => a.code.startsWith('E09')), 'no London borough is listed on its own');
      assert.equal(new Set(areas.map((a) => a.slug)).size, areas.length);
      for (const a of areas) assert.match(a.slug, /^[a-z0-9]+(-[a-z0-9]+)*$/);
      assert.deepEqual(
        areas.find((a) => a.code === 'N09000002'),
        {
          code: 'N09000002',
          slug: 'armagh-city-banbridge-and-craigavon',
          name: 'Armagh City, Banbridge and Craigavon',
          region: 'Northern Ireland',
        },
      );
      assert.equal(areas.find((a) => a.code === 'E06000001')!.region, 'North East');
      assert.equal(areas.find((a) => a.code === 'W06000015')!.region, 'Wales');
    });

    it('needs a key', async () => {
      assert.equal((await served.app.inject({ url: '/v1/local-areas' })).statusCode, 401);
    });
  });
}
