import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CodingIndex, CodingIndexRecord } from '../../src/domain/soc.js';
import { aliasesThroughIsco } from '../../src/search/aliases.js';

let recordNumber = 0;
const record = (
  soc2020: string,
  naturalTitle: string,
  isco08: string,
  defaultFlag: string | null = null,
): CodingIndexRecord => ({
  uniqueId: String(++recordNumber),
  recordNumber,
  defaultFlag,
  soc2020,
  soc2020Extended: null,
  indexedTitle: naturalTitle,
  naturalTitle,
  add: null,
  ind: null,
  see: null,
  isco08,
  qualifier: null,
});

/** ISCO-08 1420 in a small index: 1150 holds 8 of its 10 records, 7129 one, 1259 one. */
const INDEX: CodingIndex = {
  abbreviations: [],
  records: [
    record('1150', 'Retail manager', '1420', 'O'),
    record('1150', 'Shop manager', '1420'),
    ...Array.from({ length: 6 }, (_, i) => record('1150', `Store manager ${i}`, '1420')),
    record('7129', 'Rental manager', '1420'),
    record('1259', 'Hire shop manager', '1420'),
    record('2231', 'Midwife', '2222'),
  ],
};

describe('aliasesThroughIsco', () => {
  it("leads a label to the unit groups holding its ISCO-08 group's records, with their shares, largest first", () => {
    const [alias] = aliasesThroughIsco(INDEX, [{ title: 'tobacco shop manager', isco08: '1420' }], 0.05);
    assert.deepEqual(
      alias!.groups.map((g) => [g.soc2020, g.share]),
      [
        ['1150', 0.8],
        ['1259', 0.1],
        ['7129', 0.1],
      ],
    );
  });

  it("reports the group's record closest in words to the label, the default entry on a tie", () => {
    const [tobacco, other] = aliasesThroughIsco(INDEX, [
      { title: 'tobacco shop manager', isco08: '1420' },
      { title: 'cigar seller', isco08: '1420' },
    ]);
    assert.equal(tobacco!.groups[0]!.record.naturalTitle, 'Shop manager');
    assert.equal(other!.groups[0]!.record.naturalTitle, 'Retail manager');
  });

  it('leaves out groups under the minimum share, and labels of ISCO-08 groups the index does not use', () => {
    const aliases = aliasesThroughIsco(
      INDEX,
      [
        { title: 'cigar seller', isco08: '1420' },
        { title: 'astronaut', isco08: '3153' },
      ],
      0.5,
    );
    assert.deepEqual(
      aliases.map((a) => [a.title, a.groups.map((g) => g.soc2020)]),
      [['cigar seller', ['1150']]],
    );
  });
});
