import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PROJECTION_AREA_SLUGS } from '../../../../../src/domain/projections.js';
import { ENGLAND_FILE, occF2Cells, occT2Cells } from '../../../../helpers/projection-workbooks.js';
import { DIALECTS_ABOVE_STORE } from '../../../../helpers/stores.js';
import { appForSuite } from '../../../../helpers/composition-root.js';

const LMSP_PAGE = 'https://www.gov.uk/government/publications/labour-market-and-skills-projections-2020-to-2035';
const UNRELEASED = {
  wales: 'lmsp-wales',
  scotland: 'lmsp-scotland',
  'northern-ireland': 'lmsp-northern-ireland',
  'north-east': 'lmsp-north-east',
  'south-west': 'lmsp-south-west',
  london: 'lmsp-london',
};

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`GET /v1/occupations/{soc}/projections (${dialect})`, () => {
    const served = appForSuite(dialect);

    it("answers 2134 in England with sub-major group 21's figures from Occ T2 and Occ F2", async () => {
      const res = await served.get('/v1/occupations/2134/projections?area=england');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      const cells = occT2Cells(ENGLAND_FILE, '21', 2020, 2035);
      assert.deepEqual([body.soc2020, body.group.code, body.area.slug], ['2134', '21', 'england']);
      assert.deepEqual(
        [
          body.outlook.employmentBase,
          body.outlook.employmentTarget,
          body.outlook.netChange,
          body.outlook.replacementDemand,
          body.outlook.totalRequirement,
        ],
        [cells.base, cells.target, cells.net, cells.replacement, cells.total].map((n) => Math.round(n) * 1_000),
      );
      assert.deepEqual(
        [body.outlook.baseYear, body.outlook.targetYear, body.outlook.direction, body.outlook.presentable],
        [2020, 2035, 'growing', true],
      );
      const f2 = occF2Cells(ENGLAND_FILE, '21');
      assert.deepEqual(
        body.series.map((p: { year: number; employment: number }) => [p.year, p.employment]),
        [...f2].map(([year, n]) => [year, Math.round(n) * 1_000]),
      );
      assert.deepEqual(
        body.series
          .filter((p: { projected: boolean }) => !p.projected)
          .map((p: { year: number }) => p.year)
          .at(-1),
        2020,
      );
      assert.equal(body.byQualification.length, 9);
    });

    it('answers the UK by default, from Working Futures 2017-2027 on SOC 2010, saying so', async () => {
      const res = await served.get('/v1/occupations/2134/projections');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.deepEqual(
        [body.area.slug, body.group.code, body.outlook.baseYear, body.outlook.targetYear],
        ['uk', '21', 2017, 2027],
      );
      assert.match(
        body.derivation,
        /^The previous round's .* projections, 2017 to 2027 .* of SOC 2010 sub-major group 21 /,
      );
      assert.equal(body.method, '/docs/methods/projections.md#which-figures-are-shown');
      assert.match(body.provenance.source, /^Working Futures 2017-2027: United Kingdom/);
      assert.deepEqual((await served.get('/v1/occupations/2134/projections?area=uk')).json(), body);
    });

    it('carries provenance and the citation on every response', async () => {
      for (const soc of ['2134', '6135', '1111', '9211', '6311']) {
        for (const area of ['uk', 'england']) {
          const res = await served.get(`/v1/occupations/${soc}/projections?area=${area}`);
          assert.equal(res.statusCode, 200, `${soc} ${area}`);
          const { provenance, citation, group } = res.json();
          assert.equal(provenance.publisher, 'Department for Education');
          assert.equal(provenance.licence, 'Open Government Licence v3.0');
          assert.ok(provenance.edition && provenance.published && provenance.url, `${soc} ${area}`);
          assert.match(
            citation,
            /Warwick Institute for Employment Research and Cambridge Econometrics, published by the Department for Education .* Copyright: Warwick Institute for Employment Research \/ Cambridge Econometrics, 20(23|20)\.$/,
          );
          if (area === 'england') assert.equal(group.code, soc.slice(0, 2));
        }
      }
    });

    it("answers 404 naming the 2020-2035 round's workbook for other areas (the mirror has none), each listed with no current edition", async () => {
      for (const [area, source] of Object.entries(UNRELEASED)) {
        const res = await served.get(`/v1/occupations/2134/projections?area=${area}`);
        assert.equal(res.statusCode, 404, area);
        assert.equal(res.json().type, '/problems/source-unavailable');
        assert.equal(res.json().source, source);
        assert.match(
          res.json().detail,
          /^Projections for .+ come from "Labour market and skills projections 2020 to 2035: .+, by occupation/,
        );
      }
      const sources = (await served.get('/v1/meta/sources')).json<
        Array<{
          key: string;
          url: string;
          publisher: string;
          currentEdition: string | null;
        }>
      >();
      for (const key of [
        'lmsp-uk',
        'lmsp-wales',
        'lmsp-scotland',
        'lmsp-northern-ireland',
        ...Object.values(UNRELEASED),
      ]) {
        const source = sources.find((s) => s.key === key)!;
        assert.deepEqual(
          [source.url, source.publisher, source.currentEdition],
          [LMSP_PAGE, 'Department for Education', null],
          key,
        );
      }
      assert.notEqual(sources.find((s) => s.key === 'lmsp-england')!.currentEdition, null);
      assert.notEqual(sources.find((s) => s.key === 'working-futures-uk')!.currentEdition, null);
    });

    it('answers 400 listing the valid areas for any other area or parameter, and 404 for an unknown occupation', async () => {
      for (const area of ['UK', 'great-britain', 'mars']) {
        const res = await served.get(`/v1/occupations/2134/projections?area=${area}`);
        assert.equal(res.statusCode, 400, area);
        assert.deepEqual(res.json().invalidParams[0].validValues, [...PROJECTION_AREA_SLUGS]);
        assert.match(
          res.json().detail,
          /Valid values of `area`: uk, england, wales, scotland, northern-ireland, north-east, .*, south-west\./,
        );
      }
      assert.equal((await served.get('/v1/occupations/2134/projections?year=2035')).statusCode, 400);
      assert.equal((await served.get('/v1/occupations/9999/projections?area=england')).statusCode, 404);
      assert.equal(
        (await served.get('/v1/occupations/9999/projections?area=england')).json().type,
        '/problems/occupation-not-found',
      );
    });
  });
}
