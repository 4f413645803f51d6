import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ingestSources } from '../../../../../src/ingest/pipeline.js';
import { ESCO_SOURCES, WORK_PROFILE_SOURCES } from '../../../../../src/ingest/registry.js';
import { mirrorUpstream } from '../../../../../src/ingest/upstream.js';
import { DIALECTS } from '../../../../helpers/stores.js';
import { UPSTREAM_DIR } from '../../../../helpers/upstream.js';
import { appForSuite } from '../../../../helpers/composition-root.js';

/*
 * Expected values were worked out by hand from the publishers' files (Python's csv module over
 * occupations_en.csv, skills_en.csv.gz and occupationSkillRelations.csv.gz), not with the
 * service's code:
 * - 2134's coding-index records map to ISCO-08 2512 (69), 2513 (28), 2514 (12), 2511 (6), 2521 (3),
 *   2166, 2519, 3512, 3514 (2 each), 2523 (1); ESCO has 77 occupations in those groups.
 * - 6135 maps to 5322 (113), 3412 (5), 5311 (4), 5321, 5329 (1 each); 31 ESCO occupations.
 */

for (const dialect of DIALECTS) {
  describe(`skills (${dialect})`, () => {
    // The real classification and everything else, with ESCO and O*NET not yet ingested.
    const served = appForSuite(dialect, {
      withdrawn: [...ESCO_SOURCES, ...WORK_PROFILE_SOURCES].map((s) => s.key),
    });
    const get = (url: string) => served.get(url);

    it('answers 404 naming the missing source before ESCO and O*NET are ingested', async () => {
      const skills = await get('/v1/occupations/2134/skills');
      assert.equal(skills.statusCode, 404);
      assert.equal(skills.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(skills.json().type, '/problems/source-unavailable');
      assert.equal(skills.json().source, 'esco-occupations');
      const profile = await get('/v1/occupations/2134/work-profile');
      assert.equal(profile.statusCode, 404);
      assert.equal(profile.json().source, 'isco-us-soc-crosswalk');
    });

    it('ingests the ESCO and O*NET files of the mirror; abilities has no release; the same bytes again make no edition', async () => {
      const results = await ingestSources({
        store: served.store,
        upstream: mirrorUpstream(UPSTREAM_DIR),
        sources: [...ESCO_SOURCES, ...WORK_PROFILE_SOURCES],
      });
      served.refresh();
      const outcome = Object.fromEntries(results.map((r) => [r.sourceKey, r.outcome]));
      assert.deepEqual(outcome, {
        'esco-occupations': 'published',
        'esco-skills': 'published',
        'esco-occupation-skills': 'published',
        'isco-us-soc-crosswalk': 'published',
        'onet-soc-2010-crosswalk': 'published',
        'onet-soc-2019-crosswalk': 'published',
        'onet-soc-2018-crosswalk': 'published',
        'onet-occupations': 'published',
        'onet-interests': 'published',
        'onet-abilities': 'unavailable',
      });
      const rows = Object.fromEntries(results.map((r) => [r.sourceKey, r.releases[0]?.rowsStored ?? null]));
      assert.deepEqual(rows, {
        'esco-occupations': 3007,
        'esco-skills': 13_896,
        'esco-occupation-skills': 123_855,
        'isco-us-soc-crosswalk': 1125,
        'onet-soc-2010-crosswalk': 1110,
        'onet-soc-2019-crosswalk': 1164,
        'onet-soc-2018-crosswalk': 1016,
        'onet-occupations': 1016,
        'onet-interests': 923 * 6,
        'onet-abilities': null,
      });
      const again = await ingestSources({
        store: served.store,
        upstream: mirrorUpstream(UPSTREAM_DIR),
        sources: ESCO_SOURCES,
      });
      assert.deepEqual(
        again.map((r) => r.outcome),
        ['unchanged', 'unchanged', 'unchanged'],
      );
    });

    it('relates 2134 to the 77 ESCO occupations of its ISCO-08 groups and ranks their skills by how many share them', async () => {
      const res = await get('/v1/occupations/2134/skills');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(body.soc2020, '2134');
      assert.equal(body.title, 'Programmers and software development professionals');
      assert.equal(body.isco08, '2512');
      assert.equal(body.relatedOccupationCount, 77);
      assert.equal(body.relatedOccupations.length, 25);
      assert.ok(body.relatedOccupations.some((o: { title: string }) => o.title === 'software developer'));
      const developer = body.relatedOccupations.find((o: { title: string }) => o.title === 'software developer');
      assert.equal(developer.uri, 'http://data.europa.eu/esco/occupation/f2b15a0e-e65a-438a-affb-29b9d50b77d1');
      assert.match(developer.description, /^Software developers implement or program/);
      assert.equal(body.skills.length, 40);
      assert.deepEqual(body.skills.slice(0, 4), [
        { skillTitle: 'JavaScript', type: 'knowledge', sharedBy: 36, essential: true },
        { skillTitle: 'computer programming', type: 'knowledge', sharedBy: 35, essential: true },
        { skillTitle: 'PHP', type: 'knowledge', sharedBy: 35, essential: true },
        { skillTitle: 'AJAX', type: 'knowledge', sharedBy: 34, essential: true },
      ]);
      for (let i = 1; i < body.skills.length; i++)
        assert.ok(body.skills[i - 1].sharedBy >= body.skills[i].sharedBy, 'most widely shared first');
      assert.match(body.derivation, /related to 2134, not equivalent/);
      assert.match(body.derivation, /ESCO classification of the European Commission/);
      assert.equal(body.provenance.publisher, 'European Commission');
      assert.match(body.provenance.edition, /123,855 relations/);
    });

    it('filters by relation: essential counts only essential relations, optional only optional ones', async () => {
      const essential = (await get('/v1/occupations/2134/skills?relation=essential&limit=3')).json();
      assert.deepEqual(essential.skills, [
        { skillTitle: 'define technical requirements', type: 'skill', sharedBy: 19, essential: true },
        { skillTitle: 'use an application-specific interface', type: 'skill', sharedBy: 19, essential: true },
        { skillTitle: 'provide technical documentation', type: 'skill', sharedBy: 18, essential: true },
      ]);
      const optional = (await get('/v1/occupations/2134/skills?relation=optional&limit=200')).json();
      assert.deepEqual(optional.skills.slice(0, 2), [
        { skillTitle: 'JavaScript', type: 'knowledge', sharedBy: 35, essential: false },
        { skillTitle: 'PHP', type: 'knowledge', sharedBy: 34, essential: false },
      ]);
      assert.equal(optional.skills.length, 200);
      assert.ok(optional.skills.every((s: { essential: boolean }) => !s.essential));
      assert.match(optional.derivation, /marks it optional/);
    });

    it('gives 6135 care workers the 31 ESCO occupations of its groups and their shared skills', async () => {
      const body = (await get('/v1/occupations/6135/skills?limit=4')).json();
      assert.equal(body.isco08, '5322');
      assert.equal(body.relatedOccupationCount, 31);
      assert.equal(body.relatedOccupations.length, 25);
      assert.equal(body.relatedOccupations[0].title, 'home care aide', 'the main ISCO-08 group (5322) comes first');
      assert.deepEqual(
        body.skills.map((s: { skillTitle: string; sharedBy: number }) => [s.skillTitle, s.sharedBy]),
        [
          ['listen actively', 24],
          ['adhere to organisational guidelines', 20],
          ['accept own accountability', 19],
          ['relate empathetically', 19],
        ],
      );
      const optional = (await get('/v1/occupations/6135/skills?relation=optional&limit=2')).json();
      assert.deepEqual(optional.skills, [
        { skillTitle: 'provide first aid', type: 'skill', sharedBy: 8, essential: false },
        { skillTitle: 'disability care', type: 'knowledge', sharedBy: 7, essential: false },
      ]);
    });

    it('answers 400 listing the valid values for a bad relation, limit or unknown parameter', async () => {
      const relation = await get('/v1/occupations/2134/skills?relation=required');
      assert.equal(relation.statusCode, 400);
      assert.equal(relation.headers['content-type'], 'application/json; charset=utf-8');
      assert.deepEqual(relation.json().invalidParams[0].validValues, ['essential', 'optional']);
      assert.match(relation.json().detail, /essential, optional/);
      for (const limit of ['0', '201', 'ten', '2.5']) {
        const res = await get(`/v1/occupations/2134/skills?limit=${limit}`);
        assert.equal(res.statusCode, 400, `limit=${limit}`);
        assert.equal(res.json().invalidParams[0].name, 'limit');
        assert.match(res.json().detail, /200/);
      }
      const unknown = await get('/v1/occupations/2134/skills?relations=essential');
      assert.equal(unknown.statusCode, 400);
      assert.equal(unknown.json().invalidParams[0].name, 'relations');
      assert.equal((await get('/v1/occupations/2134/skills?limit=1')).json().skills.length, 1);
    });

    it('answers 404 for codes that are not unit groups, and for 5443 whose ISCO-08 group has no ESCO occupation', async () => {
      for (const soc of ['9999', '213', 'abcd']) {
        for (const suffix of ['skills', 'work-profile']) {
          const res = await get(`/v1/occupations/${soc}/${suffix}`);
          assert.equal(res.statusCode, 404, `${soc}/${suffix}`);
          assert.equal(res.json().type, '/problems/occupation-not-found');
        }
      }
      const florists = await get('/v1/occupations/5443/skills');
      assert.equal(florists.statusCode, 404);
      assert.equal(florists.json().type, '/problems/figure-not-found');
      assert.match(florists.json().detail, /ISCO-08 group 7549/);
    });
  });
}
