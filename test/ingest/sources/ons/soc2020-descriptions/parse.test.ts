import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { readWorkbookSync } from '../../../../../src/ingest/formats/workbook.js';
import {
  DESCRIPTIONS_SHEET,
  checkSocDescriptions,
  parseSocDescriptions,
} from '../../../../../src/ingest/sources/ons/soc2020-descriptions/parse.js';
import { upstreamPath } from '../../../../helpers/upstream.js';

const VOLUME1 = upstreamPath('soc2020/soc2020volume1structureanddescriptionofunitgroupsexcel16042025.xlsx');
const published = () => readWorkbookSync(readFileSync(VOLUME1), { sheets: [DESCRIPTIONS_SHEET] });

describe('parseSocDescriptions', () => {
  it('reads the 412 unit groups of the published (April 2025) workbook', () => {
    const descriptions = parseSocDescriptions(published());
    assert.equal(descriptions.length, 412);
    assert.deepEqual(checkSocDescriptions(descriptions), []);
    assert.equal(descriptions.find((d) => d.code === '2231')!.title, 'Midwifery nurses');
  });

  // The 2026 workbook's headers read `SOC2020 …`: known from third-party evidence only, so the
  // test rewrites the published header row that way.
  it('reads the same rows under the 2026 headers ("SOC2020 Unit Group", "SOC2020 Group Title")', () => {
    const workbook = published();
    const rows = workbook.sheets[DESCRIPTIONS_SHEET]!;
    rows[0] = rows[0]!.map((cell) => (typeof cell === 'string' ? cell.replace(/^SOC\s+2020/, 'SOC2020') : cell));
    assert.ok(rows[0].includes('SOC2020 Unit Group'));
    const descriptions = parseSocDescriptions(workbook);
    assert.deepEqual(descriptions, parseSocDescriptions(published()));
  });

  it('still refuses a header it does not know', () => {
    const workbook = published();
    const rows = workbook.sheets[DESCRIPTIONS_SHEET]!;
    rows[0] = rows[0]!.map((cell) => (cell === 'Tasks' ? 'Duties' : cell));
    assert.throws(() => parseSocDescriptions(workbook), /has no "Tasks" column/);
  });
});
