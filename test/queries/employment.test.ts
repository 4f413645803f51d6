import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { type CurrentEditions } from '../../src/queries/current-editions.js';
import { type Employment } from '../../src/queries/employment.js';
import { rejectsWithProblem } from '../helpers/problems.js';
import { DIALECTS, type TestStore } from '../helpers/stores.js';
import { withdrawSources } from '../helpers/template-databases.js';
import { servicesForSuite } from '../helpers/composition-root.js';

for (const dialect of DIALECTS) {
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

    it('answers from the APS release for the UK: a year per sheet, the latest first in the answer', async () => {
      const body = await employment.employment('2134', 'uk');
      assert.equal(body.period, 'January-December 2024');
      assert.deepEqual(
        body.series.map((p) => p.year),
        [2021, 2022, 2023, 2024],
      );
      assert.equal(body.employment!.count, null, 'an industry figure of 2134 was withheld in 2024');
      assert.equal(body.provenance.edition, (await current.latest('aps-occupation-industry'))!.label);
    });

    it('lists the ten industries employing most, most first, each with its share of the people counted', async () => {
      const body = await employment.workforce('2134');
      assert.equal(body.industries.length, 10);
      assert.equal(body.industries[0]!.code, 'J');
      for (let i = 1; i < body.industries.length; i++)
        assert.ok(body.industries[i - 1]!.people! >= body.industries[i]!.people!);
      for (const industry of body.industries)
        assert.equal(industry.percent, Math.round((industry.people! / body.people) * 1000) / 10);
    });

    it('answers 404 naming the fuller APS source for a nation, and 404 for a code that is not a unit group', async () => {
      const problem = await rejectsWithProblem(
        employment.employment('2134', 'wales'),
        'source-unavailable',
        /^Employment figures for wales come from/,
      );
      assert.equal(problem.extras.source, 'aps-occupation');
      await rejectsWithProblem(employment.employment('9999', 'uk'), 'occupation-not-found');
      await rejectsWithProblem(employment.workforce('213'), 'occupation-not-found');
    });

    it('answers 404 naming the APS occupation by industry release once it has none', async () => {
      await withdrawSources(store, ['aps-occupation-industry']);
      current.invalidate();
      for (const answer of [employment.employment('2134', 'uk'), employment.workforce('2134')]) {
        const problem = await rejectsWithProblem(answer, 'source-unavailable');
        assert.equal(problem.extras.source, 'aps-occupation-industry');
      }
    });
  });
}
