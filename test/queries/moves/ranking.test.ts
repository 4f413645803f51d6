import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RANKING, rankScore, shortlistOf, structuralScore } from '../../../src/queries/moves/ranking.js';

const candidate = (soc: string, closeness: number, sharedRoutes = 0, entryBarrier = false) => ({
  soc,
  closeness,
  sharedRoutes,
  entryBarrier,
});

describe('move ranking', () => {
  it('raises a target in the same SOC minor group, else the same sub-major group, and one sharing a route in', () => {
    const r = { ...RANKING, closenessPower: 1, sameMinorBonus: 1, sameSubMajorBonus: 0.5, sharedRouteBonus: 0.25 };
    assert.equal(structuralScore('6135', candidate('6131', 0.2), r), 0.4);
    assert.ok(Math.abs(structuralScore('6135', candidate('6145', 0.2), r) - 0.3) < 1e-9);
    assert.equal(structuralScore('6135', candidate('3221', 0.2), r), 0.2);
    assert.equal(structuralScore('6135', candidate('3221', 0.2, 2), r), 0.25);
  });

  it('scores a target across an entry barrier 0, whatever its closeness, so it is never shortlisted first', () => {
    assert.equal(structuralScore('2255', candidate('2253', 0.9, 1, true), RANKING), 0);
    const list = shortlistOf('2255', [candidate('2253', 0.9, 0, true), candidate('3213', 0.1)], RANKING);
    assert.deepEqual(
      list.map((c) => c.soc),
      ['3213', '2253'],
    );
  });

  it('shortlists the best by the structural score, ties by code', () => {
    const list = shortlistOf('8211', [candidate('9111', 0.3), candidate('8212', 0.2), candidate('7111', 0.3)], {
      ...RANKING,
      shortlist: 2,
    });
    assert.deepEqual(
      list.map((c) => c.soc),
      RANKING.sameMinorBonus >= 0.5 ? ['8212', '7111'] : ['7111', '9111'],
    );
  });

  it('ranks a pay cut down in proportion, a rise up, a leap of more than double down again, and leaves a withheld figure out of the score', () => {
    const r = { ...RANKING, payCutFrom: 1, payRiseBonus: 0.5, jobsPower: 0.2 };
    assert.equal(rankScore(1, { payRatio: 0.5, jobsThousands: null }, r), 0.5);
    assert.equal(rankScore(1, { payRatio: 0.49, jobsThousands: null }, r), 0, 'halving the pay is no move');
    assert.equal(rankScore(1, { payRatio: 1.2, jobsThousands: null }, r), 1.5);
    assert.equal(rankScore(1, { payRatio: null, jobsThousands: null }, r), 1);
    assert.equal(rankScore(1, { payRatio: null, jobsThousands: 100 }, r), 1);
    const leap = { ...r, payCutFrom: 1.5, payRiseBonus: 2, payLeapFrom: 2 };
    assert.equal(rankScore(1, { payRatio: 1.5, jobsThousands: null }, leap), 3);
    assert.equal(rankScore(1, { payRatio: 3, jobsThousands: null }, leap), 2);
    assert.ok(
      rankScore(1, { payRatio: null, jobsThousands: 400 }, r) > rankScore(1, { payRatio: null, jobsThousands: 20 }, r),
    );
  });
});
