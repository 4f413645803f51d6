import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appForSuite } from '../../../helpers/composition-root.js';
import { DIALECTS_ABOVE_STORE } from '../../../helpers/stores.js';

/**
 * A sweep of all 412 occupations over the template database (the real mirror): no false zero in
 * apprenticeships (a count is the release's own: the approved apprenticeships listed under primary
 * matches, 0 only when there are none; T Levels null with no T Level release) or in employment (a
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
      for (const soc of codes) {
        const app = (await served.get(`/v1/occupations/${soc}/apprenticeships`)).json();
        assert.ok(Number.isInteger(app.apprenticeshipsAvailable) && app.apprenticeshipsAvailable >= 0, soc);
        const listed = (app.occupations as Array<{ match: string; products: Array<{ type: string; status: string }> }>)
          .filter((o) => o.match === 'primary')
          .flatMap((o) => o.products)
          .filter((p) => p.type === 'apprenticeship' && p.status === 'Approved for delivery');
        assert.equal(app.apprenticeshipsAvailable, listed.length, `${soc}: the count is of what the answer lists`);
        if (listed.length === 0) assert.equal(app.lowestApprenticeshipLevel, null, soc);
        if (tLevelRelease === null) assert.equal(app.tLevels, null, `${soc}: tLevels without a T Level release`);
        for (const o of app.occupations)
          for (const p of o.products)
            assert.equal(p.careerStarter, null, `${soc}: the mirror's standards carry no careerStarter`);

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
        for (const p of profiles) {
          if (p.match !== null) assert.equal(p.match, p.placedBy, `${soc} ${p.slug}`);
          else assert.ok(['soc 2010 code', 'description'].includes(p.placedBy), `${soc} ${p.slug}`);
        }
        const ranks = profiles.map((p) => rank(p.match));
        assert.deepEqual(
          ranks,
          [...ranks].sort((a, b) => a - b),
          `${soc}: own-title matches first`,
        );
      }
    });
  });
}
