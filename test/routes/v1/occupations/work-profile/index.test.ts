import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { ingestSources } from '../../../../../src/ingest/pipeline.js';
import { onetAbilitiesSource } from '../../../../../src/ingest/sources/onet/onet-abilities/descriptor.js';
import { mirrorUpstream } from '../../../../../src/ingest/upstream.js';
import { servedFromTemplate, type ServedApp } from '../../../../helpers/served-app.js';
import { DIALECTS } from '../../../../helpers/stores.js';
import { makeMirror } from '../../../../helpers/upstream.js';

/*
 * Worked out by hand from the publishers' files, not with the service's code: 2231 maps to ISCO-08
 * 2222 (7) and 3222 (2); BLS pairs 2222 with 29-1161 only and 3222 with 29-9099 only; O*NET rates
 * 29-1161.00 and, under 29-9099, only 29-9099.01. Interest scores from Interests.txt (scale OI).
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
  describe(`work profile (${dialect})`, () => {
    let served: ServedApp;
    const get = (url: string) => served.get(url);
    before(async () => {
      served = await servedFromTemplate(dialect);
    });
    after(() => served.close());

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

    it('fills abilities from an Abilities.txt in O*NET\'s layout once one is ingested', async () => {
      const mirror = makeMirror();
      mirror.write('onet/Abilities.txt', new Uint8Array(Buffer.from(ABILITIES_FIXTURE)));
      const [result] = await ingestSources({ store: served.store, upstream: mirrorUpstream(mirror.root), sources: [onetAbilitiesSource] });
      assert.equal(result!.outcome, 'published');
      served.refresh();
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
