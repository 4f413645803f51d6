import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createHash } from 'node:crypto';
import { unzipSync, zipSync } from 'fflate';
import { ALL_OCCUPATIONS } from '../../../../../src/domain/projections.js';
import { readWorkbookSync } from '../../../../../src/ingest/formats/workbook.js';
import { LMSP_OTHER_AREA_SOURCES } from '../../../../../src/ingest/sources/dfe/lmsp-other-areas/descriptor.js';
import type { ReleaseRef } from '../../../../../src/ingest/discovery.js';
import {
  NATION_WORKBOOKS,
  REGION_WORKBOOKS,
  areaWorkbook,
  nationsZip,
  regionsZip,
  type BuiltArea,
} from '../../../../helpers/area-projection-workbooks.js';
import { occF2Cells, occT2Cells, rdT1Cells } from '../../../../helpers/projection-workbooks.js';

const source = (slug: string) => LMSP_OTHER_AREA_SOURCES.find((s) => s.key === `lmsp-${slug}`)!;
const release: ReleaseRef = { label: 'x', seriesKey: null, location: { mirrorPath: 'x', url: 'https://x/y.zip' } };
const parse = (slug: string, bytes: Uint8Array) =>
  source(slug).parse(
    { uri: 'https://x/y.zip', bytes, sha256: createHash('sha256').update(bytes).digest('hex') },
    release,
    [],
  );

/** The parsed release against the built workbook's own cells (read back from its bytes). */
async function assertReadsBuiltCells(slug: string, area: BuiltArea, bytes: Uint8Array) {
  const parsed = await parse(slug, bytes);
  const book = readWorkbookSync(areaWorkbook(area));
  assert.equal(parsed.areaName, area.name);
  assert.deepEqual([parsed.baseYear, parsed.targetYear, parsed.classification], [2020, 2035, 'SOC 2020']);
  assert.equal(parsed.groups.filter((g) => g.code !== ALL_OCCUPATIONS).length, 26);
  for (const code of ['11', '63', ALL_OCCUPATIONS]) {
    const cells = occT2Cells(book, code, 2020, 2035);
    const group = parsed.groups.find((g) => g.code === code)!;
    assert.deepEqual(
      [group.employmentBase, group.employmentTarget, group.netChange, group.replacementDemand, group.totalRequirement],
      [cells.base, cells.target, cells.net, cells.replacement, cells.total],
      `${slug} ${code}`,
    );
    assert.deepEqual(
      group.series,
      [...occF2Cells(book, code)].map(([year, employment]) => ({ year, employment })),
    );
  }
  const rqf8 = parsed.qualifications.find((q) => q.code === '21' && q.qualification === 'rqf8')!;
  assert.deepEqual(
    [rqf8.employmentBase, rqf8.employmentTarget, rqf8.netChange, rqf8.replacementDemand, rqf8.totalRequirement],
    rdT1Cells(book, 'RQF8', '21'),
  );
  assert.deepEqual(source(slug).check(parsed, release), [], slug);
}

describe('LMSP 2020-2035: the UK, nations and English regions (workbooks built in the generator layout)', () => {
  it('reads each nation\'s workbook out of the "Nations projections" zip by its Info sheet', async () => {
    const zip = nationsZip();
    for (const [slug, area] of Object.entries(NATION_WORKBOOKS)) await assertReadsBuiltCells(slug, area, zip);
  });

  it('reads each region\'s workbook in the sub-national dialect ("Region name", "Levels"), whatever the members\' names', async () => {
    const zip = regionsZip((a) => `projections/${a.name.replace(/ /g, '')}.xlsm`);
    for (const [slug, area] of Object.entries(REGION_WORKBOOKS)) await assertReadsBuiltCells(slug, area, zip);
  });

  it('reads a workbook attached on its own, and refuses one for another area', async () => {
    await assertReadsBuiltCells('london', REGION_WORKBOOKS.london!, areaWorkbook(REGION_WORKBOOKS.london!));
    await assert.rejects(
      parse('scotland', areaWorkbook(NATION_WORKBOOKS.wales)),
      /the workbook is for "Wales", not Scotland/,
    );
  });

  it('refuses a zip with no workbook for the area, naming what it holds', async () => {
    const zip = zipSync({
      'WA_MainTables.Main.xlsm': areaWorkbook(NATION_WORKBOOKS.wales),
      'notes.xlsx': unzipSync(nationsZip())['UK_AdditionalTables.xlsx']!,
    });
    await assert.rejects(
      parse('northern-ireland', zip),
      /the zip holds no MainTables workbook for Northern Ireland: WA_MainTables\.Main\.xlsm \(Wales\), notes\.xlsx \(no area named in an Info sheet\)/,
    );
    await assert.rejects(parse('wales', zipSync({ 'readme.txt': new Uint8Array([65]) })), /the zip holds no workbook/);
  });
});
