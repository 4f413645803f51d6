import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkOnetInterests, parseOnetInterests } from '../../../../../src/ingest/sources/onet/onet-interests/parse.js';
import { upstreamPath } from '../../../../helpers/upstream.js';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const real = (relative: string) => new Uint8Array(readFileSync(upstreamPath(relative)));

describe('O*NET Interests parser', () => {
  it('reads the real Interests.txt: 923 occupations, six OI scores each, the IH rows left out', () => {
    const ratings = parseOnetInterests(real('onet/Interests.txt'));
    assert.equal(ratings.length, 923 * 6);
    assert.deepEqual(checkOnetInterests(ratings), []);
    const chiefExecutives = ratings.filter((r) => r.code === '11-1011.00');
    assert.deepEqual(
      chiefExecutives.map((r) => [r.elementName, r.value]),
      [
        ['Realistic', 1.26],
        ['Investigative', 3.05],
        ['Artistic', 2.16],
        ['Social', 3.54],
        ['Enterprising', 6.96],
        ['Conventional', 4.97],
      ],
    );
  });

  it('fails the checks when an interest score is outside 1 to 7 or an occupation lacks one', () => {
    const text = [
      'O*NET-SOC Code\tElement ID\tElement Name\tScale ID\tData Value\tDate\tDomain Source',
      ...['Realistic', 'Investigative', 'Artistic', 'Social', 'Enterprising'].map(
        (name, i) =>
          `11-1011.00\t1.B.1.${'abcde'[i]}\t${name}\tOI\t${i === 0 ? '7.50' : '3.00'}\t02/2026\tMachine Learning`,
      ),
    ].join('\r\n');
    const rules = checkOnetInterests(parseOnetInterests(bytes(text))).map((c) => c.rule);
    assert.ok(rules.some((r) => /between 1 and 7/.test(r)));
    assert.ok(rules.some((r) => /all six interests/.test(r)));
  });
});
