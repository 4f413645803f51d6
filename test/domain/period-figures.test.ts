import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  changeOverPublishedPairs,
  rankDescending,
  rounded,
  summarisePeriods,
} from '../../src/domain/period-figures.js';

describe('figures over periods with suppressed ones', () => {
  it('totals and averages the published periods only, counting the suppressed ones', () => {
    assert.deepEqual(summarisePeriods([10, null, 30, 20]), { total: 60, suppressed: 1, average: 20 });
    assert.deepEqual(summarisePeriods([null, null]), { total: 0, suppressed: 2, average: null });
    assert.deepEqual(summarisePeriods([0, 0]), { total: 0, suppressed: 0, average: 0 }, 'a published zero is a zero');
  });

  it('compares only the periods published in both runs', () => {
    // pairs: (110,100) and (130,100) count; the second pair has a suppressed earlier figure, the fourth a suppressed later one
    assert.equal(changeOverPublishedPairs([110, 500, 130, null], [100, null, 100, 100]), 20);
    assert.equal(changeOverPublishedPairs([null, 5], [5, null]), null, 'no period published in both');
    assert.equal(changeOverPublishedPairs([5], [0]), null, 'nothing to compare against');
    assert.throws(() => changeOverPublishedPairs([1, 2], [1]), /align/);
  });

  it('ranks largest first, equal figures sharing a rank, unknown figures last', () => {
    const items = [
      { code: 'a', n: 5 },
      { code: 'b', n: null },
      { code: 'c', n: 9 },
      { code: 'd', n: 5 },
      { code: 'e', n: 1 },
    ];
    const ranked = rankDescending(
      items,
      (i) => i.n,
      (x, y) => x.code.localeCompare(y.code),
    );
    assert.deepEqual(
      ranked.map((r) => `${r.item.code}${r.rank}`),
      ['c1', 'a2', 'd2', 'e4', 'b5'],
    );
  });

  it('rounds, keeping null', () => {
    assert.equal(rounded(33.3333), 33.3);
    assert.equal(rounded(2.345, 2), 2.35);
    assert.equal(rounded(null), null);
  });
});
