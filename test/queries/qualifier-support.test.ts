import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CodingIndexRecord } from '../../src/domain/soc.js';
import { contentWords } from '../../src/search/text-vectors.js';
import {
  entriesByTitle,
  MIN_QUALIFIER_SUPPORT,
  qualifierIdf,
  qualifierSupport,
} from '../../src/queries/qualifier-support.js';

const record = (n: number, title: string, soc: string, add: string | null, ind: string | null): CodingIndexRecord => ({
  uniqueId: String(n),
  recordNumber: n,
  defaultFlag: null,
  soc2020: soc,
  soc2020Extended: `${soc}/00`,
  indexedTitle: title,
  naturalTitle: title,
  add,
  ind,
  see: null,
  isco08: null,
  qualifier: [add, ind].filter(Boolean).join('; ') || null,
});

const records = [
  record(1, 'Cleaner', '9223', null, null),
  record(2, 'Cleaner', '8132', null, 'coal mine'),
  record(3, 'Chief inspector', '1162', null, 'police service'),
  record(4, 'Chief inspector', '3532', null, 'insurance'),
  record(5, 'Inspector', '3581', null, 'manufacturing'),
  record(6, 'Engineer', '2122', null, 'manufacturing'),
];

describe('qualifier support', () => {
  const idf = qualifierIdf(records);
  const words = (text: string) => new Set(contentWords(text));

  it('is 1 for an unqualified entry', () => {
    assert.equal(qualifierSupport(records[0]!, words('offices'), idf), 1);
  });

  it("counts a qualified entry only when the subject's own words are about its context", () => {
    assert.equal(qualifierSupport(records[1]!, words('Cleaner: cleaning offices and schools'), idf), 0);
    const police = words('Chief inspector: leads policing in a police service area');
    assert.equal(qualifierSupport(records[2]!, police, idf), 1);
    assert.ok(qualifierSupport(records[2]!, words('Chief inspector: leads a police team'), idf) < 1);
    assert.ok(qualifierSupport(records[3]!, police, idf) < MIN_QUALIFIER_SUPPORT);
  });

  it('weights a rare qualifier word above a common one', () => {
    const idfMine = qualifierIdf([...records, record(7, 'Miner', '8132', null, 'mine')]);
    const mineOnly = qualifierSupport(records[1]!, words('works in a mine'), idfMine);
    const coalOnly = qualifierSupport(records[1]!, words('sells coal'), idfMine);
    assert.ok(mineOnly < coalOnly, `${mineOnly} < ${coalOnly}: "mine" is in two qualifiers, "coal" in one`);
  });

  it('indexes entries by exact title, qualified ones included', () => {
    const byTitle = entriesByTitle(records);
    assert.deepEqual(
      byTitle.get('cleaner')?.map((r) => r.soc2020),
      ['9223', '8132'],
    );
  });
});
