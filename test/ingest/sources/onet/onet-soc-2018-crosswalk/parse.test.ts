import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readWorkbook } from '../../../../../src/ingest/formats/workbook-worker.js';
import { onetSoc2018CrosswalkSource } from '../../../../../src/ingest/sources/onet/onet-soc-2018-crosswalk/descriptor.js';
import { parseOnetSoc2018Crosswalk } from '../../../../../src/ingest/sources/onet/onet-soc-2018-crosswalk/parse.js';
import { upstreamPath } from '../../../../helpers/upstream.js';

const real = (relative: string) => new Uint8Array(readFileSync(upstreamPath(relative)));

describe('O*NET-SOC 2019 to 2018 SOC crosswalk parser', () => {
  it('reads the real crosswalk below its title block: 1,016 O*NET-SOC 2019 occupations in 867 2018 SOC occupations', async () => {
    const links = parseOnetSoc2018Crosswalk(await readWorkbook(real('onet-taxonomy/2019_to_SOC_Crosswalk.xlsx')));
    assert.equal(links.length, 1016);
    assert.equal(new Set(links.map((l) => l.usSoc2018)).size, 867);
    assert.deepEqual(
      links.filter((l) => l.usSoc2018 === '29-9099').map((l) => l.onetSoc2019),
      ['29-9099.00', '29-9099.01'],
    );
    assert.deepEqual(
      links.find((l) => l.onetSoc2019 === '11-1011.03'),
      {
        onetSoc2019: '11-1011.03',
        onetTitle: 'Chief Sustainability Officers',
        usSoc2018: '11-1011',
        usSoc2018Title: 'Chief Executives',
      },
    );
    assert.deepEqual(
      onetSoc2018CrosswalkSource.check(links, { label: '', seriesKey: null, location: { mirrorPath: '', url: '' } }),
      [],
    );
  });

  it('refuses a row whose 2018 SOC code is not a six-digit code', async () => {
    const sheet = [
      ['Crosswalk O*NET-SOC 2019 to 2018 SOC'],
      [],
      ['O*NET-SOC 2019 Code', 'O*NET-SOC 2019 Title', '2018 SOC Code', '2018 SOC Title'],
      ['11-1011.00', 'Chief Executives', '11-10', 'Chief Executives'],
    ];
    assert.throws(
      () => parseOnetSoc2018Crosswalk({ sheetNames: ['x'], sheets: { x: sheet } }),
      /row 4: 2018 SOC Code "11-10"/,
    );
  });
});
