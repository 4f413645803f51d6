import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rawEssFigures } from '../../../../helpers/vacancy-sources.js';
import { DIALECTS_ABOVE_STORE } from '../../../../helpers/stores.js';
import { appForSuite } from '../../../../helpers/composition-root.js';

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`GET /v1/occupations/{soc}/vacancies (${dialect})`, () => {
    const served = appForSuite(dialect);

    it('answers care workers (6135) from SOC 2010 6145: about 144,600 vacancies in 2022, 97,000 hard to fill', async () => {
      const res = await served.get('/v1/occupations/6135/vacancies');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.deepEqual(
        [body.soc2020, body.title, body.group.code, body.group.level],
        ['6135', 'Care workers and home carers', '6145', 'unit group'],
      );
      assert.deepEqual(body.area, { code: 'K02000001', slug: 'uk', name: 'United Kingdom' });
      assert.deepEqual(
        [body.latest.year, body.latest.vacancies, body.latest.hardToFill, body.latest.presentable],
        [2022, 144_600, 97_005, true],
      );
      assert.equal(body.previous.year, 2017);
      assert.match(
        body.derivation,
        /^Vacancies in SOC 2010 unit group 6145 \(.*\): 6145 supplies \d+(\.\d)?% of the workers of 6135, and the Employer Skills Survey codes to SOC 2010/,
      );
      assert.match(body.definitions, /Skill-shortage vacancies: a specific type of hard-to-fill vacancy/);
      assert.equal(body.coverage.includesSelfEmployed, false);
      assert.match(body.coverage.referencePeriod, /^Employer Skills Survey 2022 fieldwork/);
      assert.equal(body.provenance.publisher, 'Department for Education');
      assert.deepEqual(await served.get('/v1/occupations/6135/vacancies?area=uk').then((r) => r.json()), body);
    });

    it('answers a withheld unit group with null figures and its siblings as a named context sum (1111 from 1115)', async () => {
      const body = (await served.get('/v1/occupations/1111/vacancies')).json();
      assert.deepEqual(rawEssFigures(2022, '1115 - Chief executives and senior officials').slice(1), [
        'u',
        'u',
        'u',
        'u',
        'u',
      ]);
      assert.deepEqual([body.group.code, body.group.level], ['1115', 'unit group']);
      assert.deepEqual([body.latest.vacancies, body.latest.presentable], [null, false]);
      assert.equal(body.siblingsContext.level, 'sub-major group');
      assert.ok(body.siblingsContext.withheld.includes('1115'));
      assert.equal(body.siblingsContext.latest.presentable, true);
    });

    it('answers 404 naming the by-nation release for each nation', async () => {
      for (const nation of ['england', 'wales', 'scotland', 'northern-ireland']) {
        const res = await served.get(`/v1/occupations/6135/vacancies?area=${nation}`);
        assert.equal(res.statusCode, 404, nation);
        assert.equal(res.json().type, '/problems/source-unavailable');
        assert.equal(res.json().source, 'ess-vacancies-nations');
      }
      const sources = (await served.get('/v1/meta/sources')).json<
        Array<{
          key: string;
          url: string;
          currentEdition: string | null;
        }>
      >();
      const nations = sources.find((s) => s.key === 'ess-vacancies-nations')!;
      assert.equal(nations.currentEdition, null);
      assert.equal(
        nations.url,
        'https://explore-education-statistics.service.gov.uk/find-statistics/employer-skills-survey',
      );
      assert.notEqual(sources.find((s) => s.key === 'ess-vacancies')!.currentEdition, null);
    });

    it('answers 400 listing the valid areas for any other area, and 404 for an unknown occupation', async () => {
      for (const area of ['london', 'UK', 'north-east']) {
        const res = await served.get(`/v1/occupations/6135/vacancies?area=${area}`);
        assert.equal(res.statusCode, 400, area);
        assert.deepEqual(res.json().invalidParams[0].validValues, [
          'uk',
          'england',
          'wales',
          'scotland',
          'northern-ireland',
        ]);
        assert.match(res.json().detail, /Valid values of `area`: uk, england, wales, scotland, northern-ireland/);
      }
      assert.equal((await served.get('/v1/occupations/6135/vacancies?year=2017')).statusCode, 400);
      assert.equal((await served.get('/v1/occupations/9999/vacancies')).statusCode, 404);
    });
  });
}
