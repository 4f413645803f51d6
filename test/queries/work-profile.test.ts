import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { SourceCatalog } from '../../src/domain/sources.js';
import { SOURCES } from '../../src/ingest/registry.js';
import { CodingIndexCache } from '../../src/queries/coding-index.js';
import { CurrentEditions } from '../../src/queries/current-editions.js';
import { Occupations } from '../../src/queries/occupations.js';
import { MIN_MATCHED_SHARE, WorkProfiles } from '../../src/queries/work-profile.js';
import { rejectsWithProblem } from '../helpers/problems.js';
import { DIALECTS, type TestStore } from '../helpers/stores.js';
import { copyTemplate } from '../helpers/template-databases.js';

for (const dialect of DIALECTS) {
  describe(`WorkProfiles (${dialect})`, () => {
    let store: TestStore;
    let occupations: Occupations;
    let profiles: WorkProfiles;
    before(async () => {
      store = await copyTemplate(dialect);
      const current = new CurrentEditions(store.db, new SourceCatalog(SOURCES));
      const codingIndex = new CodingIndexCache(store.db, current);
      occupations = new Occupations(store.db, current, codingIndex);
      profiles = new WorkProfiles(store.db, current, codingIndex, occupations);
    });
    after(() => store.dispose());

    it('covers 370 of the 412 unit groups: those with at least half their ISCO-08 weight matched to rated O*NET occupations', async () => {
      const { unitGroups } = await occupations.structure();
      assert.equal(unitGroups.length, 412);
      const withProfile: string[] = [];
      for (const unit of unitGroups) {
        if (await profiles.workProfile(unit.code).then(() => true, () => false)) withProfile.push(unit.code);
      }
      assert.equal(MIN_MATCHED_SHARE, 0.5);
      assert.equal(withProfile.length, 370);
      assert.ok(withProfile.includes('2231') && !withProfile.includes('2134') && !withProfile.includes('6135'));
      await rejectsWithProblem(profiles.workProfile('2134'), 'figure-not-found', /only 1\.6% of its ISCO-08 weight/);
    });
  });
}
