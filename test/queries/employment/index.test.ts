import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { type CurrentEditions } from '../../../src/queries/current-editions.js';
import { type Employment } from '../../../src/queries/employment/index.js';
import { rejectsWithProblem } from '../../helpers/problems.js';
import { DIALECTS_ABOVE_STORE, type TestStore } from '../../helpers/stores.js';
import { withdrawSources } from '../../helpers/template-databases.js';
import { servicesForSuite } from '../../helpers/composition-root.js';

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`Employment (${dialect})`, () => {
    let store: TestStore;
    let current: CurrentEditions;
    let employment: Employment;
    const root = servicesForSuite(dialect);
    before(() => {
      store = root.store;
      current = root.services.currentEditions;
      employment = root.services.employment;
    });

    it('answers the latest NM_218_1 period for the UK, its series from the NM_218_1 counts alone', async () => {
      const body = await employment.employment('2134', 'uk');
      assert.equal(body.period, 'January-December 2025');
      // One estimate per series: the industry table's years (2021-2024) are another estimate, left out.
      assert.deepEqual(
        body.series.map((p) => p.year),
        [2022, 2025],
      );
      assert.equal(body.employment!.count, 544_500);
      assert.equal(body.provenance.edition, (await current.latest('aps-occupation'))!.label);
    });

    it('lists the ten industries employing most, most first, each with its share of the people counted', async () => {
      const body = await employment.workforce('2134');
      assert.equal(body.industries.length, 10);
      assert.equal(body.industries[0]!.code, 'J');
      for (let i = 1; i < body.industries.length; i++)
        assert.ok(body.industries[i - 1]!.people! >= body.industries[i]!.people!);
      for (const industry of body.industries)
        assert.equal(industry.percent, Math.round((industry.people! / body.industryPercentBase.people) * 1000) / 10);
    });

    it('without the Census age release, leaves the ages empty and names the dataset page ONS publishes them on', async () => {
      assert.equal(await current.latest('census-occupation-age'), null, 'the mirror has no copy');
      const body = await employment.workforce('2134');
      assert.deepEqual(
        [body.ageBands, body.agedUnder25Percent, body.aged55AndOverPercent, body.ageBandsPeople, body.ageBandsPeriod],
        [[], null, null, null, null],
      );
      assert.equal(body.ageBandsProvenance, null);
      assert.ok(
        body.coverage.note.includes(
          '"Occupations of those in employment, by age and sex, England and Wales, Census 2021" (https://www.ons.gov.uk/employmentandlabourmarket/peopleinwork/employmentandemployeetypes/datasets/occupationsofthoseinemploymentbyageandsexenglandandwalescensus2021), which the service has not ingested',
        ),
        body.coverage.note,
      );
      assert.match(body.derivation, /`people` is the Annual Population Survey's count for the UK/);
    });

    it('answers 404 naming the fuller APS source for a nation, and 404 for a code that is not a unit group', async () => {
      const problem = await rejectsWithProblem(
        employment.employment('2134', 'wales'),
        'figure-not-found',
        /^Employment figures for wales come from .* does not have them/,
      );
      assert.equal(problem.extras.source, 'aps-occupation');
      await rejectsWithProblem(employment.employment('9999', 'uk'), 'occupation-not-found');
      await rejectsWithProblem(employment.workforce('213'), 'occupation-not-found');
    });

    it('still answers employment without the industry table; workforce then names it; without both, aps-occupation', async () => {
      await withdrawSources(store, ['aps-occupation-industry']);
      current.invalidate();
      const body = await employment.employment('2134', 'uk');
      assert.deepEqual(
        body.series.map((p) => [p.year, p.count]),
        [
          [2022, 512_600],
          [2025, 544_500],
        ],
      );
      const problem = await rejectsWithProblem(employment.workforce('2134'), 'source-unavailable');
      assert.equal(problem.extras.source, 'aps-occupation-industry');
      await withdrawSources(store, ['aps-occupation']);
      current.invalidate();
      const none = await rejectsWithProblem(employment.employment('2134', 'uk'), 'source-unavailable');
      assert.equal(none.extras.source, 'aps-occupation');
    });
  });
}
