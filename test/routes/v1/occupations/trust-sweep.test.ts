import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appForSuite } from '../../../helpers/composition-root.js';
import { DIALECTS_ABOVE_STORE } from '../../../helpers/stores.js';

/**
 * A sweep of all 412 occupations over the template database (the real mirror): no false zero in
 * apprenticeships (a count is the releases' own: the apprenticeships listed under primary matches
 * approved in the release holding them, 0 only when there are none; T Levels null with no T Level release) or in employment (a
 * withheld count is null, never 0), no all-null vacancy answer where a coarser group is published,
 * and no `match` that the profile's placement contradicts, with title matches first.
 */
for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`a careful client's sweep of the 412 occupations (${dialect})`, () => {
    const served = appForSuite(dialect);

    it('finds no false zero, no skipped fallback and no contradicted match', async () => {
      const codes = (await served.get('/v1/occupations')).json<Array<{ soc2020: string }>>().map((o) => o.soc2020);
      assert.equal(codes.length, 412);
      const tLevelRelease = (await served.app.inject({ url: '/v1/meta/sources' }))
        .json<Array<{ key: string; currentEdition: string | null }>>()
        .find((s) => s.key === 't-levels')!.currentEdition;
      const rank = (m: string | null) => (m === 'title' ? 0 : m === 'alternative title' ? 1 : 2);
      let sweptProfiles = 0;
      for (const soc of codes) {
        const app = (await served.get(`/v1/occupations/${soc}/apprenticeships`)).json();
        assert.ok(Number.isInteger(app.apprenticeshipsAvailable) && app.apprenticeshipsAvailable >= 0, soc);
        const occupations = app.occupations as Array<{
          match: string;
          release: { source: string };
          products: Array<{ type: string; status: string; careerStarter: boolean | null }>;
        }>;
        // Approved in the release holding the standard: today's list, or as of January 2023.
        const listed = occupations
          .filter((o) => o.match === 'primary')
          .flatMap((o) => o.products)
          .filter((p) => p.type === 'apprenticeship' && /^Approved for delivery( as of January 2023)?$/.test(p.status));
        assert.equal(app.apprenticeshipsAvailable, listed.length, `${soc}: the count is of what the answer lists`);
        if (listed.length === 0) assert.equal(app.lowestApprenticeshipLevel, null, soc);
        if (tLevelRelease === null) assert.equal(app.tLevels, null, `${soc}: tLevels without a T Level release`);
        // careerStarter is the flag of the release holding the standard: the institute's 2023
        // answers carry it; the relayed 2026 list and the NCS export do not (null, never false).
        for (const o of occupations)
          for (const p of o.products)
            if (o.release.source.includes('January 2023'))
              assert.equal(typeof p.careerStarter, 'boolean', `${soc}: the 2023 answers carry careerStarter`);
            else assert.equal(p.careerStarter, null, `${soc}: the relayed list carries no careerStarter`);

        const employment = await served.get(`/v1/occupations/${soc}/employment`);
        if (employment.statusCode === 200) {
          const body = employment.json();
          for (const p of [body.employment, ...body.series]) {
            assert.notEqual(p.count, 0, `${soc}: an APS count of 0`);
            if (p.count === null) assert.ok(['withheld', 'not-published'].includes(p.quality), `${soc} ${p.quality}`);
          }
        }

        const vac = await served.get(`/v1/occupations/${soc}/vacancies`);
        if (vac.statusCode === 200) {
          const body = vac.json();
          assert.equal(body.coverage.population, 'employee jobs');
          if (!body.latest.presentable) {
            // Withheld: null, never another occupation's figures, and the derivation says so.
            assert.equal(body.latest.vacancies, null, soc);
            assert.match(body.derivation, new RegExp(`so ${soc}'s figures are null`), soc);
          }
          // A sum of siblings is context only, a group's (two or more units), beside null figures.
          if (body.siblingsContext) {
            assert.equal(body.latest.presentable, false, soc);
            assert.ok(body.siblingsContext.published.length >= 2, soc);
          }
        }

        const how = (await served.get(`/v1/occupations/${soc}/how-to-become`)).json();
        const profiles = how.profiles as Array<{ slug: string; match: string | null; placedBy: string }>;
        // `match` is the title that placed the profile, and null exactly when none did (docs/api.md, "Spec deviations").
        for (const p of profiles) {
          if (p.match !== null) assert.equal(p.match, p.placedBy, `${soc} ${p.slug}`);
          else assert.ok(['soc 2010 code', 'description'].includes(p.placedBy), `${soc} ${p.slug}`);
        }
        sweptProfiles += profiles.length;
        const ranks = profiles.map((p) => rank(p.match));
        assert.deepEqual(
          ranks,
          [...ranks].sort((a, b) => a - b),
          `${soc}: own-title matches first`,
        );
      }
      // Every placement of every profile was looked at.
      const view = await served.services.jobProfiles.get('the sweep');
      assert.equal(
        sweptProfiles,
        [...view.bySoc.values()].reduce((n, list) => n + list.length, 0),
      );
    });
  });
}
