import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import type { Services } from '../../../src/services.js';
import { closeness, denseWeights } from '../../../src/queries/moves/skill-gaps.js';
import { PROFILE, rankedSkills } from '../../../src/queries/skills/skill-profiles.js';
import { servicesForSuite } from '../../helpers/composition-root.js';
import { DIALECTS_ABOVE_STORE } from '../../helpers/stores.js';

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`SkillProfiles (${dialect})`, () => {
    let services: Services;
    const root = servicesForSuite(dialect);
    before(() => {
      services = root.services;
    });

    it('is the one model: /skills lists the profile by weight and /compare computes closeness from the same weights', async () => {
      const { view, profile } = await services.skillProfiles.of('2314', 'test');
      const listed = await services.skills.skills('2314', null, 20);
      const ranked = rankedSkills(profile, null, view.catalogue).slice(0, 20);
      assert.deepEqual(
        listed.skills.map((s) => s.skillTitle),
        ranked.map((r) => view.catalogue.titles[profile.skills[r.at]!]),
      );
      for (const [i, r] of ranked.entries())
        assert.equal(listed.skills[i]!.score, Math.round(r.score * 10_000) / 10_000);
      const target = (await services.skillProfiles.of('2313', 'test')).profile;
      const compared = await services.moves.compare('2314', '2313', { area: 'uk' });
      assert.equal(
        compared.forward.closeness,
        Math.round(closeness(denseWeights(profile, view.catalogue), target) * 1000) / 1000,
      );
    });

    it('weighs the related ESCO occupations to 1, the exact-label occupations taking their share', async () => {
      const { profile } = await services.skillProfiles.of('2211', 'test');
      assert.ok(Math.abs(profile.related.reduce((a, r) => a + r.weight, 0) - 1) < 1e-9);
      const gp = profile.related.find((r) => r.occupation.title === 'general practitioner')!;
      assert.ok(gp.weight >= PROFILE.exactLabelShare, String(gp.weight));
      for (let i = 0; i < profile.skills.length; i++) assert.ok(profile.presence[i]! > 0 && profile.presence[i]! <= 1);
    });

    it('gives no exact-label weight to a homonym: a qualified index title or one coded to another ISCO-08 group', async () => {
      // 2237's only exact label was "Tutor" (hospital service), qualified and coded 2221 where ESCO's tutor is 2359;
      // 1131's "Collection manager" is coded 1346 where ESCO's (museum) collection manager is 2621.
      for (const [soc, homonym] of [
        ['2237', 'tutor'],
        ['1131', 'collection manager'],
      ] as const) {
        const { profile } = await services.skillProfiles.of(soc, 'test');
        const weight = profile.related.find((r) => r.occupation.title === homonym)?.weight ?? 0;
        assert.ok(weight < 0.3, `${soc}: ${homonym} weighs ${weight}`);
        const top = (await services.skills.skills(soc, null, 5)).skills.map((s) => s.skillTitle);
        assert.ok(
          !top.includes('tutor students') && !top.includes('supervise artefact movement'),
          `${soc}: ${top.join('; ')}`,
        );
      }
      // An unqualified title of the occupation's own ISCO-08 group still names it: 5313's bricklayer.
      const bricklayer = (await services.skillProfiles.of('5313', 'test')).profile.related.find(
        (r) => r.occupation.title === 'bricklayer',
      )!;
      assert.ok(bricklayer.weight >= PROFILE.exactLabelShare, String(bricklayer.weight));
    });

    it('has a profile for 411 of the 412 unit groups and says why 5443 has none', async () => {
      const view = await services.skillProfiles.get('test');
      assert.equal(view.profiles.size, 411);
      assert.match(view.unusable.get('5443') ?? '', /ISCO-08 group 7549/);
    });
  });
}
