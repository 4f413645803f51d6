import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { UNITED_KINGDOM } from '../../../src/domain/areas.js';
import { WIDER_ADVERT_AREAS } from '../../../src/domain/job-adverts.js';
import {
  areaAdvertsResponse,
  jobAdvertListResponse,
  jobAdvertResponse,
  LocalAdvertIndex,
  localAdvertAreasResponse,
  localAdvertResponse,
} from '../../../src/queries/job-adverts/responses.js';
import {
  BATH,
  LEEDS,
  LONDON,
  localAdvertRelease,
  monthlyAdvertRelease,
  notices,
  YORK,
} from '../../helpers/constructed-releases.js';
import { rejectsWithProblem } from '../../helpers/problems.js';

const provenance = {
  source: 'test',
  publisher: 'test',
  licence: 'test',
  edition: 'constructed in the test',
  published: null,
  url: 'https://example.org/',
};
const titleOf = (soc: string) => `Title of ${soc}`;

describe('monthly job advert responses from constructed figures', () => {
  const release = monthlyAdvertRelease();

  it('totals the latest twelve published months, compares months published in both years, and ranks in the area', () => {
    const body = jobAdvertResponse(release, UNITED_KINGDOM, '2134', 'Programmers', provenance);
    assert.deepEqual(body.latestYear, {
      from: '2024-01',
      to: '2024-12',
      adverts: 1210,
      monthsSuppressed: 1,
      averagePerMonth: 110,
      changePercent: 10,
      rank: 2,
      occupationsRanked: 3,
    });
    assert.deepEqual(body.area, UNITED_KINGDOM);
    assert.deepEqual(body.notices, notices);
    assert.equal(body.coverage.referencePeriod, '2024-01 to 2024-12');

    const none = jobAdvertResponse(release, UNITED_KINGDOM, '6135', 'Care workers', provenance).latestYear;
    assert.deepEqual(
      [none.adverts, none.monthsSuppressed, none.averagePerMonth, none.changePercent, none.rank],
      [0, 12, null, null, 3],
      'all suppressed: no average, ranked last',
    );
    assert.equal(
      jobAdvertResponse(release, UNITED_KINGDOM, '2231', 'x', provenance).latestYear.changePercent,
      null,
      'no month published in both years',
    );
    assert.deepEqual(jobAdvertResponse(release, LONDON, '2134', 'x', provenance).latestYear.rank, 1);
  });

  it('lists every month since January 2017, null where suppressed or not published', () => {
    const { months } = jobAdvertResponse(release, UNITED_KINGDOM, '2134', 'Programmers', provenance);
    assert.equal(months.length, 8 * 12);
    assert.deepEqual(months[0], { month: '2017-01', adverts: null });
    assert.deepEqual(
      months.find((m) => m.month === '2024-03'),
      { month: '2024-03', adverts: null },
    );
    assert.deepEqual(months.at(-1), { month: '2024-12', adverts: 110 });
  });

  it('answers 404 for an occupation with no figures in the area', async () => {
    await rejectsWithProblem(
      Promise.resolve().then(() => jobAdvertResponse(release, LONDON, '2231', 'x', provenance)),
      'figure-not-found',
      /no figures for 2231 \(x\) in London/,
    );
  });

  it('lists the occupations of the area by average per month, the first `limit`', () => {
    const list = jobAdvertListResponse(release, UNITED_KINGDOM, titleOf, 2, provenance);
    assert.deepEqual([list.from, list.to], ['2024-01', '2024-12']);
    assert.deepEqual(list.occupations, [
      { rank: 1, soc2020: '2231', title: 'Title of 2231', adverts: 2400, averagePerMonth: 200, changePercent: null },
      { rank: 2, soc2020: '2134', title: 'Title of 2134', adverts: 1210, averagePerMonth: 110, changePercent: 10 },
    ]);
  });
});

describe('local job advert responses from constructed figures', () => {
  const index = new LocalAdvertIndex(localAdvertRelease());

  it("works out an occupation's year in an area: published quarters only, per thousand of the area's adverts, concentration against the UK", () => {
    // per thousand and concentration over Q1, Q3, Q4 (Q2 suppressed): 180 of 3,000 adverts locally is 60 per thousand;
    // 6,000 of 300,000 in the UK is a share of 0.02, so 0.06 / 0.02 = 3
    assert.deepEqual(index.year(LEEDS.code, '2134'), {
      from: '2024 Q1',
      to: '2024 Q4',
      adverts: 180,
      quartersSuppressed: 1,
      averagePerQuarter: 60,
      perThousand: 60,
      concentration: 3,
    });
    assert.deepEqual(
      index.year(LEEDS.code, '2231'),
      {
        from: '2024 Q1',
        to: '2024 Q4',
        adverts: 400,
        quartersSuppressed: 0,
        averagePerQuarter: 100,
        perThousand: 100,
        concentration: null,
      },
      'no UK figures to compare with',
    );
    assert.equal(index.changePercent(LEEDS.code, '2134'), 33.3, 'Q1 and Q4 published in both years: 120 against 90');
    assert.equal(index.changePercent(LEEDS.code, '2231'), null);
  });

  it('lists the areas with adverts for an occupation, most first', () => {
    const body = localAdvertAreasResponse(index, [BATH, LEEDS, YORK], '2134', 'Programmers', provenance);
    assert.deepEqual(
      body.areas.map((a) => `${a.rank} ${a.area.slug} ${a.latestYear.averagePerQuarter}`),
      ['1 leeds 60', '2 york 10'],
    );
    assert.deepEqual(
      localAdvertAreasResponse(index, [BATH, LEEDS, YORK], '2231', 'x', provenance).areas.map((a) => a.area.slug),
      ['leeds'],
      'York: every quarter suppressed, so no adverts',
    );
    assert.equal(body.coverage.referencePeriod, '2024 Q1 to 2024 Q4');
  });

  it('gives an occupation in one area with its rank there and the last twelve quarters', () => {
    const body = localAdvertResponse(index, LEEDS, '2134', 'Programmers', provenance);
    assert.deepEqual([body.rank, body.occupationsRanked, body.changePercent], [2, 2, 33.3]);
    assert.equal(body.quarters.length, 12);
    assert.deepEqual(body.quarters[0], { quarter: '2022 Q1', adverts: null });
    assert.deepEqual(
      body.quarters.slice(-4).map((q) => q.adverts),
      [50, null, 60, 70],
    );
    assert.throws(
      () => localAdvertResponse(index, BATH, '2134', 'Programmers', provenance),
      /no figures for 2134 \(Programmers\) in Bath/,
    );
  });

  it("gives an area's adverts, all and by occupation, most first, the first `limit`", () => {
    const body = areaAdvertsResponse(index, LEEDS, titleOf, 50, provenance);
    assert.deepEqual(body.allOccupations, {
      from: '2024 Q1',
      to: '2024 Q4',
      adverts: 4000,
      quartersSuppressed: 0,
      averagePerQuarter: 1000,
      perThousand: 1000,
      concentration: 1,
    });
    assert.deepEqual(
      body.occupations.map((o) => `${o.rank} ${o.soc2020} ${o.changePercent}`),
      ['1 2231 null', '2 2134 33.3'],
    );
    assert.equal(body.occupations[0]!.title, 'Title of 2231');
    assert.deepEqual(
      areaAdvertsResponse(index, LEEDS, titleOf, 1, provenance).occupations.map((o) => o.soc2020),
      ['2231'],
    );
    assert.throws(() => areaAdvertsResponse(index, BATH, titleOf, 50, provenance), /no figures for Bath/);
    const uk = areaAdvertsResponse(index, WIDER_ADVERT_AREAS[0]!, titleOf, 50, provenance);
    assert.deepEqual(
      [
        uk.area.slug,
        uk.allOccupations.adverts,
        uk.occupations[0]!.soc2020,
        uk.occupations[0]!.latestYear.concentration,
      ],
      ['uk', 400_000, '2134', 1],
    );
  });
});
