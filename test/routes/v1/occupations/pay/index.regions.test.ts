import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { ingestSources, type SourceResult } from '../../../../../src/ingest/pipeline.js';
import { asheTable15Source } from '../../../../../src/ingest/sources/ons/ashe-table15/descriptor.js';
import { mirrorUpstream } from '../../../../../src/ingest/upstream.js';
import {
  FIXTURE_2134_ANNUAL_MEDIAN,
  REAL_EAST_MIDLANDS_FULL_TIME,
  asheTable15FixtureZip,
} from '../../../../helpers/ashe-table15-fixture.js';
import { asheRow, expectedFigure } from '../../../../helpers/ashe-workbooks.js';
import { serve, type ServedApp } from '../../../../helpers/served-app.js';
import { parsingOnce } from '../../../../helpers/shared-parse.js';
import { DIALECTS_ABOVE_STORE } from '../../../../helpers/stores.js';
import { copyTemplate } from '../../../../helpers/template-databases.js';
import { makeMirror } from '../../../../helpers/upstream.js';

/** No real Table 15 release is in the mirror: a release the test builds in the layout the evidence shows of ONS's 2025 zip, beside the real Table 14 of the template. */
const TABLE15_2024 = asheTable15FixtureZip(2024);
/** Ingested into both dialects; parsed once. */
const table15Once = parsingOnce(asheTable15Source, DIALECTS_ABOVE_STORE.length);

const annual2134 = () => expectedFigure(asheRow(2024, '14.7a', 'All', '2134')[3]);

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`regional pay from an ASHE Table 15 release in ONS's layout (${dialect})`, () => {
    let served: ServedApp;
    let ingested: SourceResult;
    const get = (url: string) => served.get(url);
    before(async () => {
      const store = await copyTemplate(dialect);
      const mirror = makeMirror();
      mirror.write('ashe-table15/ashetable152024provisional.zip', TABLE15_2024);
      [ingested] = (await ingestSources({ store, upstream: mirrorUpstream(mirror.root), sources: [table15Once] })) as [
        SourceResult,
      ];
      served = await serve(store);
    });
    after(() => served.close());

    it("serves regional pay from Table 15 in the publisher's layout, highest median first, withheld regions last", async () => {
      assert.equal(ingested.outcome, 'published', ingested.message ?? '');
      const res = await get('/v1/occupations/2134/pay/regions');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(body.year, 2024);
      assert.equal(body.provisional, true);
      assert.equal(body.unit, 'GBP per year');
      assert.equal(body.provenance.edition, 'ASHE Table 15, 2024 provisional');
      assert.match(body.coverage.referencePeriod, /regions by workplace/);
      assert.deepEqual(body.uk, { median: annual2134(), quality: body.uk.quality });
      const names = body.regions.map((r: { area: { name: string } }) => r.area.name);
      assert.equal(names.length, 11);
      assert.ok(!names.includes('Northern Ireland'));
      assert.deepEqual(names.slice(0, 3), ['London', 'South East', 'East of England']);
      assert.deepEqual(names.slice(-2).sort(), ['North East', 'Wales']);
      const london = body.regions[0];
      assert.deepEqual(london.area, { code: 'E12000007', slug: 'london', name: 'London' });
      assert.equal(london.median, FIXTURE_2134_ANNUAL_MEDIAN.London);
      assert.equal(london.quality, 'precise');
      assert.equal(london.relativeToUkPercent, Math.round((58300 / annual2134()! - 1) * 1000) / 10);
      const wales = body.regions.find((r: { area: { slug: string } }) => r.area.slug === 'wales');
      assert.deepEqual(
        {
          median: wales.median,
          quality: wales.quality,
          presentable: wales.presentable,
          relativeToUkPercent: wales.relativeToUkPercent,
        },
        { median: null, quality: 'unreliable', presentable: false, relativeToUkPercent: null },
      );
      assert.equal(wales.area.code, 'W92000004');
      const scotland = body.regions.find((r: { area: { slug: string } }) => r.area.slug === 'scotland');
      assert.equal(scotland.quality, 'acceptable');
      assert.equal(scotland.area.code, 'S92000003');
    });

    it("says what the real cells' markers mean: blank is not published, `.` CV is unassessed, `x` unreliable", async () => {
      const at = async (soc: string) =>
        (await get(`/v1/occupations/${soc}/pay?area=east-midlands&pattern=fulltime`)).json();
      const blank = await at('1112');
      assert.deepEqual([blank.distribution.median, blank.quality, blank.presentable], [null, 'not-published', false]);
      const noCv = await at('1123');
      assert.deepEqual(
        [noCv.distribution.median, noCv.quality, noCv.presentable],
        [REAL_EAST_MIDLANDS_FULL_TIME['1123']![0], 'unassessed', true],
      );
      const withheld = await at('1134');
      assert.deepEqual(
        [withheld.distribution.median, withheld.quality, withheld.presentable],
        [null, 'unreliable', false],
      );
      assert.match(noCv.coverage.note, /Northern Ireland is absent/);
      const regions = (await get('/v1/occupations/1123/pay/regions?pattern=fulltime')).json();
      assert.match(regions.coverage.note, /Northern Ireland is absent/);
      const eastMidlands = regions.regions.find((r: { area: { slug: string } }) => r.area.slug === 'east-midlands');
      assert.deepEqual([eastMidlands.quality, eastMidlands.presentable], ['unassessed', true]);
      assert.equal((await get('/v1/occupations/2134/pay?area=northern-ireland')).statusCode, 400);
    });

    it('answers a malformed year on regional pay with the years Table 15 is published for', async () => {
      for (const url of [
        '/v1/occupations/2134/pay/regions?year=abc',
        '/v1/occupations/2134/pay?area=london&year=abc',
      ]) {
        const res = await get(url);
        assert.equal(res.statusCode, 400, url);
        assert.deepEqual(
          res.json().invalidParams,
          [
            {
              name: 'year',
              reason: '`year` must be a reference year of a published release of `ashe-table15`',
              validValues: ['2024'],
            },
          ],
          url,
        );
      }
    });

    it('serves one region through `area` on the pay and series endpoints', async () => {
      const pay = (await get('/v1/occupations/2134/pay?area=london')).json();
      assert.deepEqual(pay.area, { code: 'E12000007', slug: 'london', name: 'London' });
      assert.equal(pay.distribution.median, 58300);
      assert.equal(pay.distribution.p90, null);
      assert.equal(pay.provenance.edition, 'ASHE Table 15, 2024 provisional');
      const series = (
        await get('/v1/occupations/6135/pay/series?area=yorkshire-and-the-humber&measure=hourly_pay_gross')
      ).json();
      assert.deepEqual(
        series.points.map((p: { year: number }) => p.year),
        [2024],
      );
      assert.equal(typeof series.points[0].median, 'number');
      // Table 15 has Table 14's sheets by sex and work pattern: the fixture's "Male" sheet is "All" x 1.01.
      const male = await get('/v1/occupations/2134/pay/regions?sex=male');
      assert.equal(male.statusCode, 200);
      const maleLondon = male.json().regions.find((r: { area: { slug: string } }) => r.area.slug === 'london');
      assert.equal(maleLondon.median, Math.round((FIXTURE_2134_ANNUAL_MEDIAN.London as number) * 1.01));
    });
  });
}
