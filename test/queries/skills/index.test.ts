import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { type Occupations } from '../../../src/queries/occupations/index.js';
import { type Skills } from '../../../src/queries/skills/index.js';
import { rejectsWithProblem } from '../../helpers/problems.js';
import { DIALECTS_ABOVE_STORE } from '../../helpers/stores.js';
import { servicesForSuite } from '../../helpers/composition-root.js';

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`Skills (${dialect})`, () => {
    let occupations: Occupations;
    let skills: Skills;
    const root = servicesForSuite(dialect);
    before(() => {
      occupations = root.services.occupations;
      skills = root.services.skills;
    });

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
