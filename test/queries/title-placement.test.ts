import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CodingIndexRecord } from '../../src/domain/soc.js';
import { placeByTitles, unitGroupsByTitle } from '../../src/queries/title-placement.js';

const record = (soc: string, naturalTitle: string, qualifier: string | null) =>
  ({ soc2020: soc, naturalTitle, qualifier }) as CodingIndexRecord;

describe('placing titles on unit groups', () => {
  const index = unitGroupsByTitle(
    new Map([
      ['2134', [record('2134', 'Software developer', null), record('2134', 'Team leader', 'software')]],
      ['7220', [record('7220', 'Team leader', 'call centre')]],
      ['5241', [record('5241', 'Electrician', null)]],
    ]),
  );

  it('places by title, then by alternative titles, on every unit group the index names for the title', () => {
    assert.deepEqual(placeByTitles(index, 'Software developers', ['Electrician'], { qualifiedAmongOthers: true }), [
      { soc2020: '2134', match: 'title', matchedTitle: 'Software developers', qualified: false },
      { soc2020: '5241', match: 'alternative title', matchedTitle: 'Electrician', qualified: false },
    ]);
    assert.deepEqual(
      placeByTitles(index, 'Team leader', [], { qualifiedAmongOthers: true })
        .map((p) => p.soc2020)
        .sort(),
      ['2134', '7220'],
    );
    assert.deepEqual(placeByTitles(index, 'Software develope', [], { qualifiedAmongOthers: true }), []);
  });

  it('leaves out unit groups the index gives a shared title only within an industry when asked to', () => {
    assert.deepEqual(placeByTitles(index, 'Team leader', [], { qualifiedAmongOthers: false }), []);
  });
});
