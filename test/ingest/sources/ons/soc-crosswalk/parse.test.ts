import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readWorkbookSync, type Cell } from '../../../../../src/ingest/formats/workbook.js';
import { checkSocCrosswalk } from '../../../../../src/ingest/sources/ons/soc-crosswalk/checks.js';
import { parseSocCrosswalk } from '../../../../../src/ingest/sources/ons/soc-crosswalk/parse.js';
import { upstreamPath } from '../../../../helpers/upstream.js';

const FILE = upstreamPath('soc-crosswalk/ONS_SOC2010_SOC2020.xlsx');
const workbook = readWorkbookSync(new Uint8Array(readFileSync(FILE)));
const rows = Object.values(workbook.sheets)[0]!;

describe('the SOC 2010 to SOC 2020 relationship table (real file)', () => {
  const crosswalk = parseSocCrosswalk(workbook);

  it('reads every SOC 2010 group with its records and every destination with its shares', () => {
    assert.equal(crosswalk.bases.length, 369);
    assert.equal(crosswalk.links.length, rows.filter((r) => /^\d{4}:/.test(String(r[1] ?? ''))).length);
    assert.equal(new Set(crosswalk.links.map((l) => l.soc2020)).size, 412);
    assert.deepEqual(checkSocCrosswalk(crosswalk), []);
  });

  it('matches the cells of the sheet', () => {
    const at = rows.findIndex((r) => String(r[0] ?? '').startsWith('6145:'));
    const total = rows[at]!;
    assert.deepEqual(
      crosswalk.bases.find((b) => b.soc2010 === '6145'),
      {
        soc2010: '6145',
        title: String(total[0]).replace(/^6145:\s*/, ''),
        records: { menLfs: total[2], menCensus: total[4], womenLfs: total[6], womenCensus: total[8] },
      },
    );
    const destination = rows.slice(at + 1).find((r) => String(r[1] ?? '').startsWith('6135:'))!;
    const link = crosswalk.links.find((l) => l.soc2010 === '6145' && l.soc2020 === '6135')!;
    assert.deepEqual(link.shares, {
      menLfs: destination[3],
      menCensus: destination[5],
      womenLfs: destination[7],
      womenCensus: destination[9],
    });
    assert.equal(link.soc2020Title, 'Care workers and home carers');
  });

  it('refuses a layout it does not know, and a table that lost rows', () => {
    const renamed = rows.map((r, i) =>
      i === 0 ? r.map((c: Cell) => (c === 'women_census_perc_2020' ? 'women_census_share' : c)) : r,
    );
    assert.throws(
      () => parseSocCrosswalk({ ...workbook, sheets: { Sheet1: renamed } }),
      /no "women_census_perc_2020" column/,
    );
    const truncated = parseSocCrosswalk({ ...workbook, sheets: { Sheet1: rows.slice(0, 400) } });
    assert.ok(checkSocCrosswalk(truncated).some((c) => c.status === 'fail' && /SOC 2010 unit groups/.test(c.rule)));
  });
});
