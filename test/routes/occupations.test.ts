import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { servedFromRealData, type ServedFixture } from '../helpers/fixture.js';
import { DIALECTS } from '../helpers/stores.js';

for (const dialect of DIALECTS) {
  describe(`GET /v1/occupations (${dialect})`, () => {
    let served: ServedFixture;
    before(async () => {
      served = await servedFromRealData(dialect);
    });
    after(() => served.close());

    it('returns the 412 unit groups in code order with their major and sub-major groups', async () => {
      const res = await served.app.inject({ url: '/v1/occupations', headers: { 'x-api-key': served.key } });
      assert.equal(res.statusCode, 200);
      const list = res.json() as Array<Record<string, unknown>>;
      assert.equal(list.length, 412);
      assert.deepEqual(list.map((o) => o.soc2020), [...list.map((o) => String(o.soc2020))].sort());
      assert.deepEqual(list.find((o) => o.soc2020 === '2134'), {
        soc2020: '2134',
        title: 'Programmers and software development professionals',
        majorGroup: '2',
        majorTitle: 'Professional occupations',
        subMajorGroup: '21',
        subMajorTitle: 'Science, research, engineering and technology professionals',
        titleCount: list.find((o) => o.soc2020 === '2134')!.titleCount as number,
      });
      assert.equal(list.find((o) => o.soc2020 === '6135')!.title, 'Care workers and home carers');
      for (const o of list) assert.match(String(o.soc2020), /^\d{4}$/);
    });
  });
}
