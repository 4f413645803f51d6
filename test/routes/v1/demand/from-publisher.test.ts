import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { occupationsInDemandSource } from '../../../../src/ingest/sources/dfe/occupations-in-demand/descriptor.js';
import { listEditions } from '../../../../src/store/editions.js';
import { cellsOf, occupationsInDemandZip } from '../../../helpers/occupations-in-demand-release.js';
import { ingestFromDouble } from '../../../helpers/publisher-double/ingest.js';
import { occupationsInDemandRoutes } from '../../../helpers/publisher-double/routes-ees.js';
import { routes } from '../../../helpers/publisher-double/routes.js';
import { startPublisherDouble, type PublisherDouble } from '../../../helpers/publisher-double/server.js';
import { serve, type ServedApp } from '../../../helpers/served-app.js';
import { DIALECTS } from '../../../helpers/stores.js';
import { copyTemplate } from '../../../helpers/template-databases.js';

/**
 * The demand routes serving a release read over HTTPS from the double of Explore Education
 * Statistics: the release files zip built in the publisher's layout, every figure checked against
 * the cells written into it.
 */

const LEVEL: Record<string, string> = {
  'Critical demand': 'critical',
  'Elevated demand': 'elevated',
  'Not in high demand': 'not_in_high_demand',
};
const PREFIXES = [
  'visa_density',
  'online_job_ad',
  'annual_perc_change_in_hourly_wage',
  'wage_premium',
  'annual_change_in_hours_worked',
];
const index = (text: string) => (text === 'x' ? null : Number(text));
/** How many of the five indicators the cells flag as critical or elevated. */
const inDemand = (c: Record<string, string>) =>
  PREFIXES.filter((p) => c[`${p}_critical`] === '1' || c[`${p}_elevated`] === '1').length;

for (const dialect of DIALECTS) {
  describe(`the demand routes from the publisher's release files zip (${dialect})`, () => {
    const cells = cellsOf();
    let double: PublisherDouble;
    let served: ServedApp;
    before(async () => {
      double = await startPublisherDouble();
      double.publishAll(routes(occupationsInDemandRoutes()));
      served = await serve(await copyTemplate(dialect));
      const [result] = await ingestFromDouble(double, {
        store: served.store,
        sources: [occupationsInDemandSource],
        refreshIntervalMs: 3_600_000,
      });
      assert.equal(result!.outcome, 'published', JSON.stringify(result));
      served.refresh();
    });
    after(async () => {
      await served?.close();
      await double?.stop();
    });

    it("answers an occupation's demand in 2025 and 2024 re-assessed, as the file's cells say", async () => {
      const res = await served.get('/v1/occupations/2134/demand');
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      for (const [field, year] of [
        ['latest', 2025],
        ['previous', 2024],
      ] as const) {
        const c = cells.byYear.get(year)!.get('2134')!;
        const shown = body[field];
        assert.deepEqual(
          [shown.year, shown.level, shown.demandIndex, shown.onImmigrationSalaryList],
          [year, LEVEL[c.demand_level!], index(c.demand_index!), c.immigration_salary_list === 'Yes'],
        );
        assert.equal(shown.indicators.filter((i: { signal: string }) => i.signal !== 'none').length, inDemand(c));
        assert.equal(shown.uncertainty, c.indicator_uncertainty === 'No uncertainty' ? null : c.indicator_uncertainty);
      }
      assert.equal(body.title, 'Programmers and software development professionals');
      assert.match(
        body.coverage.note,
        /`previous` is 2024 as this release re-assesses it on the 2025 method \(its 2024 revised tables\)/,
      );
      assert.equal(body.provenance.edition, 'Occupations in demand: 2025');
    });

    it('lists the occupations in high demand, highest demand index first, and each level on its own', async () => {
      const latest = [...cells.byYear.get(2025)!.values()];
      const expected = (levels: string[]) =>
        latest
          .filter((c) => levels.includes(LEVEL[c.demand_level!]!))
          .sort(
            (a, b) =>
              (index(b.demand_index!) ?? -Infinity) - (index(a.demand_index!) ?? -Infinity) ||
              a.soc20_unit!.localeCompare(b.soc20_unit!),
          )
          .map((c) => [c.soc20_unit, LEVEL[c.demand_level!], index(c.demand_index!), inDemand(c), Number(c.workers)]);
      const shown = (body: { occupations: Record<string, unknown>[] }) =>
        body.occupations.map((o) => [o.soc2020, o.level, o.demandIndex, o.indicatorsInDemand, o.workers]);
      const high = (await served.get('/v1/demand')).json();
      assert.equal(high.year, 2025);
      assert.deepEqual(shown(high), expected(['critical', 'elevated']));
      const not = (await served.get('/v1/demand?level=not_in_high_demand')).json();
      assert.deepEqual(shown(not), expected(['not_in_high_demand']));
    });

    it('answers 404 for a unit group the release does not assess, saying so', async () => {
      const res = await served.get(`/v1/occupations/${cells.excluded[0]}/demand`);
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().type, '/problems/figure-not-found');
      assert.match(
        res.json().detail,
        new RegExp(`The 2025 assessment of occupations in demand does not assess ${cells.excluded[0]}`),
      );
    });

    it('quarantines a new version whose layout it does not know, naming the label; the release read keeps serving', async () => {
      const broken = occupationsInDemandZip({ renameScaled: ['demand_index', 'demand_score'] });
      double.publishAll(routes(occupationsInDemandRoutes('9f8e7d6c-5b4a-4392-8170-6e5d4c3b2a19', broken)));
      const [result] = await ingestFromDouble(double, {
        store: served.store,
        sources: [occupationsInDemandSource],
        refreshIntervalMs: 3_600_000,
      });
      assert.equal(result!.outcome, 'quarantined', JSON.stringify(result));
      const held = (await listEditions(served.store.db, 'occupations-in-demand')).find(
        (e) => e.status === 'quarantined',
      )!;
      assert.ok(
        held.checks.some(
          (c) =>
            c.status === 'fail' &&
            /scaled_OID_output\.csv has no column "demand_index"/.test(`${c.rule} ${c.observed}`),
        ),
        JSON.stringify(held.checks),
      );
      served.refresh();
      assert.equal((await served.get('/v1/occupations/2134/demand')).statusCode, 200);
      const source = (await served.get('/v1/meta/sources'))
        .json<{ key: string; currentEdition: string | null }[]>()
        .find((s) => s.key === 'occupations-in-demand')!;
      // The release as Explore Education Statistics names it (publication and release titles), not as its files would.
      assert.equal(source.currentEdition, 'Occupations in demand: 2025');
    });
  });
}
