import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { type LocalAreas } from '../../../src/queries/local-areas/index.js';
import { type CurrentEditions } from '../../../src/queries/current-editions.js';
import { rejectsWithProblem } from '../../helpers/problems.js';
import { DIALECTS_ABOVE_STORE, type TestStore } from '../../helpers/stores.js';
import { withdrawSources } from '../../helpers/template-databases.js';
import { servicesForSuite } from '../../helpers/composition-root.js';

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`LocalAreas (${dialect})`, () => {
    let store: TestStore;
    let current: CurrentEditions;
    let areas: LocalAreas;
    const root = servicesForSuite(dialect);
    before(() => {
      store = root.store;
      current = root.services.currentEditions;
      areas = root.services.localAreas;
    });

    it("lists the local authority districts by name, London's 33 folded into London", async () => {
      const local = await areas.localAreas();
      assert.equal(local.length, 361 - 33 + 1);
      assert.deepEqual(
        local.map((a) => a.name),
        [...local.map((a) => a.name)].sort((a, b) => a.localeCompare(b, 'en-GB')),
      );
      assert.deepEqual(
        local.find((a) => a.code === 'E12000007'),
        { code: 'E12000007', slug: 'london', name: 'London', region: 'London' },
      );
      assert.equal(local.filter((a) => a.region === 'London').length, 1);
      assert.equal(local.find((a) => a.code === 'S12000036')!.region, 'Scotland');
    });

    it('answers 404 naming the geography source when it has no release', async () => {
      await withdrawSources(store, ['ons-geography']);
      current.invalidate();
      const problem = await rejectsWithProblem(areas.localAreas(), 'source-unavailable', /^Local areas come from/);
      assert.equal(problem.extras.source, 'ons-geography');
    });
  });
}
