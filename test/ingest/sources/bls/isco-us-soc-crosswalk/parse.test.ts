import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readWorkbook } from '../../../../../src/ingest/formats/workbook-worker.js';
import {
  CROSSWALK_SHEET,
  parseIscoUsSocCrosswalk,
} from '../../../../../src/ingest/sources/bls/isco-us-soc-crosswalk/parse.js';
import { upstreamPath } from '../../../../helpers/upstream.js';

const real = (relative: string) => new Uint8Array(readFileSync(upstreamPath(relative)));

describe('BLS ISCO-08 to US SOC 2010 crosswalk parser', () => {
  it('reads the real BLS crosswalk: 1,125 pairs, codes trimmed, the date from the title block', async () => {
    const crosswalk = parseIscoUsSocCrosswalk(
      await readWorkbook(real('onet/ISCO_SOC_Crosswalk.xls'), { sheets: [CROSSWALK_SHEET] }),
    );
    assert.equal(crosswalk.dated, 'August 2012 (Updated June 2015)');
    assert.equal(crosswalk.links.length, 1125);
    assert.deepEqual(
      crosswalk.links.filter((l) => l.isco08 === '2512').map((l) => l.usSoc2010),
      ['15-1132', '15-1133'],
    );
    assert.ok(crosswalk.links.every((l) => /^\d{2}-\d{4}$/.test(l.usSoc2010)));
    assert.equal(crosswalk.links.find((l) => l.usSoc2010 === '55-1011')!.usSocTitle, 'Air Crew Officers');
  });
});
