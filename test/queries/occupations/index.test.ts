import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { type CurrentEditions } from '../../../src/queries/current-editions.js';
import { type Occupations } from '../../../src/queries/occupations/index.js';
import { rejectsWithProblem } from '../../helpers/problems.js';
import { DIALECTS_ABOVE_STORE, type TestStore } from '../../helpers/stores.js';
import { withdrawSources } from '../../helpers/template-databases.js';
import { servicesForSuite } from '../../helpers/composition-root.js';

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`Occupations (${dialect})`, () => {
    let store: TestStore;
    let current: CurrentEditions;
    let occupations: Occupations;
    const root = servicesForSuite(dialect);
    before(() => {
      store = root.store;
      current = root.services.currentEditions;
      occupations = root.services.occupations;
    });

    it('reads the SOC 2020 hierarchy of the current structure edition: 551 groups, 412 of them unit groups', async () => {
      const { editionId, groups, unitGroups } = await occupations.structure();
      assert.equal(editionId, (await current.latest('soc2020-structure'))!.id);
      assert.equal(groups.size, 551);
      assert.equal(unitGroups.length, 412);
      assert.ok(unitGroups.every((g) => g.level === 'unit' && /^\d{4}$/.test(g.code)));
    });

    it('finds a unit group by its code', async () => {
      assert.deepEqual(await occupations.unitGroup('2134'), {
        code: '2134',
        level: 'unit',
        title: 'Programmers and software development professionals',
        parentCode: '213',
      });
    });

    it('answers 404 for a code that is not a unit group, saying where the codes are', async () => {
      for (const soc of ['9999', '213', '2', 'abcd']) {
        const problem = await rejectsWithProblem(
          occupations.unitGroup(soc),
          'occupation-not-found',
          new RegExp(`^There is no SOC 2020 unit group "${soc}"`),
        );
        assert.equal(problem.status, 404);
        assert.match(problem.detail, /GET \/v1\/occupations lists all 412/);
      }
    });

    it('lists distinct titles in order, and describes a unit group from Volume 1', async () => {
      const titles = await occupations.titles('2134');
      assert.deepEqual(
        titles.find((t) => t.title === 'Analyst'),
        { title: 'Analyst', qualifier: 'programming' },
      );
      assert.deepEqual(
        titles.map((t) => t.title),
        [...titles.map((t) => t.title)].sort((a, b) => a.localeCompare(b, 'en-GB')),
      );
      const { about } = await occupations.profile('2231');
      assert.match(about!.description, /^Midwifery nurses deliver, or assist in the delivery of babies/);
      assert.equal(
        about!.provenance.edition,
        'SOC 2020 Volume 1: structure and descriptions of unit groups (16 April 2025)',
      );
    });

    it('says it is not ready (503, retry in 30 s) while the classification has no edition', async () => {
      await withdrawSources(store, ['soc2020-structure']);
      current.invalidate();
      const problem = await rejectsWithProblem(occupations.unitGroup('2134'), 'not-ready', /has not been ingested yet/);
      assert.equal(problem.status, 503);
      assert.equal(problem.extras.retryAfter, 30);
    });
  });
}
