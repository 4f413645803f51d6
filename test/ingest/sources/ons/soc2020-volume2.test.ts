import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readWorkbookSync } from '../../../../src/ingest/formats/workbook.js';
import { VERSION_SHEETS, volume2ReleaseLabel } from '../../../../src/ingest/sources/ons/soc2020-volume2.js';
import { alteredVolume2 } from '../../../helpers/upstream.js';

const labelOf = (bytes: Uint8Array) => volume2ReleaseLabel(readWorkbookSync(bytes, { sheets: VERSION_SHEETS }));

describe('the Volume 2 release name', () => {
  it("reads version 12 from the published workbook's Information sheet", () => {
    assert.equal(
      labelOf(alteredVolume2(() => {}, ['Information'])),
      'SOC 2020 Volume 2: the coding index, version 12 (16 April 2025)',
    );
  });

  // Version 14 (2026) names its version sheet INFO: known only from a third-party client's notes,
  // so the test builds that layout from the published workbook.
  it('reads version 14 from a sheet named INFO', () => {
    const bytes = alteredVolume2(
      (sheets) => {
        const rows = sheets['Information']!.map((row) =>
          row.map((cell) => (typeof cell === 'string' ? cell.replace(/^Version 12 Of/, 'Version 14 Of') : cell)),
        );
        rows.splice(25, 0, ['Version 14: 27 August 2026: Includes 475 new index entries']);
        delete sheets['Information'];
        sheets['INFO'] = rows;
      },
      ['Information'],
    );
    assert.equal(labelOf(bytes), 'SOC 2020 Volume 2: the coding index, version 14 (27 August 2026)');
  });

  it('refuses a workbook with neither version sheet, or one without the heading', () => {
    const renamed = alteredVolume2(
      (sheets) => {
        sheets['Notes'] = sheets['Information']!;
        delete sheets['Information'];
      },
      ['Information'],
    );
    assert.throws(() => labelOf(renamed), /no version sheet \(Information or INFO\)/);
    const headless = alteredVolume2(
      (sheets) => {
        sheets['INFO'] = [['Publication information']];
        delete sheets['Information'];
      },
      ['Information'],
    );
    assert.throws(() => labelOf(headless), /the INFO sheet has no "Version N Of/);
  });
});
