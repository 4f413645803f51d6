import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ingestSources } from '../../../../../src/ingest/pipeline.js';
import { ESCO_SOURCES, WORK_PROFILE_SOURCES } from '../../../../../src/ingest/registry.js';
import { mirrorUpstream } from '../../../../../src/ingest/upstream.js';
import { listCurrentEditions } from '../../../../../src/store/editions.js';
import { countFinishedRuns } from '../../../../../src/store/ingest-runs.js';
import { DIALECTS_ABOVE_STORE } from '../../../../helpers/stores.js';
import { UPSTREAM_DIR } from '../../../../helpers/upstream.js';
import { appForSuite } from '../../../../helpers/composition-root.js';

/*
 * Counts worked out by hand from the publishers' files (Python's csv module over
 * occupations_en.csv, skills_en.csv.gz and occupationSkillRelations.csv.gz), not with the
 * service's code:
 * - 2134's coding-index records map to ISCO-08 2512 (69), 2513 (28), 2514 (12), 2511 (6), 2521 (3),
 *   2166, 2519, 3512, 3514 (2 each), 2523 (1); ESCO has 77 occupations in those groups.
 * - 6135 maps to 5322 (113), 3412 (5), 5311 (4), 5321, 5329 (1 each); 31 ESCO occupations.
 * The skills join keeps those close enough to the unit group (issue 27's examples below).
 */

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`skills (${dialect})`, () => {
    describe('before ESCO and O*NET are ingested', () => {
      // The real classification and everything else, with ESCO and O*NET not yet ingested.
      const withdrawn = appForSuite(dialect, {
        withdrawn: [...ESCO_SOURCES, ...WORK_PROFILE_SOURCES].map((s) => s.key),
      });

      it('answers 404 naming the missing source', async () => {
        const skills = await withdrawn.get('/v1/occupations/2134/skills');
        assert.equal(skills.statusCode, 404);
        assert.equal(skills.headers['content-type'], 'application/json; charset=utf-8');
        assert.equal(skills.json().type, '/problems/source-unavailable');
        assert.equal(skills.json().source, 'esco-occupations');
        const profile = await withdrawn.get('/v1/occupations/2134/work-profile');
        assert.equal(profile.statusCode, 404);
        assert.equal(profile.json().source, 'isco-us-soc-crosswalk');
      });
    });

    // The template: every source ingested once for the whole suite from the mirror (test/build-templates.ts).
    const served = appForSuite(dialect);
    const get = (url: string) => served.get(url);

    it('holds the ESCO and O*NET files of the mirror as published editions; abilities has no release; the same bytes again make no edition', async () => {
      const keys: string[] = [...ESCO_SOURCES, ...WORK_PROFILE_SOURCES].map((s) => s.key);
      const current = (await listCurrentEditions(served.store.db)).filter((e) => keys.includes(e.sourceKey));
      const rows = Object.fromEntries(current.map((e) => [e.sourceKey, e.rowsStored]));
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
      });
      const abilities = (await countFinishedRuns(served.store.db)).filter((r) => r.sourceKey === 'onet-abilities');
      assert.deepEqual(
        abilities.map((r) => r.outcome),
        ['unavailable'],
      );
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

    type Body = {
      relatedOccupationCount: number;
      relatedOccupations: { title: string; uri: string; description: string; weight: number; closeness: number }[];
      skills: { skillTitle: string; type: string; sharedBy: number; essential: boolean; score: number }[];
      derivation: string;
      isco08: string;
    };
    const skillsOf = async (query: string): Promise<Body> => {
      const res = await get(`/v1/occupations/${query}`);
      assert.equal(res.statusCode, 200, query);
      return res.json();
    };
    const titles = (body: Body, n: number) => body.skills.slice(0, n).map((s) => s.skillTitle);

    it('weights the ESCO occupations of 2134 by closeness, closest first, and ranks skills by score', async () => {
      const res = await get('/v1/occupations/2134/skills');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(body.soc2020, '2134');
      assert.equal(body.title, 'Programmers and software development professionals');
      assert.equal(body.isco08, '2512');
      assert.ok(body.relatedOccupationCount < 77, 'fewer than all 77 ESCO occupations of its ISCO-08 groups');
      assert.equal(body.relatedOccupations.length, Math.min(25, body.relatedOccupationCount));
      const developer = body.relatedOccupations.find((o: { title: string }) => o.title === 'software developer');
      assert.ok(developer, 'software developer is kept');
      assert.equal(developer.uri, 'http://data.europa.eu/esco/occupation/f2b15a0e-e65a-438a-affb-29b9d50b77d1');
      assert.match(developer.description, /^Software developers implement or program/);
      assert.ok(!body.relatedOccupations.some((o: { title: string }) => /robot/i.test(o.title)), 'no robotics');
      assert.equal(body.skills.length, 40);
      for (let i = 1; i < body.skills.length; i++)
        assert.ok(body.skills[i - 1].score >= body.skills[i].score, 'highest score first');
      assert.match(
        body.derivation,
        /^Skills of \d+ ESCO occupations related to programmers and software development professionals, most relevant first\./,
      );
      assert.match(body.derivation, /not equivalent to it\.$/);
      assert.equal(body.derivation.split('. ').length, 2, 'two sentences');
      assert.equal(body.method, '/docs/skills-and-moves.md#the-profile-of-a-unit-group');
      assert.match(body.attribution, /ESCO classification of the European Commission/);
      assert.equal(body.provenance.publisher, 'European Commission');
      assert.match(body.provenance.edition, /123,855 relations/);
    });

    it('lists related occupations by weight, the weights summing to 1, each with its closeness', async () => {
      for (const soc of ['2134', '6135', '2211', '5241', '1111']) {
        const body = await skillsOf(`${soc}/skills?limit=1`);
        const weights = body.relatedOccupations.map((o) => o.weight);
        for (let i = 1; i < weights.length; i++) assert.ok(weights[i - 1]! >= weights[i]!, `${soc}: by weight`);
        if (body.relatedOccupationCount <= 25)
          assert.ok(Math.abs(weights.reduce((a, b) => a + b, 0) - 1) < 0.01, `${soc}: weights sum to 1`);
        for (const o of body.relatedOccupations) assert.ok(o.closeness > 0 && o.closeness <= 1, `${soc}: ${o.title}`);
      }
    });

    it("gives 2211 GPs patients' and clinical skills, not ESCO's research bundle first", async () => {
      const body = await skillsOf('2211/skills');
      const top10 = titles(body, 10);
      assert.ok(
        top10.some((t) => /patient|clinical|medic/i.test(t)),
        `a clinical or patient skill in the top 10: ${top10.join(' | ')}`,
      );
      assert.doesNotMatch(top10[0]!, /research/i);
      assert.ok(top10.filter((t) => /research/i.test(t)).length <= 2, top10.join(' | '));
    });

    it('gives 5241 electricians electrical skills, not stage work\'s "adapt to artists\' creative demands"', async () => {
      const body = await skillsOf('5241/skills');
      assert.ok(!titles(body, 40).includes("adapt to artists' creative demands"));
      assert.ok(
        titles(body, 10).some((t) => /electric/i.test(t)),
        titles(body, 10).join(' | '),
      );
    });

    it("relates 1111 first to chief executive officer, without diplomats' languages in its top 10", async () => {
      const body = await skillsOf('1111/skills');
      assert.equal(body.relatedOccupations[0]!.title, 'chief executive officer');
      assert.ok(!titles(body, 10).includes('speak different languages'), titles(body, 10).join(' | '));
    });

    it('filters by relation: essential counts only essential relations, optional only optional ones', async () => {
      const essential = await skillsOf('2134/skills?relation=essential&limit=20');
      assert.equal(essential.skills.length, 20);
      assert.ok(essential.skills.every((s) => s.essential));
      const optional = await skillsOf('2134/skills?relation=optional&limit=200');
      assert.equal(optional.skills.length, 200);
      assert.ok(optional.skills.every((s) => !s.essential));
      assert.match(optional.derivation, /counting only optional relations/);
    });

    it("gives 2211 GPs their exact-label ESCO occupation's skills first, without ESCO's digital-competence skills in the top 10", async () => {
      const body = await skillsOf('2211/skills?limit=10');
      assert.equal(body.relatedOccupations[0]!.title, 'general practitioner');
      assert.ok(body.relatedOccupations[0]!.weight >= 0.7);
      assert.ok(!titles(body, 10).some((t) => /digital content/.test(t)), titles(body, 10).join(' | '));
    });

    it('gives 6135 care workers care and service-user skills from the care occupations of its groups', async () => {
      const body = await skillsOf('6135/skills?limit=10');
      assert.equal(body.isco08, '5322');
      assert.ok(body.relatedOccupations.some((o) => o.title === 'home care aide'));
      assert.ok(
        titles(body, 10).some((t) => /care|service user|disabilit/i.test(t)),
        titles(body, 10).join(' | '),
      );
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
