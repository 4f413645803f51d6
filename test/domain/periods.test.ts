import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  compareQuarters,
  monthsFrom,
  parseQuarter,
  periodsEndingWith,
  quartersFrom,
  shiftMonth,
  shiftQuarter,
} from '../../src/domain/periods.js';

describe('quarters and months', () => {
  it('moves across year ends both ways', () => {
    assert.equal(shiftQuarter('2024 Q4', 1), '2025 Q1');
    assert.equal(shiftQuarter('2025 Q1', -4), '2024 Q1');
    assert.equal(shiftQuarter('2025 Q2', -6), '2023 Q4');
    assert.equal(shiftMonth('2024-12', 1), '2025-01');
    assert.equal(shiftMonth('2025-01', -12), '2024-01');
    assert.equal(shiftMonth('2017-03', -3), '2016-12');
  });

  it('lists every period of a range, oldest first, and none for a range the wrong way round', () => {
    assert.deepEqual(quartersFrom('2024 Q3', '2025 Q2'), ['2024 Q3', '2024 Q4', '2025 Q1', '2025 Q2']);
    assert.deepEqual(quartersFrom('2025 Q2', '2024 Q3'), []);
    assert.deepEqual(monthsFrom('2016-11', '2017-02'), ['2016-11', '2016-12', '2017-01', '2017-02']);
    assert.deepEqual(periodsEndingWith('2025 Q1', 4, shiftQuarter), ['2024 Q2', '2024 Q3', '2024 Q4', '2025 Q1']);
    assert.deepEqual(periodsEndingWith('2025-02', 3, shiftMonth), ['2024-12', '2025-01', '2025-02']);
  });

  it('reads and orders quarters, refusing any other form', () => {
    assert.deepEqual(parseQuarter('2024 Q4'), { year: 2024, quarter: 4 });
    assert.ok(compareQuarters('2024 Q4', '2025 Q1') < 0);
    assert.equal(compareQuarters('2025 Q1', '2025 Q1'), 0);
    assert.throws(() => parseQuarter('2024Q4'), /not a quarter/);
    assert.throws(() => parseQuarter('2024 Q5'), /not a quarter/);
    assert.throws(() => shiftMonth('2024-13', 1), /not a month/);
  });
});
