import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { unzipSync, zipSync } from 'fflate';
import { everyExpectedPresent } from '../../../src/ingest/checks/expected-parts.js';
import { statedPeriodMatches } from '../../../src/ingest/checks/reference-period.js';
import { unzipAsheWorkbooks } from '../../../src/ingest/sources/ons/ashe-layout.js';
import { upstreamPath } from '../../helpers/upstream.js';

describe('the reference period and status stated inside the files', () => {
  const stated = unzipAsheWorkbooks(
    new Uint8Array(readFileSync(upstreamPath('ashe-table14/ashetable142023provisional.zip'))),
    14,
    true,
  ).stated;

  it('reads the year from each workbook name of the real 2023 ASHE zip', () => {
    assert.equal(stated.length, 22);
    assert.ok(stated.every((s) => s.period === '2023'));
  });

  it('passes the release it is, and fails the 2023 zip claimed as 2024, naming where the file says otherwise', () => {
    assert.deepEqual(statedPeriodMatches('2023', stated), []);
    const [check] = statedPeriodMatches('2024', stated);
    assert.equal(check!.rule, "the reference year stated inside the files is the release's (2024)");
    assert.match(
      check!.observed!,
      /^2023 in 22 of 22 places, e\.g\. the workbook "PROV - Occupation SOC20 \(4\) Table 14\.\d+[ab] .* 2023( CV)?\.xls"$/,
    );
  });

  it("refuses workbooks whose names say another status than the release's: PROV - in a revised zip, none in a provisional one", () => {
    const real = new Uint8Array(readFileSync(upstreamPath('ashe-table14/ashetable142023provisional.zip')));
    assert.throws(
      () => unzipAsheWorkbooks(real, 14, false),
      /the workbook "PROV - Occupation SOC20 \(4\) Table 14\.\d+[ab] .*" is marked provisional \("PROV - "\) in a revised release/,
    );
    const unmarked = zipSync(
      Object.fromEntries(Object.entries(unzipSync(real)).map(([name, bytes]) => [name.replace('PROV - ', ''), bytes])),
      { level: 0 },
    );
    assert.throws(
      () => unzipAsheWorkbooks(unmarked, 14, true),
      /the workbook "Occupation SOC20 \(4\) Table 14\.\d+[ab] .*" is not marked "PROV - " as a provisional release's workbooks are/,
    );
    assert.equal(unzipAsheWorkbooks(unmarked, 14, false).stated.length, 22);
  });

  it('fails a release whose files state no period at all', () => {
    assert.equal(statedPeriodMatches('2024', [])[0]!.observed, 'the files state no reference year');
  });
});

describe('every expected part present', () => {
  it('names what is missing and what was found instead', () => {
    assert.deepEqual(everyExpectedPresent('year sheet', ['2021', '2022'], ['2021', '2022', 'Notes']), []);
    const [check] = everyExpectedPresent(
      'year sheet',
      ['2021', '2022', '2023', '2024'],
      ['2021', '2022', '2023', '2024 (revised)'],
    );
    assert.deepEqual(check, {
      rule: 'every expected year sheet is present (2021, 2022, 2023, 2024)',
      status: 'fail',
      observed: 'missing: 2024; found: 2021, 2022, 2023, 2024 (revised)',
    });
  });
});
