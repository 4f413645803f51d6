import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { demandListResponse, demandResponse } from '../../../src/queries/demand/responses.js';
import { DEMAND_RELEASE as release } from '../../helpers/constructed-releases.js';
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

describe('demand responses from constructed figures', () => {
  it("gives the occupation's latest year and the year before, indicators in the spec's order", () => {
    const body = demandResponse(release, '2134', 'Programmers', provenance);
    assert.deepEqual([body.latest.year, body.latest.level, body.latest.demandIndex], [2025, 'critical', 1.8]);
    assert.deepEqual(
      body.latest.indicators.map((i) => `${i.indicator}:${i.signal}`),
      [
        'visa_grants:critical',
        'online_job_adverts:elevated',
        'wage_growth:none',
        'wage_premium:none',
        'hours_worked:elevated',
      ],
    );
    assert.equal(body.latest.imputation, 'imputed wage growth');
    assert.deepEqual([body.previous?.year, body.previous?.level], [2024, 'elevated']);
    assert.equal(demandResponse(release, '6135', 'Care workers', provenance).previous, null, 'not re-assessed');
    assert.match(body.definitions, /demandIndex is the average of the five indicators/);
  });

  it('answers 404 for an occupation the assessment leaves out', async () => {
    await rejectsWithProblem(
      Promise.resolve().then(() => demandResponse(release, '1111', 'Chief executives', provenance)),
      'figure-not-found',
      /does not assess 1111/,
    );
  });

  it('lists critical and elevated by default, highest index first (none last), or one level', () => {
    const list = demandListResponse(release, titleOf, undefined, provenance);
    assert.equal(list.year, 2025);
    assert.deepEqual(
      list.occupations.map((o) => `${o.soc2020} ${o.level} ${o.demandIndex}`),
      ['2134 critical 1.8', '6135 elevated 0.7', '2231 elevated null'],
    );
    assert.deepEqual(list.occupations[0], {
      soc2020: '2134',
      title: 'Title of 2134',
      level: 'critical',
      demandIndex: 1.8,
      indicatorsInDemand: 3,
      workers: 1000,
    });
    assert.equal(list.occupations[1]!.indicatorsInDemand, 1);
    assert.deepEqual(
      demandListResponse(release, titleOf, 'not_in_high_demand', provenance).occupations.map((o) => o.soc2020),
      ['9111'],
    );
    assert.deepEqual(
      demandListResponse(release, titleOf, 'critical', provenance).occupations.map((o) => o.soc2020),
      ['2134'],
      'the 2024 assessment is not listed',
    );
  });
});
