import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { Edition } from '../../src/domain/editions.js';
import { countPayRows, findAsheRelease, findPayRows, type PayKey } from '../../src/store/pay.js';
import { listCurrentEditions } from '../../src/store/editions.js';
import { asheRow, expectedFigure } from '../helpers/ashe-workbooks.js';
import { DIALECTS, type TestStore } from '../helpers/stores.js';
import { copyTemplate } from '../helpers/template-databases.js';

/** Where each stored figure is in a row of ONS's sheet (column 6, the mean's change, is not kept). */
const COLUMN = {
  jobsThousands: 2,
  median: 3,
  medianChange: 4,
  mean: 5,
  p10: 7,
  p20: 8,
  p25: 9,
  p30: 10,
  p40: 11,
  p60: 12,
  p70: 13,
  p75: 14,
  p80: 15,
  p90: 16,
} as const;

/** The figures of a row of the real workbook, as the store must give them back. */
function sheetFigures(year: number, table: number, sheet: string, soc: string) {
  const estimates = asheRow(year, `14.${table}a`, sheet, soc);
  const figures = Object.fromEntries(
    Object.entries(COLUMN).map(([name, column]) => [name, expectedFigure(estimates[column])]),
  );
  return { ...figures, medianCv: expectedFigure(asheRow(year, `14.${table}b`, sheet, soc)[3]), medianMarker: null };
}

const ANNUAL_2134: PayKey = { soc: '2134', measure: 'annual_pay_gross', sex: 'all', pattern: 'all' };

for (const dialect of DIALECTS) {
  describe(`ASHE pay rows (${dialect})`, () => {
    let store: TestStore;
    let byYear: Map<number, Edition>;
    before(async () => {
      store = await copyTemplate(dialect);
      const editions = (await listCurrentEditions(store.db)).filter((e) => e.sourceKey === 'ashe-table14');
      byYear = new Map(editions.map((e) => [Number(e.seriesKey), e]));
    });
    after(() => store.dispose());

    it("gives back the cells of the real workbooks: estimates from the `a` workbook, the median's CV from the `b` one", async () => {
      const cases: [number, number, string, PayKey][] = [
        [2024, 7, 'All', ANNUAL_2134],
        [2023, 5, 'Male Part-Time', { soc: '6135', measure: 'hourly_pay_gross', sex: 'male', pattern: 'parttime' }],
      ];
      for (const [year, table, sheet, key] of cases) {
        const rows = await findPayRows(store.db, [byYear.get(year)!.id], key);
        assert.equal(rows.length, 1, `${year} ${key.measure} ${key.soc}`);
        const { editionId, area, soc, measure, sex, pattern, ...figures } = rows[0]!;
        assert.deepEqual(
          { editionId, area, soc, measure, sex, pattern },
          { editionId: byYear.get(year)!.id, area: 'uk', ...key },
        );
        assert.deepEqual(figures, sheetFigures(year, table, sheet, key.soc), `${year} ${key.measure} ${key.soc}`);
      }
    });

    it("keeps a figure ONS withheld as null: 1111's 2024 p90 is `x`", async () => {
      assert.equal(asheRow(2024, '14.7a', 'All', '1111')[16], 'x');
      const [row] = await findPayRows(store.db, [byYear.get(2024)!.id], { ...ANNUAL_2134, soc: '1111' });
      assert.equal(row!.p90, null);
      assert.equal(typeof row!.median, 'number');
    });

    it("keeps the marker in a missing median's place: `:` for 3311 (armed forces), `x` where unreliable", async () => {
      const [armed] = await findPayRows(store.db, [byYear.get(2024)!.id], { ...ANNUAL_2134, soc: '3311' });
      assert.deepEqual([armed!.median, armed!.medianMarker], [null, ':']);
      const [chiefs] = await findPayRows(store.db, [byYear.get(2024)!.id], { ...ANNUAL_2134, soc: '1111' });
      assert.equal(chiefs!.medianMarker, null);
    });

    it('reads one row per edition asked for, only in the areas asked for, and nothing for no edition', async () => {
      const ids = [2022, 2023, 2024].map((year) => byYear.get(year)!.id);
      const rows = await findPayRows(store.db, ids, ANNUAL_2134, ['uk']);
      assert.deepEqual(rows.map((r) => r.editionId).sort(), [...ids].sort());
      for (const row of rows) {
        const year = [...byYear].find(([, e]) => e.id === row.editionId)![0];
        assert.equal(row.median, expectedFigure(asheRow(year, '14.7a', 'All', '2134')[3]));
      }
      assert.deepEqual(await findPayRows(store.db, ids, ANNUAL_2134, ['london']), [], 'Table 14 is UK only');
      assert.deepEqual(await findPayRows(store.db, [], ANNUAL_2134), []);
    });

    it("knows each release's year and that it is provisional, and counts its 11 x 9 x 412 rows", async () => {
      for (const [year, edition] of byYear) {
        assert.deepEqual(await findAsheRelease(store.db, edition.id), { year, provisional: true });
        assert.equal(await countPayRows(store.db, edition.id), 11 * 9 * 412);
      }
      assert.equal(await findAsheRelease(store.db, '00000000-0000-4000-8000-000000000000'), null);
    });
  });
}
