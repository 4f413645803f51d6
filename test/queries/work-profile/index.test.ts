import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { threadId } from 'node:worker_threads';
import { type Occupations } from '../../../src/queries/occupations/index.js';
import { MIN_MATCHED_SHARE, type WorkProfile } from '../../../src/queries/work-profile/index.js';
import { ownTwins, OWN_TWINS } from '../../../src/queries/work-profile/onet-twins.js';
import { rejectsWithProblem } from '../../helpers/problems.js';
import { DIALECTS_ABOVE_STORE } from '../../helpers/stores.js';
import { servicesForSuite } from '../../helpers/composition-root.js';

for (const dialect of DIALECTS_ABOVE_STORE) {
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
      assert.equal(profile.basedOn[0]!.title, 'Software Developers', 'not Software Quality Assurance Analysts');
      const qa = profile.basedOn.find((o) => o.title === 'Software Quality Assurance Analysts and Testers');
      assert.ok(qa && qa.chainWeightPercent > developers.chainWeightPercent, 'the chain alone put QA first');
      assert.ok(qa.weightPercent < developers.weightPercent / 4);
      assert.ok(Math.abs(profile.basedOn.reduce((sum, o) => sum + o.weightPercent, 0) - 100) < 0.5);
      assert.match(profile.chain, /\d+ split, \d+ merged on this chain/);
      assert.equal(profile.abilities.length, 0);
      assert.match(profile.derivation, /abilities are empty/);
    });

    it('weights 6135 care workers by closeness: care aides first, spa managers negligible or gone', async () => {
      const profile = await profiles.workProfile('6135');
      assert.ok(
        ['Personal Care Aides', 'Home Health Aides'].includes(profile.basedOn[0]!.title),
        profile.basedOn[0]!.title,
      );
      const spa = profile.basedOn.find((o) => o.title === 'Spa Managers');
      assert.ok(!spa || spa.weightPercent < 1, `Spa Managers ${spa?.weightPercent}%`);
      assert.ok(Math.abs(profile.basedOn.reduce((sum, o) => sum + o.weightPercent, 0) - 100) < 0.5);
      for (let i = 1; i < profile.basedOn.length; i++)
        assert.ok(profile.basedOn[i - 1]!.weightPercent >= profile.basedOn[i]!.weightPercent);
      assert.match(profile.derivation, /weighted toward those whose titles name care workers and home carers/);
    });

    it('weights the own US twins first: 5241 electricians led by Electricians, not Electrical Engineers', async () => {
      const profile = await profiles.workProfile('5241');
      const [first] = profile.basedOn;
      assert.equal(first!.title, 'Electricians');
      assert.equal(first!.titleEvidence, 1, '"Electrician" is a coding-index title of 5241 alone');
      const engineers = profile.basedOn.find((o) => o.title === 'Electrical Engineers')!;
      assert.equal(engineers.titleEvidence, 0, 'reached through ISCO-08 only');
      assert.ok(engineers.weightPercent < first!.weightPercent / 2);
      // An occupation only its title reaches carries no chain weight.
      assert.ok(profile.basedOn.some((o) => o.chainWeightPercent === 0 && o.titleEvidence >= 0.75));
    });

    it('takes no twin whose O*NET title excludes the group: 5313 bricklayers are not "Refractory Materials Repairers, Except Brickmasons"', async () => {
      const profile = await profiles.workProfile('5313');
      // Its title excludes brickmasons: neither a twin nor a chain occupation of 5313.
      assert.equal(
        profile.basedOn.find((o) => o.code === '49-9045.00'),
        undefined,
      );
      assert.ok(profile.basedOn.length > 0);
    });

    it("finds 3312 police officers no twin at the floor; named titles, a setting the bench tries, reach it through 'Detectives'", async () => {
      const index = (await root.services.codingIndex.search())!;
      const search = (title: string, limit: number) => index.search.search(title, limit, { abstain: false });
      const police = [
        { code: '33-3051.00', title: "Police and Sheriff's Patrol Officers" },
        { code: '33-3021.00', title: 'Detectives and Criminal Investigators' },
      ];
      assert.equal(OWN_TWINS.named, 'never');
      assert.equal(ownTwins(search, police).get('3312'), undefined);
      const profile = await profiles.workProfile('3312');
      assert.ok(
        profile.basedOn.every((o) => o.titleEvidence === 0),
        'the chain alone weights 3312',
      );
      const named = ownTwins(search, police, { floor: OWN_TWINS.floor, named: 'fallback' }).get('3312')!;
      assert.deepEqual(
        named.map((t) => t.title),
        ['Detectives and Criminal Investigators'],
      );
      assert.ok(
        named[0]!.evidence >= OWN_TWINS.floor && named[0]!.evidence < 1,
        'the share of "Detective" that is 3312',
      );
    });

    it('gives 1111 chief executives their largest weight on Chief Executives', async () => {
      const profile = await profiles.workProfile('1111');
      assert.equal(profile.basedOn[0]!.title, 'Chief Executives');
      assert.ok(profile.basedOn[0]!.weightPercent > 50);
      assert.ok(profile.basedOn[0]!.chainWeightPercent < 20, 'the chain alone gave it less than a fifth');
    });

    it('serves 6135 care workers, and never stands rated occupations in for an unrated residual', async () => {
      const profile = await profiles.workProfile('6135');
      assert.ok(profile.basedOn.some((o) => o.code === '31-1122.00'));
      assert.ok(!profile.basedOn.some((o) => o.code === '31-9099.00'), 'the unrated residual is not averaged');
      assert.match(
        profile.chain,
        /31-9099\.00 Healthcare Support Workers, All Other, whose 2018 SOC occupation O\*NET rates only through 31-9099\.01, 31-9099\.02, not used in its place/,
      );
    });

    it('builds the job-title search and finds the twins in worker threads, as the search here finds them', async () => {
      const index = (await root.services.codingIndex.search())!;
      const model = await profiles.model.get();
      assert.notEqual(index.builtInThread, threadId, 'the search was built off the serving thread');
      assert.notEqual(model.twinsBuiltInThread, threadId, 'the twins were found off the serving thread');
      const electricians = model.twins.get('5241')!;
      assert.ok(electricians.length > 0);
      const search = (title: string, limit: number) => index.search.search(title, limit, { abstain: false });
      assert.deepEqual(ownTwins(search, electricians).get('5241'), electricians);
    });
  });
}
