import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Cell } from '../../../../../src/ingest/formats/workbook.js';
import { readWorkbook } from '../../../../../src/ingest/formats/workbook-worker.js';
import { checkCensusAgeRelease } from '../../../../../src/ingest/sources/ons/census-occupation-age/checks.js';
import { parseCensusAgeWorkbook } from '../../../../../src/ingest/sources/ons/census-occupation-age/parse.js';
import {
  BAND_LABELS,
  HEADER,
  censusAgeWorkbook,
  withheldOldest,
  withheldYoungest,
} from '../../../../helpers/census-age-workbook.js';

/** Unit groups of the built file: four have a withheld youngest band (multiples of 11), two an oldest one (of 13). */
const CODES = ['1111', '1144', '2134', '2145', '3416', '6135'];
const parse = async (bytes: Uint8Array) => parseCensusAgeWorkbook(await readWorkbook(bytes));

describe('Census 2021 occupation by age and sex, in the layout inferred from its sibling workbook (the test builds the file)', () => {
  it('finds the table sheet by its header row, and reads the eleven bands, sex and total of every row', async () => {
    const built = censusAgeWorkbook(CODES);
    const release = await parse(built.bytes);
    assert.equal(release.areaAndDate, 'England and Wales, March 2021');
    assert.deepEqual(
      release.bands.map((b) => [b.position, b.label, b.from, b.to]),
      [
        [16, 19],
        [20, 24],
        [25, 29],
        [30, 34],
        [35, 39],
        [40, 44],
        [45, 49],
        [50, 54],
        [55, 59],
        [60, 64],
        [65, null],
      ].map(([from, to], i) => [i + 1, BAND_LABELS[i], from, to]),
    );
    assert.equal(release.cells.length, CODES.length * 3 * 12);
    for (const row of built.rows) {
      const [soc, , sexLabel] = row as [string, string, string];
      const sex = ({ 'All persons': 'all', Male: 'male', Female: 'female' } as const)[sexLabel]!;
      const mine = release.cells.filter((c) => c.soc2020 === soc && c.sex === sex);
      assert.deepEqual(
        mine.map((c) => c.people),
        row.slice(3).map((v) => (typeof v === 'number' ? v : null)),
        `${soc} ${sex}`,
      );
      assert.deepEqual(
        mine.map((c) => c.band),
        [...BAND_LABELS.map((_, i) => i + 1), null],
      );
    }
    assert.deepEqual(checkCensusAgeRelease(release), [
      { rule: 'a row for each of the 412 unit groups', status: 'warn', observed: '6 unit groups' },
    ]);
  });

  it('reads "[c]" as withheld (null), never as zero', async () => {
    const release = await parse(censusAgeWorkbook(CODES).bytes);
    const cell = (soc: string, sex: string, band: number) =>
      release.cells.find((c) => c.soc2020 === soc && c.sex === sex && c.band === band)!;
    assert.ok(CODES.filter(withheldYoungest).length >= 1 && CODES.filter(withheldOldest).length >= 1);
    for (const soc of CODES) {
      assert.deepEqual(
        [cell(soc, 'all', 1).people === null, cell(soc, 'all', 1).marker],
        withheldYoungest(soc) ? [true, 'withheld'] : [false, 'published'],
      );
      assert.equal(cell(soc, 'female', 1).marker, 'published', 'women of the youngest band are published');
      assert.equal(cell(soc, 'all', 11).marker, withheldOldest(soc) ? 'withheld' : 'published');
    }
    const expected = CODES.filter(withheldYoungest).length * 2 + CODES.filter(withheldOldest).length * 3;
    assert.equal(release.cells.filter((c) => c.marker === 'withheld').length, expected);
    assert.ok(release.cells.every((c) => (c.marker === 'withheld') === (c.people === null)));
  });

  it('refuses a layout it does not know, naming the first label that did not match', async () => {
    const refused = async (header: Cell[] | null, why: RegExp, areaAndDate?: string) =>
      assert.rejects(parse(censusAgeWorkbook(CODES, { ...(header ? { header } : {}), areaAndDate }).bytes), why);
    await refused([...HEADER.slice(0, 14), 'Percentage'], /the column "Percentage" is not a label this layout has/);
    await refused(
      [...HEADER.slice(0, 3), 'Aged 16 to 24 years', ...HEADER.slice(5)],
      /the age band "Aged 16 to 24 years" is not the next of the release's bands/,
    );
    await refused(HEADER.filter((h) => h !== 'Sex').map(String), /the column "Aged 16 to 19 years"|no "Sex" column/);
    await refused(HEADER.slice(0, 13).map(String), /10 age bands in the header row, not the release's 11/);
    await refused(
      ['SOC 2020 code', ...HEADER.slice(1).map(String)],
      /no sheet has a header row opening "SOC2020 Unit Group"/,
    );
    await refused(null, /does not say "England and Wales, March 2021"/, 'England, March 2021');
  });
});
