import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readWorkbook } from '../../../../../src/ingest/formats/workbook-worker.js';
import { parseOnetSoc2010Crosswalk } from '../../../../../src/ingest/sources/onet/onet-soc-2010-crosswalk/parse.js';
import { upstreamPath } from '../../../../helpers/upstream.js';

const real = (relative: string) => new Uint8Array(readFileSync(upstreamPath(relative)));

describe('O*NET-SOC 2010 to US SOC 2010 crosswalk parser', () => {
  it('reads the real O*NET-SOC 2010 crosswalk: 1,110 occupations', async () => {
    const links = parseOnetSoc2010Crosswalk(await readWorkbook(real('onet/ONET_to_US2010SOC.xlsx')));
    assert.equal(links.length, 1110);
    assert.deepEqual(
      links.find((l) => l.onetSoc2010 === '15-1132.00'),
      { onetSoc2010: '15-1132.00', onetTitle: 'Software Developers, Applications', usSoc2010: '15-1132' },
    );
  });
});
