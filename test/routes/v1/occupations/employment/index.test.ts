import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readWorkbookSync, type Workbook } from '../../../../../src/ingest/formats/workbook.js';
import { servedFromTemplate } from '../../../../helpers/served-app.js';
import { DIALECTS_ABOVE_STORE } from '../../../../helpers/stores.js';
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

/** The relayed NM_218_1 counts, read straight from the mirror's CSV: code -> count (null where blank). */
function relayed(year: number): Map<string, number | null> {
  const text = readFileSync(
    upstreamPath(`aps-employment-4digit/nomis_nm218_uk_soc2020_unitgroups_jan${year}-dec${year}.csv`),
    'utf8',
  );
  const [header, ...lines] = text.trim().split(/\r?\n/);
  const columns = header!.split(',');
  const code = columns.indexOf('soc2020_code');
  return new Map(
    lines.map((line) => {
      const fields = line.split(',');
      const value = fields.at(-1)!.trim();
      return [fields[code]!, value === '' ? null : Number(value)];
    }),
  );
}
const COUNTS_2025 = relayed(2025);
const COUNTS_2022 = relayed(2022);
const SUM_2025 = [...COUNTS_2025.values()].reduce<number>((s, v) => s + (v ?? 0), 0);

interface Point {
  year: number;
  count: number | null;
  quality: string;
  presentable: boolean;
  source: string;
}

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`employment and workforce (${dialect})`, () => {
    const served = appForSuite(dialect);
    const get = (url: string) => served.app.inject({ url, headers: { 'x-api-key': served.key } });

    it('answers the Jan-Dec 2025 NM_218_1 count, said to be relayed and without an interval: 2134', async () => {
      const res = await get('/v1/occupations/2134/employment');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(SUM_2025, 33_214_900);
      assert.equal(body.period, 'January-December 2025');
      assert.deepEqual(body.employment, {
        count: 544_500,
        confidenceInterval: null,
        quality: 'unassessed',
        presentable: true,
        shareOfAllEmploymentPercent: Math.round((544_500 / SUM_2025) * 10000) / 100,
        source: 'aps-occupation',
      });
      assert.equal(body.employment.shareOfAllEmploymentPercent, 1.64);
      // UK: the object, each part null where the release (a relay of counts) has none.
      assert.deepEqual(body.breakdown, { female: null, partTime: null, selfEmployed: null });
      const notes = body.notes.join(' ');
      for (const phrase of ['January to December 2025', 'sampling error', 'relay', 'no confidence interval'])
        assert.ok(notes.includes(phrase), phrase);
      assert.match(
        body.provenance.edition,
        /January-December 2025: Nomis NM_218_1 counts relayed by .*not a Nomis download/,
      );
      assert.equal(body.provenance.publisher, 'Office for National Statistics (Nomis)');
    });

    it('builds the series from one estimate only, the NM_218_1 counts; the industry table years are left out and named', async () => {
      const body = (await get('/v1/occupations/2134/employment')).json();
      const series = body.series as Point[];
      assert.deepEqual(
        series.map((p) => [p.year, p.count, p.quality, p.source, p.presentable]),
        [
          [2022, 512_600, 'unassessed', 'aps-occupation', true],
          [2025, 544_500, 'unassessed', 'aps-occupation', true],
        ],
      );
      assert.ok(body.notes.some((n: string) => n.includes('years 2021, 2023, 2024') && n.includes('left out')));
      // The coverage note says the same as the notes: no year of the other table is in the series.
      assert.match(body.coverage.note, /holds the NM_218_1 releases' years only/);
      assert.doesNotMatch(body.coverage.note, /come from the APS occupation x industry table/);
    });

    it('says a blank of the relay is not published, never unreliable, and points to earlier counts', async () => {
      for (const soc of ['2435', '5433']) {
        const body = (await get(`/v1/occupations/${soc}/employment`)).json();
        assert.equal(body.employment.count, null, soc);
        assert.equal(body.employment.quality, 'not-published', soc);
        assert.equal(body.employment.presentable, false, soc);
        assert.ok(body.notes.some((n: string) => n.startsWith(`No count for ${soc} in January-December 2025`)));
      }
      const series2435 = ((await get('/v1/occupations/2435/employment')).json().series as Point[]).find(
        (p) => p.year === 2022,
      )!;
      assert.deepEqual([series2435.count, series2435.source], [COUNTS_2022.get('2435'), 'aps-occupation']);
      assert.equal(COUNTS_2022.get('2435'), 4_100);
    });

    it('gives workforce.people as the employment count, industry shares of a same-year base', async () => {
      const body = (await get('/v1/occupations/2134/workforce')).json();
      assert.equal(body.people, 544_500);
      assert.equal(body.peoplePeriod, 'January-December 2025');
      assert.equal(body.industriesPeriod, 'January-December 2024');
      const raw = rawRow(2024, '2134');
      const publishedSum = raw.reduce<number>((s, c) => s + (typeof c === 'number' ? Math.round(c) : 0), 0);
      assert.deepEqual(body.industryPercentBase, { people: publishedSum, basis: 'published industry cells' });
      assert.equal(publishedSum, 552_293);
      assert.equal(body.industries[0].code, 'J');
      for (const industry of body.industries)
        assert.equal(industry.percent, Math.round((industry.people / publishedSum) * 1000) / 10);
      assert.match(body.peopleProvenance.edition, /January-December 2025/);
      assert.match(body.provenance.edition, /2021 to 2024/);
    });

    it('answers 404 naming aps-occupation for nations (the relay is UK only), 400 listing areas otherwise', async () => {
      for (const area of ['england', 'wales', 'scotland', 'northern-ireland']) {
        const res = await get(`/v1/occupations/2134/employment?area=${area}`);
        assert.equal(res.statusCode, 404);
        assert.equal(res.json().source, 'aps-occupation');
        assert.match(res.json().detail, /does not have them/);
      }
      const bad = await get('/v1/occupations/2134/employment?area=london');
      assert.equal(bad.statusCode, 400);
      assert.equal((await get('/v1/occupations/9999/employment')).statusCode, 404);
      assert.equal((await get('/v1/occupations/9999/workforce')).statusCode, 404);
    });

    it('lists the Nomis APS source with a current edition and a warn check saying it is relayed', async () => {
      const sources = (await served.app.inject({ url: '/v1/meta/sources' })).json<
        Array<{ key: string; currentEdition: string | null }>
      >();
      assert.notEqual(sources.find((s) => s.key === 'aps-occupation')!.currentEdition, null);
      const editions = (await served.app.inject({ url: '/v1/meta/editions?source=aps-occupation' })).json<
        Array<{ checks: Array<{ rule: string; status: string }>; sourceUri: string }>
      >();
      assert.equal(editions.length, 2);
      for (const e of editions) {
        assert.ok(e.checks.some((c) => c.rule === 'the release is a publisher download' && c.status === 'warn'));
        assert.match(
          e.sourceUri,
          /^mirror:aps-employment-4digit\/nomis_nm218_uk_soc2020_unitgroups_jan\d{4}-dec\d{4}\.csv$/,
        );
      }
    });
  });
}

describe('coverage of the 412 unit groups', () => {
  it(
    'gives a count for every unit group the 2025 relay has, agreeing with workforce',
    { timeout: 600_000 },
    async () => {
      const served = await servedFromTemplate('sqlite');
      try {
        const get = (url: string) => served.app.inject({ url, headers: { 'x-api-key': served.key } });
        const socs = (await get('/v1/occupations')).json<Array<{ soc2020: string }>>().map((o) => o.soc2020);
        assert.equal(socs.length, 412);
        let counted = 0;
        let agreeing = 0;
        for (const soc of socs) {
          const employment = (await get(`/v1/occupations/${soc}/employment`)).json();
          assert.equal(employment.employment.count, COUNTS_2025.get(soc) ?? null, soc);
          if (employment.employment.count !== null) counted++;
          const workforce = await get(`/v1/occupations/${soc}/workforce`);
          if (workforce.statusCode !== 200) continue;
          const body = workforce.json();
          const expected =
            employment.employment.count ?? (employment.series as Point[]).filter((p) => p.count !== null).at(-1)?.count;
          assert.equal(body.people, expected, soc);
          agreeing++;
          const industries = body.industries as Array<{ people: number }>;
          const inIndustries = industries.reduce((sum, i) => sum + i.people, 0);
          assert.ok(inIndustries <= body.industryPercentBase.people, `${soc}: industries exceed their base`);
        }
        assert.equal(counted, 410);
        console.log(
          `employment: ${counted} of 412 unit groups have a count; ${agreeing} workforce answers agree with it`,
        );
      } finally {
        await served.close();
      }
    },
  );
});
