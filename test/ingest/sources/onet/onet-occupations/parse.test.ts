import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseOnetOccupations } from '../../../../../src/ingest/sources/onet/onet-occupations/parse.js';
import { upstreamPath } from '../../../../helpers/upstream.js';

const real = (relative: string) => new Uint8Array(readFileSync(upstreamPath(relative)));

describe('O*NET Occupation Data parser', () => {
  it('reads the real Occupation Data.txt: 1,016 O*NET-SOC 2019 occupations', () => {
    const occupations = parseOnetOccupations(real('onet/Occupation Data.txt'));
    assert.equal(occupations.length, 1016);
    assert.deepEqual(
      occupations.find((o) => o.code === '15-1252.00'),
      { code: '15-1252.00', title: 'Software Developers' },
    );
  });
});
