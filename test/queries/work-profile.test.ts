import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { type Occupations } from '../../src/queries/occupations.js';
import { MIN_MATCHED_SHARE, type WorkProfile } from '../../src/queries/work-profile.js';
import { rejectsWithProblem } from '../helpers/problems.js';
import { DIALECTS } from '../helpers/stores.js';
import { servicesForSuite } from '../helpers/composition-root.js';

for (const dialect of DIALECTS) {
  describe(`WorkProfile (${dialect})`, () => {
    let occupations: Occupations;
    let profiles: WorkProfile;
    const root = servicesForSuite(dialect);
    before(() => {
      occupations = root.services.occupations;
      profiles = root.services.workProfile;
    });

    it("covers 409 of the 412 unit groups through O*NET's 2010 to 2019 crosswalk; the three left are named with why", async () => {
      const { unitGroups } = await occupations.structure();
      assert.equal(unitGroups.length, 412);
      const without: string[] = [];
      for (const unit of unitGroups) {
        if (
          !(await profiles.workProfile(unit.code).then(
            () => true,
            () => false,
          ))
        )
          without.push(unit.code);
      }
      assert.equal(MIN_MATCHED_SHARE, 0.5);
      assert.deepEqual(without, ['1161', '3311', '9222']);
      await rejectsWithProblem(
        profiles.workProfile('9222'),
        'figure-not-found',
        /none of the US occupations .* 37-3019\.00 Grounds Maintenance Workers, All Other \(100%\)/,
      );
      await rejectsWithProblem(
        profiles.workProfile('3311'),
        'figure-not-found',
        /only \d+(\.\d)?% of its ISCO-08 weight.*military/,
      );
    });

    it('follows 2134 programmers through the merged and split software codes to O*NET-SOC 2019, weights summing to 100%', async () => {
      const profile = await profiles.workProfile('2134');
      const developers = profile.basedOn.find((o) => o.code === '15-1252.00');
      assert.equal(developers?.title, 'Software Developers');
      assert.ok(developers.weightPercent > 20);
      assert.ok(Math.abs(profile.basedOn.reduce((sum, o) => sum + o.weightPercent, 0) - 100) < 0.5);
      assert.match(
        profile.derivation,
        /keeping every row: a split occupation's weight is shared equally by its successors \(\d+ splits? on this chain\), and a successor several occupations merge into adds up their weights \(\d+ mergers?\)/,
      );
      assert.match(profile.derivation, /No US SOC 2010 code is assumed to be its 2018 successor's/);
      assert.equal(profile.abilities.length, 0);
      assert.match(profile.derivation, /Abilities are empty/);
    });

    it('serves 6135 care workers, and never stands rated occupations in for an unrated residual', async () => {
      const profile = await profiles.workProfile('6135');
      assert.ok(profile.basedOn.some((o) => o.code === '31-1122.00'));
      assert.ok(!profile.basedOn.some((o) => o.code === '31-9099.00'), 'the unrated residual is not averaged');
      assert.match(
        profile.derivation,
        /31-9099\.00 Healthcare Support Workers, All Other, whose 2018 SOC occupation O\*NET rates only through 31-9099\.01, 31-9099\.02, not used in its place/,
      );
    });
  });
}
