import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { insertDemandRelease } from '../../../../src/store/demand.js';
import { DEMAND_RELEASE, publishConstructed } from '../../../helpers/constructed-releases.js';
import { DIALECTS_ABOVE_STORE } from '../../../helpers/stores.js';
import { appForSuite } from '../../../helpers/composition-root.js';

const PAGE = 'https://explore-education-statistics.service.gov.uk/find-statistics/occupations-in-demand';

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`GET /v1/occupations/{soc}/demand and /v1/demand (${dialect})`, () => {
    const served = appForSuite(dialect);

    it('answers 404 naming the occupations-in-demand source and where it is published', async () => {
      for (const url of ['/v1/occupations/6135/demand', '/v1/demand', '/v1/demand?level=not_in_high_demand']) {
        const res = await served.get(url);
        assert.equal(res.statusCode, 404, url);
        assert.equal(res.json().source, 'occupations-in-demand');
        assert.ok(
          res.json().detail.includes(`Skills England (Department for Education) publishes it at ${PAGE}`),
          res.json().detail,
        );
      }
    });

    it('checks `level` and the occupation first', async () => {
      const res = await served.get('/v1/demand?level=high');
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.json().invalidParams[0].validValues, ['critical', 'elevated', 'not_in_high_demand']);
      assert.match(res.json().detail, /Valid values of `level`: critical, elevated, not_in_high_demand/);
      assert.equal((await served.get('/v1/occupations/9999/demand')).json().type, '/problems/occupation-not-found');
    });

    it('lists the source with no current edition and a plain status', async () => {
      const sources = (await served.get('/v1/meta/sources')).json<Array<Record<string, unknown>>>();
      const demand = sources.find((s) => s.key === 'occupations-in-demand')!;
      assert.deepEqual(
        [demand.publisher, demand.url, demand.cadence, demand.currentEdition],
        ['Skills England (Department for Education)', PAGE, 'yearly', null],
      );
      assert.match(String(demand.name), /SOC 2020 unit group/);
      assert.match(String(demand.status), /^No release has been ingested/);
    });

    it('answers from a published release: its rows staged, read back and built into the responses', async () => {
      await publishConstructed(served.store.db, 'occupations-in-demand', (trx, id) =>
        insertDemandRelease(trx, id, DEMAND_RELEASE),
      );
      served.refresh();
      const body = (await served.get('/v1/occupations/2134/demand')).json();
      assert.deepEqual(
        [
          body.latest.year,
          body.latest.level,
          body.latest.demandIndex,
          body.previous.year,
          body.latest.onImmigrationSalaryList,
        ],
        [2025, 'critical', 1.8, 2024, null],
      );
      assert.equal(body.latest.indicators[0].indicator, 'visa_grants');
      const list = (await served.get('/v1/demand')).json();
      assert.deepEqual(
        [list.year, ...list.occupations.map((o: { soc2020: string }) => o.soc2020)],
        [2025, '2134', '6135', '2231'],
      );
      assert.equal(list.occupations[1].title, 'Care workers and home carers');
      const unassessed = await served.get('/v1/occupations/1111/demand');
      assert.deepEqual([unassessed.statusCode, unassessed.json().type], [404, '/problems/figure-not-found']);
    });
  });
}
