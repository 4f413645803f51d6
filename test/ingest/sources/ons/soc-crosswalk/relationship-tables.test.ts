import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readWorkbookSync } from '../../../../../src/ingest/formats/workbook.js';
import { checkSocCrosswalk } from '../../../../../src/ingest/sources/ons/soc-crosswalk/checks.js';
import { parseSocCrosswalk } from '../../../../../src/ingest/sources/ons/soc-crosswalk/parse.js';
import { relationshipTablesOf } from '../../../../../src/ingest/sources/ons/soc-crosswalk/relationship-tables.js';
import type { SocCrosswalk } from '../../../../../src/domain/soc.js';
import {
  MIRROR_COPY,
  relationshipWorkbook,
  unitGroupTable,
  type RelationshipLayout,
} from '../../../../helpers/relationship-workbook.js';

const read = (layout: RelationshipLayout) => relationshipTablesOf(readWorkbookSync(relationshipWorkbook(layout)));
const mirror = parseSocCrosswalk(readWorkbookSync(new Uint8Array(readFileSync(MIRROR_COPY))));

/** The same rows, shares equal but for the float error of a percentage divided by 100. */
function assertSameRows(actual: SocCrosswalk, expected: SocCrosswalk): void {
  assert.deepEqual(actual.bases, expected.bases);
  assert.deepEqual(
    actual.links.map(({ shares: _, ...link }) => link),
    expected.links.map(({ shares: _, ...link }) => link),
  );
  for (const [i, link] of actual.links.entries())
    for (const [sample, share] of Object.entries(link.shares)) {
      const want = expected.links[i]!.shares[sample as keyof typeof link.shares];
      assert.ok(share === want || Math.abs(share! - want!) < 1e-12, `${link.soc2010}>${link.soc2020} ${sample}`);
    }
}

describe("ONS's relationship workbook (a workbook built in the evidenced layout from the mirror's rows)", () => {
  it('finds the unit-group table among the tables and reads the rows the mirror copy gives', () => {
    const proportions = read({ shares: 'proportion' });
    assert.deepEqual(proportions, mirror);
    assertSameRows(read({ shares: 'percent' }), mirror);
    assert.deepEqual(checkSocCrosswalk(read({ shares: 'percent' })), []);
    // The tolerant reader reads the mirror's own layout to the same rows too.
    assert.deepEqual(relationshipTablesOf(readWorkbookSync(new Uint8Array(readFileSync(MIRROR_COPY)))), mirror);
  });

  it("matches the built table's cells, percentages read as shares", () => {
    const rows = unitGroupTable({ shares: 'percent' });
    const start = rows.findIndex((r) => String(r[0] ?? '').startsWith('6145 '));
    const destination = rows.slice(start + 1).find((r) => String(r[1] ?? '').startsWith('6135 '))!;
    const crosswalk = read({ shares: 'percent', sheet: 'Unit group 2010-2020' });
    const base = crosswalk.bases.find((b) => b.soc2010 === '6145')!;
    assert.equal(base.title, String(rows[start]![0]).slice(5));
    assert.deepEqual(base.records, {
      menLfs: rows[start]![2],
      menCensus: rows[start]![4],
      womenLfs: rows[start]![6],
      womenCensus: rows[start]![8],
    });
    const link = crosswalk.links.find((l) => l.soc2010 === '6145' && l.soc2020 === '6135')!;
    assert.equal(link.soc2020Title, 'Care workers and home carers');
    assert.deepEqual(link.shares, {
      menLfs: (destination[3] as number) / 100,
      menCensus: (destination[5] as number) / 100,
      womenLfs: (destination[7] as number) / 100,
      womenCensus: (destination[9] as number) / 100,
    });
  });

  it('refuses a table whose headings it does not recognise, naming the first that did not match', () => {
    assert.throws(
      () => read({ shares: 'percent', heading: (l) => (l === 'Women' ? 'Group B' : l) }),
      /sheet "Table 8": no column is labelled as the women's LFS base/,
    );
    assert.throws(
      () => read({ shares: 'percent', heading: (l) => (l === 'Census' ? '2011' : l) }),
      /sheet "Table 8": no column is labelled as the men's Census base/,
    );
    assert.throws(
      () => read({ shares: 'percent', heading: (l) => (l === 'SOC 2010' ? 'Old code' : l) }),
      /sheet "Table 3": its first group "111 Chief executives and senior officials" is not a SOC 2010 unit group/,
    );
    const twice = readWorkbookSync(relationshipWorkbook({ shares: 'percent' }));
    twice.sheets['Table 8 (copy)'] = twice.sheets['Table 8']!;
    assert.throws(() => relationshipTablesOf(twice), /sheets "Table 8" and "Table 8 \(copy\)" each hold/);
    assert.throws(
      () => relationshipTablesOf({ sheetNames: ['Contents'], sheets: { Contents: [['Contents']] } }),
      /sheet "Contents" has no header row naming SOC 2010 and SOC 2020/,
    );
  });

  it('refuses figures it cannot place and shares over 100 per cent', () => {
    const book = readWorkbookSync(relationshipWorkbook({ shares: 'percent' }));
    const rows = book.sheets['Table 8']!;
    const at = rows.findIndex((r) => String(r[1] ?? '').startsWith('1111 '));
    rows[at]![1] = 'All SOC 2020 groups';
    assert.throws(
      () => relationshipTablesOf(book),
      /row \d+: figures on a row naming no SOC 2010 or SOC 2020 unit group/,
    );
    const over = readWorkbookSync(relationshipWorkbook({ shares: 'percent' }));
    const cell = over.sheets['Table 8']!.find((r) => String(r[1] ?? '').startsWith('1111 '))!;
    cell[3] = 250;
    assert.throws(() => relationshipTablesOf(over), /a share of 250 per cent \(1115 > 1111\)/);
  });
});
