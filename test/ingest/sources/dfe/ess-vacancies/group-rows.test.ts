import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseEssVacancies } from '../../../../../src/ingest/sources/dfe/ess-vacancies/parse.js';
import { essLines } from '../../../../helpers/vacancy-sources.js';

/**
 * Minor, sub-major and major group rows in the tidy-data layout the file's own columns allow (the
 * group in its column, `Total` in the finer ones): no real release with them has been seen, so the
 * test builds them onto the real file.
 */
const GROUP_ROWS = [
  '2022,Calendar year,National,United Kingdom,K02000001,Total,Total,111 - Chief executives and senior officials,Total,Total,64,1500,600,300,40,20',
  '2022,Calendar year,National,United Kingdom,K02000001,Total,Total,Total,11 - Corporate managers and directors,Total,900,21000,7000,3500,33.33333333333333,16.666666666666664',
  '2022,Calendar year,National,United Kingdom,K02000001,Total,Total,Total,Total,1 - Managers directors and senior officials,c,u,u,u,u,u',
];
const built = (rows: string[]) => new TextEncoder().encode([...essLines, ...rows].join('\n') + '\n');

describe('ESS vacancies: group rows above the unit group', () => {
  it('reads minor, sub-major and major group rows with their codes and figures', () => {
    const release = parseEssVacancies(built(GROUP_ROWS));
    const groups = release.rows.filter((r) => r.kind !== 'unit group' && r.soc2010 !== null);
    assert.deepEqual(
      groups.map((r) => [r.kind, r.soc2010, r.title, r.vacancies, r.employersReporting]),
      [
        ['minor group', '111', 'Chief executives and senior officials', 1500, 64],
        ['sub-major group', '11', 'Corporate managers and directors', 21000, 900],
        ['major group', '1', 'Managers directors and senior officials', null, null],
      ],
    );
    assert.equal(release.rows.length, essLines.length - 1 + GROUP_ROWS.length);
  });

  it('accepts a group row naming its parents, and refuses one whose parent does not contain it', () => {
    const withParent = GROUP_ROWS[0]!.replace(',Total,Total,64,', ',11 - Corporate managers and directors,Total,64,');
    assert.equal(parseEssVacancies(built([withParent])).rows.at(-1)!.soc2010, '111');
    const wrongParent = GROUP_ROWS[0]!.replace(',Total,Total,64,', ',12 - Other managers and proprietors,Total,64,');
    assert.throws(
      () => parseEssVacancies(built([wrongParent])),
      /soc_2_labelled "12 - Other managers and proprietors" is neither "Total" nor the group containing 111/,
    );
  });

  it('refuses a minor group label without a three-digit code', () => {
    const bad = GROUP_ROWS[0]!.replace('111 - Chief', '1111 - Chief');
    assert.throws(
      () => parseEssVacancies(built([bad])),
      /soc_3_labelled "1111 - Chief executives and senior officials" is neither a minor group/,
    );
  });
});
