import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ingestSources } from '../../../../../src/ingest/pipeline.js';
import { onetAbilitiesSource } from '../../../../../src/ingest/sources/onet/onet-abilities/descriptor.js';
import { mirrorUpstream } from '../../../../../src/ingest/upstream.js';
import { DIALECTS_ABOVE_STORE } from '../../../../helpers/stores.js';
import { makeMirror } from '../../../../helpers/upstream.js';
import { appForSuite } from '../../../../helpers/composition-root.js';

/*
 * Worked out by hand from the publishers' files, not with the service's code: 2231 maps to ISCO-08
 * 2222 (7) and 3222 (2); BLS pairs 2222 with 29-1161 only and 3222 with 29-9099 only. O*NET-SOC
 * 2010 has 29-1161.00, and 29-9099.00 and 29-9099.01 (1/9 each). The 2010 to 2019 crosswalk keeps
 * 29-1161.00 and 29-9099.01, and splits 29-9099.00 into 29-9021.00, 29-9093.00 and 29-9099.00
 * (1/27 each), of which O*NET rates all but 29-9099.00. Matched: 7/9 + 1/9 + 2/27 = 26/27, so the
 * chain weights are 21/26, 3/26, 1/26 and 1/26. Interest scores from Interests.txt (scale OI).
 *
 * Closeness then re-weights them (the rule in src/queries/work-profile/onet-closeness.ts): "Midwives" is
 * a coding-index title of 2231 ("Midwife") and "Nurse Midwives" shares its word, while "Health
 * Information Technologists and Medical Registrars" and "Surgical Assistants" share none of 2231's
 * distinctive words, so only the first two stay (closeness >= 0.2 of the largest). Their weights are
 * recomputed below from the hand-worked chain weights and the closeness the response reports:
 * w = chain · (closeness / max)^3, rescaled to 100%.
 */
const INTERESTS = {
  '29-1161.00': {
    Realistic: 3.24,
    Investigative: 4.25,
    Artistic: 1.94,
    Social: 5.96,
    Enterprising: 2.97,
    Conventional: 3.4,
  },
  '29-9099.01': {
    Realistic: 3.98,
    Investigative: 3.54,
    Artistic: 1.91,
    Social: 6.04,
    Enterprising: 2.7,
    Conventional: 3.26,
  },
} as const;
const WEIGHTS = { '29-1161.00': 21 / 26, '29-9099.01': 3 / 26, '29-9021.00': 1 / 26, '29-9093.00': 1 / 26 } as const;

const ABILITIES_FIXTURE = [
  'O*NET-SOC Code\tElement ID\tElement Name\tScale ID\tData Value\tN\tStandard Error\tLower CI Bound\tUpper CI Bound\tRecommend Suppress\tNot Relevant\tDate\tDomain Source',
  '29-1161.00\t1.A.1.a.1\tOral Comprehension\tIM\t4.25\t8\t0.16\t3.93\t4.57\tN\tn/a\t08/2023\tAnalyst',
  '29-1161.00\t1.A.1.a.1\tOral Comprehension\tLV\t4.62\t8\t0.18\t4.27\t4.98\tN\tN\t08/2023\tAnalyst',
  '29-1161.00\t1.A.2.b.2\tMultilimbed Coordination\tIM\t2.00\t8\t0.27\t1.47\t2.53\tN\tn/a\t08/2023\tAnalyst',
  '29-9099.01\t1.A.1.a.1\tOral Comprehension\tIM\t3.80\t8\t0.16\t3.48\t4.12\tN\tn/a\t08/2023\tAnalyst',
  '29-9099.01\t1.A.2.b.2\tMultilimbed Coordination\tIM\t3.20\t8\t0.27\t2.67\t3.73\tN\tn/a\t08/2023\tAnalyst',
  '',
].join('\r\n');

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`work profile (${dialect})`, () => {
    const served = appForSuite(dialect);
    const get = (url: string) => served.get(url);

    it("builds 2231 midwives' work profile through O*NET's 2010 to 2019 crosswalk, split rows kept", async () => {
      const res = await get('/v1/occupations/2231/work-profile');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      const based = body.basedOn as Array<{
        code: keyof typeof WEIGHTS;
        title: string;
        weightPercent: number;
        chainWeightPercent: number;
        closeness: number;
        titleEvidence: number;
      }>;
      assert.deepEqual(based.map((o) => [o.code, o.title]).sort(), [
        ['29-1161.00', 'Nurse Midwives'],
        ['29-9099.01', 'Midwives'],
      ]);
      for (const o of based) assert.equal(o.chainWeightPercent, Math.round(1000 * WEIGHTS[o.code]) / 10);
      const midwives = based.find((o) => o.code === '29-9099.01')!;
      const nurseMidwives = based.find((o) => o.code === '29-1161.00')!;
      assert.ok(midwives.closeness > nurseMidwives.closeness, 'the exact coding-index title is the closest');
      const raw = {
        '29-1161.00': WEIGHTS['29-1161.00'] * (nurseMidwives.closeness / midwives.closeness) ** 3,
        '29-9099.01': WEIGHTS['29-9099.01'],
      };
      const chainShare = (code: keyof typeof raw) => raw[code] / (raw['29-1161.00'] + raw['29-9099.01']);
      // Both are own twins: "Midwife" is 2231's coding-index title, "Nurse Midwives" a sure fuzzy match;
      // they take 70% x the best evidence, in proportion to evidence cubed, the chain the rest.
      assert.equal(midwives.titleEvidence, 1);
      assert.ok(nurseMidwives.titleEvidence >= 0.75 && nurseMidwives.titleEvidence < 1);
      const cubed = nurseMidwives.titleEvidence ** 3 + 1;
      const share = (code: keyof typeof raw) =>
        0.3 * chainShare(code) + (0.7 * (code === '29-9099.01' ? 1 : nurseMidwives.titleEvidence ** 3)) / cubed;
      // Closeness and evidence are reported to 3 decimals, so the recomputed percentages may differ by 0.2.
      assert.ok(
        Math.abs(nurseMidwives.weightPercent - 100 * share('29-1161.00')) <= 0.2,
        `${nurseMidwives.weightPercent}`,
      );
      assert.ok(Math.abs(midwives.weightPercent - 100 * share('29-9099.01')) <= 0.2, `${midwives.weightPercent}`);
      // With the two kept, each score is their weighted average of Interests.txt.
      const social = body.interests.find((i: { type: string }) => i.type === 'Social').score;
      const expected =
        (nurseMidwives.weightPercent / 100) * INTERESTS['29-1161.00'].Social +
        (midwives.weightPercent / 100) * INTERESTS['29-9099.01'].Social;
      assert.ok(Math.abs(social - expected) < 0.01, `Social ${social}, by hand ${expected}`);
      assert.equal(body.interests[0].type, 'Social');
      assert.match(
        body.derivation,
        /^Interests of 2 US occupations rated by O\*NET, weighted toward those whose titles name midwifery nurses \(most: Midwives, \d+(\.\d)?%\)\. /,
      );
      assert.equal(body.method, '/docs/methods/work-profile.md#how-the-profile-is-made');
      assert.match(body.chain, /1 split, 0 merged on this chain/);
      assert.match(
        body.chain,
        /29-9099\.00 Healthcare Practitioners and Technical Workers, All Other, whose 2018 SOC occupation O\*NET rates only through 29-9099\.01, not used in its place \(3\.7%\)/,
      );
      assert.equal(body.interests[0].letter, 'S');
      assert.match(body.interests[0].meaning, /helping, teaching, advising/);
      assert.deepEqual(body.abilities, []);
      assert.match(body.derivation, /abilities are empty because no O\*NET Abilities release is available\.$/);
      assert.match(body.chain, /2222 \(7 titles\), 3222 \(2\)/);
      assert.match(body.attribution, /O\*NET Database by the U\.S\. Department of Labor.*CC BY 4\.0/);
      assert.equal(body.provenance.licence, 'Creative Commons Attribution 4.0 International (CC BY 4.0)');
      assert.match(body.provenance.edition, /923 occupations, ratings dated 11\/2023 to 02\/2026/);
    });

    it('serves 2134 and 6135, whose US codes changed in 2018, and names why 9222 has no profile', async () => {
      const programmers = (await get('/v1/occupations/2134/work-profile')).json();
      assert.equal(programmers.basedOn[0].code, '15-1252.00');
      assert.ok(programmers.basedOn.some((o: { code: string }) => o.code === '15-1253.00'));
      const carers = (await get('/v1/occupations/6135/work-profile')).json();
      // The chain gives home health and personal care aides equal shares; closeness keeps them first.
      assert.deepEqual(
        carers.basedOn
          .slice(0, 2)
          .map((o: { code: string; chainWeightPercent: number }) => [o.code, o.chainWeightPercent])
          .sort(),
        [
          ['31-1121.00', 30.4],
          ['31-1122.00', 30.4],
        ],
      );
      const cleaners = await get('/v1/occupations/9222/work-profile');
      assert.equal(cleaners.statusCode, 404);
      assert.equal(cleaners.json().type, '/problems/figure-not-found');
      assert.match(cleaners.json().detail, /37-3019\.00 Grounds Maintenance Workers, All Other \(100%\)/);
    });

    it('lists the unrated codes of a profile that is served: weights of what matched add up to 100%', async () => {
      const body = (await get('/v1/occupations/9111/work-profile')).json();
      const total = body.basedOn.reduce((sum: number, b: { weightPercent: number }) => sum + b.weightPercent, 0);
      assert.ok(Math.abs(total - 100) < 0.5, `weights add up to ${total}`);
      for (let i = 1; i < body.basedOn.length; i++)
        assert.ok(body.basedOn[i - 1].weightPercent >= body.basedOn[i].weightPercent);
      assert.equal(body.interests.length, 6);
      assert.equal(
        body.hollandCode,
        body.interests
          .slice(0, 3)
          .map((i: { letter: string }) => i.letter)
          .join(''),
      );
    });

    it("fills abilities from an Abilities.txt in O*NET's layout once one is ingested", async () => {
      const mirror = makeMirror();
      mirror.write('onet/Abilities.txt', new Uint8Array(Buffer.from(ABILITIES_FIXTURE)));
      const [result] = await ingestSources({
        store: served.store,
        upstream: mirrorUpstream(mirror.root),
        sources: [onetAbilitiesSource],
      });
      assert.equal(result!.outcome, 'published');
      served.refresh();
      const body = (await get('/v1/occupations/2231/work-profile')).json();
      // The fixture rates both kept occupations, so each importance is their weighted average, with
      // the weights checked against the closeness rule above.
      const weightOf = (code: string) =>
        body.basedOn.find((o: { code: string }) => o.code === code).weightPercent / 100;
      const weighted = (a: number, b: number) =>
        Math.round(100 * (weightOf('29-1161.00') * a + weightOf('29-9099.01') * b)) / 100;
      assert.deepEqual(body.abilities, [
        { ability: 'Oral Comprehension', importance: weighted(4.25, 3.8) },
        { ability: 'Multilimbed Coordination', importance: weighted(2.0, 3.2) },
      ]);
      assert.match(body.derivation, /^Interests and abilities of 2 US occupations/);
    });
  });
}
