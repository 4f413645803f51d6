import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { SourceCatalog } from '../../src/domain/sources.js';
import { SOURCES } from '../../src/ingest/registry.js';
import { CodingIndexCache } from '../../src/queries/coding-index.js';
import { CurrentEditions } from '../../src/queries/current-editions.js';
import { Occupations } from '../../src/queries/occupations.js';
import { UnitGroupTexts } from '../../src/queries/joins/unit-group-text.js';
import { Skills } from '../../src/queries/skills.js';
import { rejectsWithProblem } from '../helpers/problems.js';
import { DIALECTS, type TestStore } from '../helpers/stores.js';
import { copyTemplate } from '../helpers/template-databases.js';

for (const dialect of DIALECTS) {
  describe(`Skills (${dialect})`, () => {
    let store: TestStore;
    let occupations: Occupations;
    let skills: Skills;
    before(async () => {
      store = await copyTemplate(dialect);
      const current = new CurrentEditions(store.db, new SourceCatalog(SOURCES));
      const codingIndex = new CodingIndexCache(store.db, current);
      occupations = new Occupations(store.db, current, codingIndex);
      skills = new Skills(
        store.db,
        current,
        codingIndex,
        occupations,
        new UnitGroupTexts(store.db, current, codingIndex),
      );
    });
    after(() => store.dispose());

    it('covers 411 of the 412 unit groups: all but 5443, whose ISCO-08 group has no ESCO occupation', async () => {
      const { unitGroups } = await occupations.structure();
      assert.equal(unitGroups.length, 412);
      const withSkills: string[] = [];
      for (const unit of unitGroups) {
        if (
          await skills.skills(unit.code, null, 1).then(
            () => true,
            () => false,
          )
        )
          withSkills.push(unit.code);
      }
      assert.equal(withSkills.length, 411);
      assert.ok(!withSkills.includes('5443'));
      await rejectsWithProblem(skills.skills('5443', null, 1), 'figure-not-found', /ISCO-08 group 7549/);
    });
  });
}
