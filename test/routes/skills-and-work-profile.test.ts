import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { ingestSources } from '../../src/ingest/pipeline.js';
import { onetAbilitiesSource } from '../../src/ingest/sources/onet/onet-abilities/descriptor.js';
import { ESCO_SOURCES, WORK_PROFILE_SOURCES as ONET_SOURCES } from '../../src/ingest/registry.js';
import { codingIndexSource } from '../../src/ingest/sources/ons/soc2020-index/descriptor.js';
import { socStructureSource } from '../../src/ingest/sources/ons/soc2020-structure/descriptor.js';
import { mirrorUpstream } from '../../src/ingest/upstream.js';
import { issueApiKey } from '../../src/keys/api-key.js';
import { OccupationSkills } from '../../src/queries/skills.js';
import { MIN_MATCHED_SHARE, WorkProfiles } from '../../src/queries/work-profile.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { DIALECTS, openTestStore, type TestStore } from '../helpers/stores.js';
import { UPSTREAM_DIR, makeMirror } from '../helpers/upstream.js';

/*
 * Expected values were worked out by hand from the publishers' files (Python's csv module over
 * occupations_en.csv, skills_en.csv.gz, occupationSkillRelations.csv.gz and Interests.txt), not
 * with the service's code:
 * - 2134's coding-index records map to ISCO-08 2512 (69), 2513 (28), 2514 (12), 2511 (6), 2521 (3),
 *   2166, 2519, 3512, 3514 (2 each), 2523 (1); ESCO has 77 occupations in those groups.
 * - 6135 maps to 5322 (113), 3412 (5), 5311 (4), 5321, 5329 (1 each); 31 ESCO occupations.
 * - 2231 maps to 2222 (7) and 3222 (2); BLS pairs 2222 with 29-1161 only and 3222 with 29-9099
 *   only; O*NET rates 29-1161.00 and, under 29-9099, only 29-9099.01.
 */
const INTERESTS = {
  '29-1161.00': { Realistic: 3.24, Investigative: 4.25, Artistic: 1.94, Social: 5.96, Enterprising: 2.97, Conventional: 3.4 },
  '29-9099.01': { Realistic: 3.98, Investigative: 3.54, Artistic: 1.91, Social: 6.04, Enterprising: 2.7, Conventional: 3.26 },
} as const;

const ABILITIES_FIXTURE = [
  'O*NET-SOC Code\tElement ID\tElement Name\tScale ID\tData Value\tN\tStandard Error\tLower CI Bound\tUpper CI Bound\tRecommend Suppress\tNot Relevant\tDate\tDomain Source',
  '29-1161.00\t1.A.1.a.1\tOral Comprehension\tIM\t4.25\t8\t0.16\t3.93\t4.57\tN\tn/a\t08/2023\tAnalyst',
  '29-1161.00\t1.A.1.a.1\tOral Comprehension\tLV\t4.62\t8\t0.18\t4.27\t4.98\tN\tN\t08/2023\tAnalyst',
  '29-1161.00\t1.A.2.b.2\tMultilimbed Coordination\tIM\t2.00\t8\t0.27\t1.47\t2.53\tN\tn/a\t08/2023\tAnalyst',
  '29-9099.01\t1.A.1.a.1\tOral Comprehension\tIM\t3.80\t8\t0.16\t3.48\t4.12\tN\tn/a\t08/2023\tAnalyst',
  '29-9099.01\t1.A.2.b.2\tMultilimbed Coordination\tIM\t3.20\t8\t0.27\t2.67\t3.73\tN\tn/a\t08/2023\tAnalyst',
  '',
].join('\r\n');

for (const dialect of DIALECTS) {
  describe(`skills and work profile (${dialect})`, () => {
    let store: TestStore;
    let served: TestApp;
    let key: string;
    const get = (url: string) => served.app.inject({ url, headers: { 'x-api-key': key } });
    before(async () => {
      store = await openTestStore(dialect);
      await ingestSources({ store, upstream: mirrorUpstream(UPSTREAM_DIR), sources: [socStructureSource, codingIndexSource] });
      served = await buildTestApp(store);
      // The coverage test asks for every occupation: a key whose limit the test cannot reach.
      key = (await issueApiKey(store.db, { tier: served.services.config.tiers[0]!, emailHmac: null, requestsPerMinute: 100_000 })).key;
    });
    after(async () => {
      await served.app.close();
      await store.dispose();
    });

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
      const results = await ingestSources({ store, upstream: mirrorUpstream(UPSTREAM_DIR), sources: [...ESCO_SOURCES, ...ONET_SOURCES] });
      served.services.currentEditions.invalidate();
      const outcome = Object.fromEntries(results.map((r) => [r.sourceKey, r.outcome]));
      assert.deepEqual(outcome, {
        'esco-occupations': 'published',
        'esco-skills': 'published',
        'esco-occupation-skills': 'published',
        'isco-us-soc-crosswalk': 'published',
        'onet-soc-2010-crosswalk': 'published',
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
        'onet-occupations': 1016,
        'onet-interests': 923 * 6,
        'onet-abilities': null,
      });
      const again = await ingestSources({ store, upstream: mirrorUpstream(UPSTREAM_DIR), sources: ESCO_SOURCES });
      assert.deepEqual(again.map((r) => r.outcome), ['unchanged', 'unchanged', 'unchanged']);
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
      for (let i = 1; i < body.skills.length; i++) assert.ok(body.skills[i - 1].sharedBy >= body.skills[i].sharedBy, 'most widely shared first');
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
      assert.deepEqual(body.skills.map((s: { skillTitle: string; sharedBy: number }) => [s.skillTitle, s.sharedBy]), [
        ['listen actively', 24], ['adhere to organisational guidelines', 20], ['accept own accountability', 19], ['relate empathetically', 19],
      ]);
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

    it('builds 2231 midwives\' work profile from Nurse Midwives (7/9) and Midwives (2/9)', async () => {
      const res = await get('/v1/occupations/2231/work-profile');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.deepEqual(body.basedOn, [
        { code: '29-1161.00', title: 'Nurse Midwives', weightPercent: 77.8 },
        { code: '29-9099.01', title: 'Midwives', weightPercent: 22.2 },
      ]);
      const expected = (type: keyof (typeof INTERESTS)['29-1161.00']) => Math.round(100 * ((7 / 9) * INTERESTS['29-1161.00'][type] + (2 / 9) * INTERESTS['29-9099.01'][type])) / 100;
      assert.deepEqual(body.interests.map((i: { type: string; score: number }) => [i.type, i.score]), [
        ['Social', expected('Social')], ['Investigative', expected('Investigative')], ['Realistic', expected('Realistic')],
        ['Conventional', expected('Conventional')], ['Enterprising', expected('Enterprising')], ['Artistic', expected('Artistic')],
      ]);
      assert.equal(body.hollandCode, 'SIR');
      assert.equal(body.interests[0].letter, 'S');
      assert.match(body.interests[0].meaning, /helping, teaching, advising/);
      assert.deepEqual(body.abilities, []);
      assert.match(body.derivation, /Abilities are empty: no release of O\*NET's Abilities file/);
      assert.match(body.derivation, /2222 \(7 titles\), 3222 \(2\)/);
      assert.match(body.attribution, /O\*NET Database by the U\.S\. Department of Labor.*CC BY 4\.0/);
      assert.equal(body.provenance.licence, 'Creative Commons Attribution 4.0 International (CC BY 4.0)');
      assert.match(body.provenance.edition, /923 occupations, ratings dated 11\/2023 to 02\/2026/);
    });

    it('reports, not guesses, the US codes that changed in 2018: 2134 and 6135 have too little matched for a profile', async () => {
      const programmers = await get('/v1/occupations/2134/work-profile');
      assert.equal(programmers.statusCode, 404);
      assert.equal(programmers.json().type, '/problems/figure-not-found');
      const detail: string = programmers.json().detail;
      assert.match(detail, /only 1\.6% of its ISCO-08 weight/);
      assert.match(detail, /15-1132 Software Developers, Applications \(27\.2%\)/);
      assert.match(detail, /codes changed in the 2018 US SOC revision/);
      const carers = (await get('/v1/occupations/6135/work-profile')).json();
      assert.match(carers.detail, /only 6\.4%/);
      assert.match(carers.detail, /31-1011 Home Health Aides \(30\.4%\), 39-9021 Personal Care Aides \(30\.4%\)/);
    });

    it('lists the unrated codes of a profile that is served: weights of what matched add up to 100%', async () => {
      const body = (await get('/v1/occupations/9111/work-profile')).json();
      const total = body.basedOn.reduce((sum: number, b: { weightPercent: number }) => sum + b.weightPercent, 0);
      assert.ok(Math.abs(total - 100) < 0.5, `weights add up to ${total}`);
      for (let i = 1; i < body.basedOn.length; i++) assert.ok(body.basedOn[i - 1].weightPercent >= body.basedOn[i].weightPercent);
      assert.equal(body.interests.length, 6);
      assert.equal(body.hollandCode, body.interests.slice(0, 3).map((i: { letter: string }) => i.letter).join(''));
    });

    it('covers 411 of the 412 unit groups with skills and 370 with a work profile', async () => {
      const skills = new OccupationSkills(store.db, served.services.currentEditions, served.services.codingIndex, served.services.occupations);
      const profiles = new WorkProfiles(store.db, served.services.currentEditions, served.services.codingIndex, served.services.occupations);
      const { unitGroups } = await served.services.occupations.structure();
      assert.equal(unitGroups.length, 412);
      const withSkills: string[] = [];
      const withProfile: string[] = [];
      for (const unit of unitGroups) {
        if (await skills.skills(unit.code, null, 1).then(() => true, () => false)) withSkills.push(unit.code);
        if (await profiles.workProfile(unit.code).then(() => true, () => false)) withProfile.push(unit.code);
      }
      assert.equal(withSkills.length, 411);
      assert.ok(!withSkills.includes('5443'));
      assert.equal(MIN_MATCHED_SHARE, 0.5);
      assert.equal(withProfile.length, 370);
      assert.ok(withProfile.includes('2231') && !withProfile.includes('2134') && !withProfile.includes('6135'));
    });

    it('fills abilities from an Abilities.txt in O*NET\'s layout once one is ingested', async () => {
      const mirror = makeMirror();
      mirror.write('onet/Abilities.txt', new Uint8Array(Buffer.from(ABILITIES_FIXTURE)));
      const [result] = await ingestSources({ store, upstream: mirrorUpstream(mirror.root), sources: [onetAbilitiesSource] });
      assert.equal(result!.outcome, 'published');
      served.services.currentEditions.invalidate();
      const body = (await get('/v1/occupations/2231/work-profile')).json();
      const weighted = (a: number, b: number) => Math.round(100 * ((7 / 9) * a + (2 / 9) * b)) / 100;
      assert.deepEqual(body.abilities, [
        { ability: 'Oral Comprehension', importance: weighted(4.25, 3.8) },
        { ability: 'Multilimbed Coordination', importance: weighted(2.0, 3.2) },
      ]);
      assert.match(body.derivation, /Ability importance \(1 to 5\) is averaged/);
    });
  });
}
