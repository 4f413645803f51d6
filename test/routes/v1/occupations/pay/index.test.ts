import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { asheRow, asheSheet, expectedFigure } from '../../../../helpers/ashe-workbooks.js';
import { DIALECTS_ABOVE_STORE } from '../../../../helpers/stores.js';
import { appForSuite } from '../../../../helpers/composition-root.js';

/** The publisher's sheet of each sex and work pattern. */
const SHEET: Record<string, string> = {
  'all/all': 'All',
  'male/all': 'Male',
  'female/all': 'Female',
  'all/fulltime': 'Full-Time',
  'all/parttime': 'Part-Time',
  'male/fulltime': 'Male Full-Time',
  'male/parttime': 'Male Part-Time',
  'female/fulltime': 'Female Full-Time',
  'female/parttime': 'Female Part-Time',
};

const MEASURES = [
  'weekly_pay_gross',
  'weekly_pay_excl_overtime',
  'basic_pay_incl_other',
  'overtime_pay',
  'hourly_pay_gross',
  'hourly_pay_excl_overtime',
  'annual_pay_gross',
  'annual_pay_incentive',
  'hours_paid_total',
  'hours_paid_basic',
  'hours_paid_overtime',
];
const tableOf = (measure: string) => MEASURES.indexOf(measure) + 1;
const isUnitGroup = (cell: string | number | boolean | null | undefined) => /^\d{4}$/.test(String(cell ?? '').trim());

/** ONS's key: CV <= 5 precise, <= 10 reasonable, <= 20 acceptable, else unreliable. */
function band(cv: number): string {
  return cv <= 5 ? 'precise' : cv <= 10 ? 'reasonable' : cv <= 20 ? 'acceptable' : 'unreliable';
}

/** What the pay endpoint must answer, read from the estimates and CV workbooks directly. */
function expectedPay(year: number, measure: string, sex: string, pattern: string, soc: string) {
  const sheet = SHEET[`${sex}/${pattern}`]!;
  const a = asheRow(year, `14.${tableOf(measure)}a`, sheet, soc);
  const b = asheRow(year, `14.${tableOf(measure)}b`, sheet, soc);
  const f = (i: number) => expectedFigure(a[i]);
  const median = f(3);
  const cv = expectedFigure(b[3]);
  // A missing median says why by the marker in its place (or, for `:` and `..` rows, in the jobs column).
  const marker = [a[3], a[2]].map((c) => String(c ?? '').trim()).find((c) => ['x', '..', ':'].includes(c));
  // No marker at all (a blank cell): the release gives no figure and no reason.
  const withheld =
    marker === 'x' ? 'unreliable' : marker === ':' ? 'not-covered' : marker === '..' ? 'withheld' : 'not-published';
  // A median ONS gives no CV for (`.`) is published with no measure of precision: no band.
  const quality = median === null ? withheld : cv === null ? 'unassessed' : band(cv);
  return {
    mean: f(5),
    distribution: {
      p10: f(7),
      p20: f(8),
      p25: f(9),
      p30: f(10),
      p40: f(11),
      median,
      p60: f(12),
      p70: f(13),
      p75: f(14),
      p80: f(15),
      p90: f(16),
    },
    employeeJobsThousands: f(2),
    percentChange: f(4),
    quality,
    presentable: median !== null,
  };
}

/** Several occupations, every measure, every sheet, each year. */
const CASES: [number, string, string, string, string][] = [
  [2022, 'annual_pay_gross', 'all', 'all', '2134'],
  [2022, 'weekly_pay_gross', 'female', 'parttime', '6135'],
  [2022, 'hours_paid_total', 'male', 'fulltime', '8211'],
  [2022, 'overtime_pay', 'all', 'all', '8211'],
  [2023, 'hourly_pay_gross', 'male', 'all', '2231'],
  [2023, 'basic_pay_incl_other', 'all', 'fulltime', '4122'],
  [2023, 'annual_pay_gross', 'female', 'fulltime', '2134'],
  [2023, 'hours_paid_basic', 'all', 'parttime', '6135'],
  [2024, 'annual_pay_incentive', 'male', 'all', '2134'],
  [2024, 'hours_paid_overtime', 'all', 'all', '8211'],
  [2024, 'weekly_pay_excl_overtime', 'male', 'parttime', '6135'],
  [2024, 'hourly_pay_excl_overtime', 'female', 'fulltime', '2231'],
  [2024, 'annual_pay_gross', 'female', 'parttime', '9223'],
];

const UNITS: Record<string, string> = {
  annual_pay_gross: 'GBP per year',
  annual_pay_incentive: 'GBP per year',
  weekly_pay_gross: 'GBP per week',
  weekly_pay_excl_overtime: 'GBP per week',
  basic_pay_incl_other: 'GBP per week',
  overtime_pay: 'GBP per week',
  hourly_pay_gross: 'GBP per hour',
  hourly_pay_excl_overtime: 'GBP per hour',
  hours_paid_total: 'hours per week',
  hours_paid_basic: 'hours per week',
  hours_paid_overtime: 'hours per week',
};

/** A unit group whose 2024 gross annual median (All) ONS suppressed with a CV over 20%. */
function unreliableUnitGroup(): string {
  const cvs = asheSheet(2024, '14.7b', 'All');
  const row = asheSheet(2024, '14.7a', 'All').find((r) => {
    if (!isUnitGroup(r[1]) || typeof r[3] === 'number') return false;
    const cv = cvs.find((c) => String(c[1]).trim() === String(r[1]).trim())?.[3];
    return typeof cv === 'number' && cv > 20;
  });
  return String(row![1]).trim();
}

/** A unit group with a published 2022 and 2024 gross annual median (All) but a withheld 2023 one. */
function unitGroupWithheldIn2023(): string {
  const median = (year: number, soc: string) => asheRow(year, '14.7a', 'All', soc)[3];
  const row = asheSheet(2023, '14.7a', 'All').find((r) => {
    if (!isUnitGroup(r[1]) || typeof r[3] === 'number') return false;
    const soc = String(r[1]).trim();
    return typeof median(2022, soc) === 'number' && typeof median(2024, soc) === 'number';
  });
  return String(row![1]).trim();
}

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`pay endpoints on the real ASHE Table 14 (${dialect})`, () => {
    const served = appForSuite(dialect);
    const get = (url: string) => served.app.inject({ url, headers: { 'x-api-key': served.key } });

    it('with no parameters gives gross annual pay of all employee jobs in the UK in 2024, as in the workbook', async () => {
      const res = await get('/v1/occupations/2134/pay');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(body.soc2020, '2134');
      assert.equal(body.title, 'Programmers and software development professionals');
      assert.deepEqual(body.area, { code: 'K02000001', slug: 'uk', name: 'United Kingdom' });
      assert.equal(body.year, 2024);
      assert.equal(body.measure, 'annual_pay_gross');
      assert.equal(body.unit, 'GBP per year');
      assert.equal(body.sex, 'all');
      assert.equal(body.workPattern, 'all');
      assert.equal(body.provisional, true);
      assert.equal(body.referencePeriod, 'Tax year 6 April 2023 to 5 April 2024');
      const expected = expectedPay(2024, 'annual_pay_gross', 'all', 'all', '2134');
      assert.deepEqual(
        {
          mean: body.mean,
          distribution: body.distribution,
          employeeJobsThousands: body.employeeJobsThousands,
          percentChange: body.percentChange,
          quality: body.quality,
          presentable: body.presentable,
        },
        expected,
      );
      assert.equal(typeof body.distribution.median, 'number');
      assert.deepEqual(body.coverage.population, 'employee jobs');
      assert.equal(body.coverage.includesSelfEmployed, false);
      assert.equal(body.coverage.referencePeriod, body.referencePeriod);
      assert.match(body.coverage.note, /self-employed people are not counted/);
      assert.match(body.coverage.note, /indicative/);
      assert.equal(body.provenance.edition, 'ASHE Table 14, 2024 provisional');
      assert.equal(body.provenance.publisher, 'Office for National Statistics');
      assert.equal(body.provenance.licence, 'Open Government Licence v3.0');
      assert.match(body.provenance.url, /occupation4digitsoc2010ashetable14$/);
      assert.ok(body.provenance.published);
    });

    it('matches the workbooks cell by cell for several occupations, measures, sexes and patterns in each year', async () => {
      for (const [year, measure, sex, pattern, soc] of CASES) {
        const res = await get(
          `/v1/occupations/${soc}/pay?measure=${measure}&sex=${sex}&pattern=${pattern}&year=${year}`,
        );
        assert.equal(res.statusCode, 200, `${year} ${measure} ${sex} ${pattern} ${soc}`);
        const body = res.json();
        assert.deepEqual(
          {
            mean: body.mean,
            distribution: body.distribution,
            employeeJobsThousands: body.employeeJobsThousands,
            percentChange: body.percentChange,
            quality: body.quality,
            presentable: body.presentable,
          },
          expectedPay(year, measure, sex, pattern, soc),
          `${year} ${measure} ${sex} ${pattern} ${soc}`,
        );
        assert.equal(body.year, year);
        assert.equal(body.unit, UNITS[measure]);
        assert.equal(body.sex, sex);
        assert.equal(body.workPattern, pattern);
        assert.equal(body.provenance.edition, `ASHE Table 14, ${year} provisional`);
        assert.equal(body.coverage.includesSelfEmployed, false);
        if (!measure.startsWith('annual'))
          assert.equal(body.referencePeriod, `April ${year} (ASHE survey reference date)`);
      }
    });

    it('gives a suppressed figure as null, and a median with a CV over 20% as unreliable and not presentable', async () => {
      const soc = unreliableUnitGroup();
      const body = (await get(`/v1/occupations/${soc}/pay`)).json();
      assert.equal(body.distribution.median, null);
      assert.equal(body.quality, 'unreliable');
      assert.equal(body.presentable, false);
      assert.deepEqual(body.distribution, expectedPay(2024, 'annual_pay_gross', 'all', 'all', soc).distribution);

      // 1111 Chief executives: p90 is `x` in 2024 while the median is published.
      assert.equal(asheRow(2024, '14.7a', 'All', '1111')[16], 'x');
      const chiefs = (await get('/v1/occupations/1111/pay')).json();
      assert.equal(chiefs.distribution.p90, null);
      assert.equal(typeof chiefs.distribution.median, 'number');
      assert.equal(chiefs.presentable, true);

      // `..` (disclosive) job counts are null too.
      const disclosive = asheSheet(2022, '14.7a', 'Male Part-Time').find((r) => isUnitGroup(r[1]) && r[2] === '..')!;
      const male = (
        await get(`/v1/occupations/${String(disclosive[1]).trim()}/pay?year=2022&sex=male&pattern=parttime`)
      ).json();
      assert.equal(male.employeeJobsThousands, null);
    });

    it('says why a median is missing: `:` not covered (the armed forces), `..` withheld, never unreliable', async () => {
      for (const soc of ['1161', '3311']) {
        assert.equal(String(asheRow(2024, '14.7a', 'All', soc)[2]).trim(), ':');
        const body = (await get(`/v1/occupations/${soc}/pay`)).json();
        assert.deepEqual([body.quality, body.presentable, body.distribution.median], ['not-covered', false, null], soc);
      }
      assert.equal(String(asheRow(2024, '14.7a', 'All', '6250')[2]).trim(), '..');
      const withheld = (await get('/v1/occupations/6250/pay')).json();
      assert.deepEqual([withheld.quality, withheld.presentable], ['withheld', false]);
    });

    it("says what ONS's percentChange compares: 2134 in 2024 against 2023's revised median", async () => {
      const body = (await get('/v1/occupations/2134/pay')).json();
      assert.equal(body.percentChange, expectedPay(2024, 'annual_pay_gross', 'all', 'all', '2134').percentChange);
      assert.deepEqual(
        [body.percentChangeBasis.from, body.percentChangeBasis.to],
        [
          { year: 2023, provisional: false },
          { year: 2024, provisional: true },
        ],
      );
      assert.match(body.percentChangeBasis.description, /revised median/);
    });

    it('bands a published median by its CV, and one ONS gives no CV for as unassessed', async () => {
      const cvs = asheSheet(2024, '14.7b', 'All');
      const acceptable = cvs.find((r) => isUnitGroup(r[1]) && typeof r[3] === 'number' && r[3] > 10 && r[3] <= 20)!;
      const body = (await get(`/v1/occupations/${String(acceptable[1]).trim()}/pay`)).json();
      assert.equal(body.quality, 'acceptable');
      assert.equal(body.presentable, true);

      const estimates = asheSheet(2024, '14.7a', 'All');
      const noCv = cvs.find(
        (r) => isUnitGroup(r[1]) && r[3] === '.' && typeof estimates.find((e) => e[1] === r[1])?.[3] === 'number',
      )!;
      const unbanded = (await get(`/v1/occupations/${String(noCv[1]).trim()}/pay`)).json();
      assert.equal(typeof unbanded.distribution.median, 'number');
      assert.equal(unbanded.quality, 'unassessed');
      assert.equal(unbanded.presentable, true);
    });

    it('gives a series with one point per published year, oldest first, as in the workbooks', async () => {
      const res = await get('/v1/occupations/2134/pay/series');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(body.measure, 'annual_pay_gross');
      assert.equal(body.unit, 'GBP per year');
      assert.deepEqual(body.area, { code: 'K02000001', slug: 'uk', name: 'United Kingdom' });
      assert.deepEqual(
        body.points.map((p: { year: number }) => p.year),
        [2022, 2023, 2024],
      );
      for (const point of body.points) {
        const expected = expectedPay(point.year, 'annual_pay_gross', 'all', 'all', '2134');
        assert.equal(point.median, expected.distribution.median);
        assert.equal(point.mean, expected.mean);
        assert.equal(point.employeeJobsThousands, expected.employeeJobsThousands);
        assert.equal(point.quality, expected.quality);
        assert.equal(point.provisional, true);
        assert.equal(point.referencePeriod, `Tax year 6 April ${point.year - 1} to 5 April ${point.year}`);
      }
      assert.equal(body.coverage.population, 'employee jobs');

      const hourly = (
        await get('/v1/occupations/6135/pay/series?measure=hourly_pay_gross&sex=female&pattern=parttime')
      ).json();
      assert.deepEqual(
        hourly.points.map((p: { median: number | null; year: number }) => p.median),
        [2022, 2023, 2024].map(
          (y) => expectedPay(y, 'hourly_pay_gross', 'female', 'parttime', '6135').distribution.median,
        ),
      );
    });

    it('keeps a withheld year in the series with nulls', async () => {
      const soc = unitGroupWithheldIn2023();
      const { points } = (await get(`/v1/occupations/${soc}/pay/series`)).json();
      assert.deepEqual(
        points.map((p: { year: number }) => p.year),
        [2022, 2023, 2024],
      );
      assert.equal(points[1].median, null);
      assert.equal(points[1].quality, 'unreliable');
      assert.equal(typeof points[0].median, 'number');
      assert.equal(typeof points[2].median, 'number');
    });

    it('pins an exact release by edition id, which overrides year', async () => {
      const editions = (await served.app.inject({ url: '/v1/meta/editions?source=ashe-table14' })).json<
        {
          id: string;
          label: string;
          seriesKey: string;
          status: string;
        }[]
      >();
      assert.deepEqual(editions.map((e) => e.seriesKey).sort(), ['2022', '2023', '2024']);
      assert.ok(editions.every((e) => e.status === 'published'));
      const e2022 = editions.find((e) => e.seriesKey === '2022')!;
      assert.equal(e2022.label, 'ASHE Table 14, 2022 provisional');
      const body = (await get(`/v1/occupations/2134/pay?edition=${e2022.id}&year=2024`)).json();
      assert.equal(body.year, 2022);
      assert.equal(body.provenance.edition, 'ASHE Table 14, 2022 provisional');
      assert.equal(
        body.distribution.median,
        expectedPay(2022, 'annual_pay_gross', 'all', 'all', '2134').distribution.median,
      );
    });

    it('refuses an edition of another source, an unknown edition and a malformed one', async () => {
      const [structure] = (await served.app.inject({ url: '/v1/meta/editions?source=soc2020-structure' })).json<
        {
          id: string;
        }[]
      >();
      const other = await get(`/v1/occupations/2134/pay?edition=${structure!.id}`);
      assert.equal(other.statusCode, 400);
      assert.match(other.json().detail, /is a release of `soc2020-structure`, not of `ashe-table14`/);
      assert.equal(other.json().invalidParams[0].validValues.length, 3);

      const unknown = await get('/v1/occupations/2134/pay?edition=00000000-0000-4000-8000-000000000000');
      assert.equal(unknown.statusCode, 400);
      assert.match(unknown.json().detail, /there is no edition 00000000-0000-4000-8000-000000000000/);

      const malformed = await get('/v1/occupations/2134/pay?edition=2024');
      assert.equal(malformed.statusCode, 400);
      assert.equal(malformed.json().invalidParams[0].name, 'edition');
    });

    it('answers 400 listing the valid values for a bad measure, sex, pattern, area or year', async () => {
      const measure = await get('/v1/occupations/2134/pay?measure=salary');
      assert.equal(measure.statusCode, 400);
      assert.equal(measure.headers['content-type'], 'application/json; charset=utf-8');
      assert.deepEqual(measure.json().invalidParams[0].validValues, MEASURES);
      assert.match(measure.json().detail, /annual_pay_gross/);

      assert.deepEqual((await get('/v1/occupations/2134/pay?sex=other')).json().invalidParams[0].validValues, [
        'all',
        'male',
        'female',
      ]);
      assert.deepEqual(
        (await get('/v1/occupations/2134/pay/series?pattern=flexible')).json().invalidParams[0].validValues,
        ['all', 'fulltime', 'parttime'],
      );
      const area = (await get('/v1/occupations/2134/pay?area=northern-ireland')).json();
      assert.equal(area.status, 400);
      assert.ok(area.invalidParams[0].validValues.includes('yorkshire-and-the-humber'));
      assert.ok(!area.invalidParams[0].validValues.includes('northern-ireland'));

      const year = await get('/v1/occupations/2134/pay?year=2019');
      assert.equal(year.statusCode, 400);
      assert.deepEqual(year.json().invalidParams[0].validValues, ['2022', '2023', '2024']);
      assert.match(year.json().detail, /2019 is not a published year/);

      const regional = await get('/v1/occupations/2134/pay/regions?measure=hours_paid_total');
      assert.equal(regional.statusCode, 400);
      assert.deepEqual(regional.json().invalidParams[0].validValues, [
        'annual_pay_gross',
        'weekly_pay_gross',
        'hourly_pay_gross',
      ]);
    });

    it('answers a malformed year or edition with the years and releases published for the source the request reads', async () => {
      const year = await get('/v1/occupations/2134/pay?year=abc');
      assert.equal(year.statusCode, 400);
      assert.deepEqual(year.json().invalidParams, [
        {
          name: 'year',
          reason: '`year` must be a reference year of a published release of `ashe-table14`',
          validValues: ['2022', '2023', '2024'],
        },
      ]);
      assert.match(year.json().detail, /Valid values of `year`: 2022, 2023, 2024\.$/);

      const editions = (await served.app.inject({ url: '/v1/meta/editions?source=ashe-table14' })).json<
        {
          id: string;
          status: string;
        }[]
      >();
      const pinnable = editions.filter((e) => e.status === 'published' || e.status === 'superseded').map((e) => e.id);
      assert.equal(pinnable.length, 3);
      const edition = await get('/v1/occupations/2134/pay?edition=not-a-uuid');
      assert.equal(edition.statusCode, 400);
      const [param] = edition.json().invalidParams;
      assert.equal(
        param.reason,
        '`edition` must be a uuid listed by /v1/meta/editions?source=ashe-table14 (a published or superseded release)',
      );
      assert.deepEqual(param.validValues, pinnable);
      assert.match(edition.json().detail, new RegExp(`Valid values of \`edition\`: ${pinnable.join(', ')}\\.$`));

      const regional = (await get('/v1/occupations/2134/pay?area=london&year=abc')).json();
      assert.equal(regional.status, 400);
      assert.match(
        regional.detail,
        /^`year` must be a reference year of a published release of `ashe-table15`, and none has been ingested yet/,
      );
    });

    it('answers 404 for a code that is not a unit group', async () => {
      const res = await get('/v1/occupations/213/pay');
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().type, '/problems/occupation-not-found');
      assert.equal((await get('/v1/occupations/9999/pay/series')).statusCode, 404);
    });

    it('answers 404 naming ASHE Table 15 for regional pay while no release of it is ingested, and never derives it', async () => {
      for (const url of [
        '/v1/occupations/2134/pay/regions',
        '/v1/occupations/2134/pay?area=london',
        '/v1/occupations/2134/pay/series?area=wales',
      ]) {
        const res = await get(url);
        assert.equal(res.statusCode, 404, url);
        assert.equal(res.json().type, '/problems/source-unavailable');
        assert.equal(res.json().source, 'ashe-table15');
        assert.match(res.json().detail, /Table 15/);
      }
      const sources = (await served.app.inject({ url: '/v1/meta/sources' })).json<
        {
          key: string;
          currentEdition: string | null;
        }[]
      >();
      assert.equal(sources.find((s) => s.key === 'ashe-table15')!.currentEdition, null);
      assert.equal(sources.find((s) => s.key === 'ashe-table14')!.currentEdition, 'ASHE Table 14, 2024 provisional');
    });

    it('needs a key', async () => {
      assert.equal((await served.app.inject({ url: '/v1/occupations/2134/pay' })).statusCode, 401);
    });
  });
}
