import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { describeDiff, describeQuarantine, diffEditions } from '../../src/domain/changes.js';

const release = (
  label: string,
  rowsStored: number | null,
  counts: Record<string, number>,
  levels: Record<string, number>,
) => ({
  id: label,
  label,
  rowsStored,
  summary: { counts, levels },
});

describe('what an edition changed', () => {
  it('names a first release as such', () => {
    const diff = diffEditions(null, release('2024', 40788, { unitGroups: 412 }, {}));
    assert.equal(diff.previous, null);
    assert.equal(describeDiff(diff), 'First release of the source read: 40,788 rows.');
  });

  it('gives rows added, counts and headline figures that changed, with the change in percent', () => {
    const diff = diffEditions(
      release('2023', 40000, { unitGroups: 410, withheld: 12 }, { medianAnnualPay: 35000, medianHours: 37.5 }),
      release('2024', 40788, { unitGroups: 412, withheld: 12 }, { medianAnnualPay: 36085, medianHours: 37.5 }),
    );
    assert.deepEqual(diff.counts, [{ name: 'unitGroups', before: 410, after: 412 }]);
    assert.deepEqual(diff.levels, [{ name: 'medianAnnualPay', before: 35000, after: 36085 }]);
    assert.equal(
      describeDiff(diff),
      '40,788 rows, 788 more than 2023. counts: unit groups 410 → 412 (+0.5%). headline figures: median annual pay 35,000 → 36,085 (+3.1%).',
    );
  });

  it('says when no headline figure changed, and fewer rows', () => {
    const diff = diffEditions(release('a', 10, {}, { level: 1 }), release('b', 8, {}, { level: 1 }));
    assert.equal(describeDiff(diff), '8 rows, 2 fewer than a. no headline figure changed.');
  });

  it('names a figure that is new or no longer given', () => {
    const diff = diffEditions(release('a', 1, { gone: 3 }, {}), release('b', 1, { added: 5 }, {}));
    assert.match(describeDiff(diff), /counts: added 5 \(new\); gone no longer given \(was 3\)/);
  });

  it('says why a release was held back: its failed checks, not its warnings', () => {
    assert.equal(
      describeQuarantine([
        { rule: 'the median moved less than 3x', status: 'fail', observed: 'x4.2' },
        { rule: 'a warning', status: 'warn', observed: null },
      ]),
      'Held back, not served: the median moved less than 3x (x4.2). The previous release keeps serving.',
    );
  });
});
