import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readWorkbookSync, type Workbook } from '../../../../../src/ingest/formats/workbook.js';
import { servedFromTemplate } from '../../../../helpers/served-app.js';
import { DIALECTS } from '../../../../helpers/stores.js';
import { upstreamPath } from '../../../../helpers/upstream.js';
import { appForSuite } from '../../../../helpers/composition-root.js';

const APS_FILE = 'aps-occupation-industry/employmentby4digitsoc1digitindustryatosuk20212024final.xlsx';
/** The workbook read straight, to check the API against the publisher's cells. */
const workbook: Workbook = readWorkbookSync(new Uint8Array(readFileSync(upstreamPath(APS_FILE))), { fills: true });

/** The 19 industry cells (columns C to U) of an occupation's row in a year's sheet. */
function rawRow(year: number, soc: string): Array<number | string> {
  const row = workbook.sheets[String(year)]!.find((r) => typeof r[1] === 'string' && r[1].startsWith(`${soc} `))!;
  return row.slice(2, 21) as Array<number | string>;
}
function rawTotal(year: number): number {
  const row = workbook.sheets[String(year)]!.find((r) => r[1] === 'Total')!;
  return (row.slice(2, 21) as number[]).reduce((a, b) => a + b, 0);
}

for (const dialect of DIALECTS) {
  describe(`employment and workforce (${dialect})`, () => {
    const served = appForSuite(dialect);
    const get = (url: string) => served.app.inject({ url, headers: { 'x-api-key': served.key } });

    it('gives a count only for years when every industry cell was published, matching the workbook', async () => {
      // Find occupations whose 2024 row has no `*`, and one that has.
      const soc2020s = (await get('/v1/occupations')).json().map((o: { soc2020: string }) => o.soc2020) as string[];
      const complete = soc2020s.filter((s) => rawRow(2024, s).every((c) => c !== '*'));
      assert.ok(complete.length > 0);
      for (const soc of complete.slice(0, 3)) {
        const expected = rawRow(2024, soc).reduce<number>(
          (sum, c) => sum + (typeof c === 'number' ? Math.round(c) : 0),
          0,
        );
        const body = (await get(`/v1/occupations/${soc}/employment`)).json();
        assert.equal(body.employment.count, expected, soc);
        assert.equal(body.employment.presentable, true);
        assert.equal(
          body.employment.shareOfAllEmploymentPercent,
          Math.round((expected / rawTotal(2024)) * 10000) / 100,
        );
        assert.equal(body.series.at(-1).count, expected);
      }
    });

    it('never passes off a lower bound as the count: 2134 in 2024', async () => {
      const raw = rawRow(2024, '2134');
      assert.ok(raw.includes('*'));
      const atLeast = raw.reduce<number>((sum, c) => sum + (typeof c === 'number' ? c : 0), 0);
      const res = await get('/v1/occupations/2134/employment');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(body.period, 'January-December 2024');
      assert.deepEqual(body.employment, {
        count: null,
        confidenceInterval: null,
        quality: 'unreliable',
        presentable: false,
        shareOfAllEmploymentPercent: null,
      });
      assert.equal(body.breakdown, null);
      assert.ok(body.notes[0].includes(`at least ${atLeast.toLocaleString('en-GB')} people, which is not the total`));
      assert.ok(body.notes.some((n: string) => /Confidence intervals are not published/.test(n)));
      assert.deepEqual(
        body.series.map((p: { year: number }) => p.year),
        [2021, 2022, 2023, 2024],
      );
      for (const point of body.series) {
        const rawYear = rawRow(point.year, '2134');
        if (rawYear.includes('*')) assert.equal(point.count, null);
        else
          assert.equal(
            point.count,
            rawYear.reduce<number>((s, c) => s + (typeof c === 'number' ? Math.round(c) : 0), 0),
          );
        assert.equal(point.confidenceInterval, null);
      }
      assert.equal(body.coverage.population, 'people in employment');
      assert.equal(body.coverage.includesSelfEmployed, true);
      assert.equal(body.provenance.publisher, 'Office for National Statistics');
      assert.match(body.provenance.edition, /2021 to 2024/);
    });

    it('lists the ten industries employing most, published ones only, with shading as quality', async () => {
      const body = (await get('/v1/occupations/2134/workforce')).json();
      const raw = rawRow(2024, '2134');
      const header = workbook.sheets['2024']!.find((r) =>
        r.some((c) => typeof c === 'string' && /^1 A /.test(c)),
      )!.slice(2, 21) as string[];
      const published = raw
        .map((c, i) => ({ c, section: /^\d+ ([A-S])/.exec(header[i]!)![1]! }))
        .filter((x) => typeof x.c === 'number') as Array<{ c: number; section: string }>;
      const people = published.reduce((s, x) => s + Math.round(x.c), 0);
      assert.equal(body.people, people);
      assert.equal(body.industries.length, Math.min(10, published.length));
      const top = [...published].sort((a, b) => b.c - a.c).slice(0, 10);
      assert.deepEqual(
        body.industries.map((i: { code: string }) => i.code),
        top.map((x) => x.section),
      );
      assert.deepEqual(body.industries[0], {
        code: 'J',
        name: 'Information and communication',
        people: Math.round(top[0]!.c),
        percent: Math.round((top[0]!.c / people) * 1000) / 10,
        quality: 'reasonable',
        presentable: true,
      });
      const fills = workbook.fills!['2024']!;
      const rowIndex = workbook.sheets['2024']!.findIndex((r) => typeof r[1] === 'string' && r[1].startsWith('2134 '));
      for (const industry of body.industries) {
        const column = 2 + header.findIndex((h) => new RegExp(`^\\d+ ${industry.code} `).test(h));
        assert.equal(
          industry.quality,
          fills[rowIndex]![column] === 'lightGray' ? 'acceptable' : 'reasonable',
          industry.code,
        );
      }
      assert.deepEqual(
        [body.ageBands, body.qualifications, body.agedUnder25Percent, body.aged55AndOverPercent, body.degreePercent],
        [[], [], null, null, null],
      );
      assert.match(body.coverage.note, /lower bound/);
      assert.match(body.coverage.note, /Age bands and qualifications are not in this release/);
    });

    it('answers 404 naming the missing source for nations, 400 listing areas for anything else', async () => {
      for (const area of ['england', 'wales', 'scotland', 'northern-ireland']) {
        const res = await get(`/v1/occupations/2134/employment?area=${area}`);
        assert.equal(res.statusCode, 404);
        assert.equal(res.json().source, 'aps-occupation');
      }
      const bad = await get('/v1/occupations/2134/employment?area=london');
      assert.equal(bad.statusCode, 400);
      assert.deepEqual(bad.json().invalidParams[0].validValues, [
        'uk',
        'england',
        'wales',
        'scotland',
        'northern-ireland',
      ]);
      assert.equal((await get('/v1/occupations/2134/employment?area=uk')).statusCode, 200);
      assert.equal((await get('/v1/occupations/9999/employment')).statusCode, 404);
      assert.equal((await get('/v1/occupations/9999/workforce')).statusCode, 404);
    });

    it('lists the Nomis APS source with no current edition', async () => {
      const sources = (await served.app.inject({ url: '/v1/meta/sources' })).json<
        Array<{
          key: string;
          currentEdition: string | null;
        }>
      >();
      assert.equal(sources.find((s) => s.key === 'aps-occupation')!.currentEdition, null);
      assert.notEqual(sources.find((s) => s.key === 'aps-occupation-industry')!.currentEdition, null);
    });
  });
}

describe('coverage of the 412 unit groups in the APS release', () => {
  it('reports how many get a count, a series point and an industry list', { timeout: 600_000 }, async () => {
    const served = await servedFromTemplate('sqlite');
    try {
      const get = (url: string) => served.app.inject({ url, headers: { 'x-api-key': served.key } });
      const socs = (await get('/v1/occupations')).json<Array<{ soc2020: string }>>().map((o) => o.soc2020);
      let counted = 0;
      let withSeriesCount = 0;
      let withIndustries = 0;
      for (const soc of socs) {
        const employment = (await get(`/v1/occupations/${soc}/employment`)).json();
        if (employment.employment.count !== null) counted++;
        if (employment.series.some((p: { count: number | null }) => p.count !== null)) withSeriesCount++;
        if ((await get(`/v1/occupations/${soc}/workforce`)).statusCode === 200) withIndustries++;
      }
      const expectedComplete = socs.filter(
        (s) => rawRow(2024, s).every((c) => c !== '*') && rawRow(2024, s).some((c) => typeof c === 'number'),
      ).length;
      assert.equal(counted, expectedComplete);
      assert.equal(withIndustries, socs.filter((s) => rawRow(2024, s).some((c) => typeof c === 'number')).length);
      console.log(
        `APS coverage: ${counted} of 412 unit groups have a 2024 count, ${withSeriesCount} a count in at least one year, ${withIndustries} an industry list`,
      );
    } finally {
      await served.close();
    }
  });
});
