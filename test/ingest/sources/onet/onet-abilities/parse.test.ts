import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkOnetAbilities, parseOnetAbilities } from '../../../../../src/ingest/sources/onet/onet-abilities/parse.js';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/** O*NET's documented Abilities.txt layout: the Interests.txt columns plus N, SE, CI, Recommend Suppress, Not Relevant. */
const ABILITIES_HEADER =
  'O*NET-SOC Code\tElement ID\tElement Name\tScale ID\tData Value\tN\tStandard Error\tLower CI Bound\tUpper CI Bound\tRecommend Suppress\tNot Relevant\tDate\tDomain Source';

describe('O*NET Abilities parser (no real file in the mirror: its documented layout)', () => {
  it('reads Abilities.txt in its documented layout: importance (IM) only, suppressed ratings left out', () => {
    const text = [
      ABILITIES_HEADER,
      '29-1161.00\t1.A.1.a.1\tOral Comprehension\tIM\t4.12\t8\t0.12\t3.88\t4.37\tN\tn/a\t08/2023\tAnalyst',
      '29-1161.00\t1.A.1.a.1\tOral Comprehension\tLV\t4.50\t8\t0.19\t4.12\t4.88\tN\tN\t08/2023\tAnalyst',
      '29-1161.00\t1.A.1.a.2\tWritten Comprehension\tIM\t3.88\t8\t0.12\t3.63\t4.12\tN\tn/a\t08/2023\tAnalyst',
      '29-1161.00\t1.A.4.b.5\tSound Localization\tIM\t1.25\t8\t0.60\t0.05\t2.45\tY\tn/a\t08/2023\tAnalyst',
    ].join('\r\n');
    const ratings = parseOnetAbilities(bytes(text));
    assert.deepEqual(
      ratings.map((r) => [r.elementName, r.value]),
      [
        ['Oral Comprehension', 4.12],
        ['Written Comprehension', 3.88],
      ],
    );
    assert.deepEqual(checkOnetAbilities(ratings), []);
    assert.ok(
      checkOnetAbilities(parseOnetAbilities(bytes(text.replace('\tIM\t3.88', '\tIM\t5.88')))).some(
        (c) => c.status === 'fail',
      ),
    );
    assert.throws(
      () => parseOnetAbilities(bytes(text.replace('29-1161.00\t1.A.1.a.2', '29-1161\t1.A.1.a.2'))),
      /not an O\*NET-SOC code/,
    );
  });
});
