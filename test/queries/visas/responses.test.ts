import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WITHHELD } from '../../../src/domain/visas.js';
import { visaListResponse, visaResponse } from '../../../src/queries/visas/responses.js';
import { VISA_RELEASE as release } from '../../helpers/constructed-releases.js';

const provenance = {
  source: 'test',
  publisher: 'test',
  licence: 'test',
  edition: 'constructed in the test',
  published: null,
  url: 'https://example.org/',
};
const titleOf = (soc: string) => `Title of ${soc}`;

describe('visa responses from constructed figures', () => {
  it('sums the latest four quarters and ranks by grants, equal grants sharing a rank', () => {
    const body = visaResponse(release, '2134', 'Programmers', provenance);
    const { routes, nationalities, industries, ...year } = body.latestYear;
    assert.deepEqual(year, {
      from: '2024 Q4',
      to: '2025 Q3',
      applications: 190,
      grants: 160,
      rank: 2,
      occupationsRanked: 3,
    });
    assert.equal(visaResponse(release, '2231', 'x', provenance).latestYear.rank, 2, '160 grants each: both second');
    assert.equal(visaResponse(release, '6135', 'x', provenance).latestYear.rank, 1);
    assert.deepEqual(body.coverage.referencePeriod, '2024 Q4 to 2025 Q3');
    assert.equal(body.provenance, provenance);

    assert.deepEqual(routes, [
      { name: 'Skilled Worker', grants: 140, percent: 87.5 },
      { name: 'Global Business Mobility', grants: 20, percent: 12.5 },
    ]);
    assert.deepEqual(
      nationalities.map((n) => n.name),
      ['N01', 'N02', 'N03', 'N04', 'N05', 'N06', 'N07', 'N08', 'N09', 'N10'],
      'ten largest',
    );
    assert.deepEqual(nationalities[0], { name: 'N01', grants: 12, percent: 7.5 });
    assert.deepEqual(
      industries.map((n) => `${n.name} ${n.percent}`),
      ['I1 31.3', 'I2 25', 'I3 18.8', 'I4 12.5', 'I5 6.3'],
      'five largest, a tie broken by name',
    );
  });

  it('lists every quarter since 2024 Q4, zero where the occupation had no visas, with the provisional flag', () => {
    const { quarters } = visaResponse(release, '2134', 'Programmers', provenance);
    assert.deepEqual(quarters, [
      { period: '2024 Q4', year: 2024, quarter: 4, applications: 100, grants: 90, provisional: false },
      { period: '2025 Q1', year: 2025, quarter: 1, applications: 0, grants: 0, provisional: false },
      { period: '2025 Q2', year: 2025, quarter: 2, applications: 60, grants: 50, provisional: false },
      { period: '2025 Q3', year: 2025, quarter: 3, applications: 30, grants: 20, provisional: true },
    ]);
  });

  it('gives an occupation with applications but no grants no rank and no shares', () => {
    const year = visaResponse(release, '1111', 'Chief executives', provenance).latestYear;
    assert.deepEqual([year.applications, year.grants, year.rank, year.occupationsRanked], [5, 0, null, 3]);
    assert.deepEqual([year.routes, year.nationalities, year.industries], [[], [], []]);
    assert.equal(visaResponse(release, '9999', 'absent', provenance).latestYear.rank, null);
  });

  it('lists the occupations with a grant, most first, the first `limit`', () => {
    const list = visaListResponse(release, titleOf, 50, provenance);
    assert.deepEqual([list.from, list.to], ['2024 Q4', '2025 Q3']);
    assert.deepEqual(list.occupations, [
      { rank: 1, soc2020: '6135', title: 'Title of 6135', grants: 300, applications: 400 },
      { rank: 2, soc2020: '2134', title: 'Title of 2134', grants: 160, applications: 190 },
      { rank: 2, soc2020: '2231', title: 'Title of 2231', grants: 160, applications: 200 },
    ]);
    assert.deepEqual(
      visaListResponse(release, titleOf, 2, provenance).occupations.map((o) => o.soc2020),
      ['6135', '2134'],
    );
  });
});

describe('visa responses with withheld (`*`) categories', () => {
  const withheld = {
    ...release,
    figures: [...release.figures, { soc2020: WITHHELD, quarter: '2025 Q2', applications: 70, grants: 1000 }],
    breakdowns: [
      ...release.breakdowns,
      { soc2020: '2134', quarter: '2025 Q2', kind: 'nationality' as const, name: WITHHELD, grants: 16 },
    ],
  };

  it('counts a withheld unit group in no occupation and no rank, and says how many visas that leaves out', () => {
    const body = visaResponse(withheld, '2134', 'Programmers', provenance);
    assert.deepEqual([body.latestYear.rank, body.latestYear.occupationsRanked], [2, 3], 'as without them');
    assert.match(body.coverage.note, /withheld the unit group \(`\*`\) of 1,000 grants and 70 applications/);
    const list = visaListResponse(withheld, titleOf, 50, provenance);
    assert.deepEqual(
      list.occupations.map((o) => o.soc2020),
      ['6135', '2134', '2231'],
    );
    assert.match(list.coverage.note, /of 1,000 grants and 70 applications: they are counted in no occupation/);
    assert.doesNotMatch(visaResponse(release, '2134', 'x', provenance).coverage.note, /withheld the unit group/);
  });

  it('leaves a withheld nationality out of the shares, in percent of all the grants, and says so', () => {
    const body = visaResponse(withheld, '2134', 'Programmers', provenance);
    assert.ok(!body.latestYear.nationalities.some((n) => n.name === WITHHELD));
    assert.deepEqual(body.latestYear.nationalities[0], { name: 'N01', grants: 12, percent: 7.5 });
    assert.match(body.coverage.note, /The nationality of 16 of this occupation's grants was withheld/);
  });
});
