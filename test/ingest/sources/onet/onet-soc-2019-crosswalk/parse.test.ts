import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readWorkbook } from '../../../../../src/ingest/formats/workbook-worker.js';
import { onetSoc2019CrosswalkSource } from '../../../../../src/ingest/sources/onet/onet-soc-2019-crosswalk/descriptor.js';
import { parseOnetSoc2019Crosswalk } from '../../../../../src/ingest/sources/onet/onet-soc-2019-crosswalk/parse.js';
import { upstreamPath } from '../../../../helpers/upstream.js';

const real = (relative: string) => new Uint8Array(readFileSync(upstreamPath(relative)));

describe('O*NET-SOC 2010 to O*NET-SOC 2019 crosswalk parser', () => {
  it('reads the real crosswalk below its title block: 1,164 rows, 1,110 O*NET-SOC 2010 to 1,012 O*NET-SOC 2019 occupations, splits and mergers kept', async () => {
    const links = parseOnetSoc2019Crosswalk(await readWorkbook(real('onet-taxonomy/2010_to_2019_Crosswalk.xlsx')));
    assert.equal(links.length, 1164);
    assert.equal(new Set(links.map((l) => l.onetSoc2010)).size, 1110);
    assert.equal(new Set(links.map((l) => l.onetSoc2019)).size, 1012);
    // 2010's two software developer codes merge into 15-1252.00; no row repeats.
    assert.deepEqual(
      links
        .filter((l) => l.onetSoc2019 === '15-1252.00')
        .map((l) => l.onetSoc2010)
        .sort(),
      ['15-1132.00', '15-1133.00'],
    );
    assert.deepEqual(
      links.find((l) => l.onetSoc2010 === '55-3017.00'),
      {
        onetSoc2010: '55-3017.00',
        onetSoc2019: '17-3029.00',
        onetSoc2019Title: 'Engineering Technologists and Technicians, Except Drafters, All Other',
      },
    );
    assert.ok(
      links.some((l) => links.filter((m) => m.onetSoc2010 === l.onetSoc2010).length > 1),
      'some 2010 occupation is split',
    );
    assert.deepEqual(
      onetSoc2019CrosswalkSource.check(links, { label: '', seriesKey: null, location: { mirrorPath: '', url: '' } }),
      [],
    );
  });

  it('refuses a workbook without the header', async () => {
    assert.throws(
      () =>
        parseOnetSoc2019Crosswalk({
          sheetNames: ['x'],
          sheets: {
            x: [
              ['O*NET-SOC 2010 Code', 'Title'],
              ['11-1011.00', 'Chief Executives'],
            ],
          },
        }),
      /no header row with "O\*NET-SOC 2010 Code", "O\*NET-SOC 2019 Code"/,
    );
  });
});
