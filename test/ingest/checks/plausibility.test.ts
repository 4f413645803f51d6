import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { medianOf, plausibleAgainstPrevious, summary } from '../../../src/ingest/checks/plausibility.js';

/** The 2024 ASHE Table 14 figures its README gives: 40,788 rows, 358 published medians, all employees' median 31,602. */
const previous = {
  label: 'ASHE Table 14, 2024 provisional',
  summary: summary(
    { rows: 40_788, 'unit groups with a gross annual pay median': 358 },
    { 'median gross annual pay over unit groups': 31_602 },
  ),
};

describe('plausibility against the previous release', () => {
  it('passes a release like the previous one, and anything when there is no previous one', () => {
    const next = summary(
      { rows: 40_788, 'unit groups with a gross annual pay median': 340 },
      { 'median gross annual pay over unit groups': 33_000 },
    );
    assert.deepEqual(plausibleAgainstPrevious(next, previous), []);
    assert.deepEqual(plausibleAgainstPrevious(next, null), []);
  });

  it('fails figures rescaled x1000, naming the figure, both values, the factor and the previous release', () => {
    const [check, ...rest] = plausibleAgainstPrevious(
      summary({ rows: 40_788 }, { 'median gross annual pay over unit groups': 31_602_000 }),
      previous,
    );
    assert.equal(rest.length, 0);
    assert.equal(check!.status, 'fail');
    assert.equal(
      check!.rule,
      'median gross annual pay over unit groups moves by at most a factor of 3 from the previous release',
    );
    assert.equal(check!.observed, '31,602,000 against 31,602 in ASHE Table 14, 2024 provisional (x1,000)');
  });

  it('fails a count falling by more than the stated share, and lets counts grow', () => {
    const [check] = plausibleAgainstPrevious(
      summary({ rows: 20_394, 'unit groups with a gross annual pay median': 400 }),
      previous,
    );
    assert.equal(check!.rule, 'rows falls by at most 20% from the previous release');
    assert.equal(check!.observed, '20,394, down 50% from 40,788 in ASHE Table 14, 2024 provisional');
    assert.deepEqual(
      plausibleAgainstPrevious(summary({ rows: 20_394 }), previous, { maxLevelFactor: 3, maxCountDrop: 0.6 }),
      [],
      'a source may allow more',
    );
  });

  it('takes the median of the published figures, leaving withheld ones out', () => {
    assert.equal(medianOf([3, null, 1, 2]), 2);
    assert.equal(medianOf([4, 1, 3, 2]), 2.5);
    assert.equal(medianOf([null]), null);
  });
});
