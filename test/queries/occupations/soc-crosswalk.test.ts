import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readWorkbookSync } from '../../../src/ingest/formats/workbook.js';
import { type CurrentEditions } from '../../../src/queries/current-editions.js';
import { type SocCrosswalkQuery } from '../../../src/queries/occupations/soc-crosswalk.js';
import { socGroupsOfEdition } from '../../../src/store/occupations.js';
import { rejectsWithProblem } from '../../helpers/problems.js';
import { DIALECTS_ABOVE_STORE, type TestStore } from '../../helpers/stores.js';
import { withdrawSources } from '../../helpers/template-databases.js';
import { upstreamPath } from '../../helpers/upstream.js';
import { censusRecordsInto, largestSupplier } from '../../helpers/vacancy-sources.js';
import { servicesForSuite } from '../../helpers/composition-root.js';

/** 2011 Census records of each SOC 2010 group coded to SOC 2020 6135, computed from the sheet's own cells. */
function census6135(): Map<string, number> {
  const rows = Object.values(
    readWorkbookSync(new Uint8Array(readFileSync(upstreamPath('soc-crosswalk/ONS_SOC2010_SOC2020.xlsx')))).sheets,
  )[0]!;
  const records = new Map<string, number>();
  let base: { code: string; men: number; women: number } | null = null;
  for (const row of rows.slice(1)) {
    const from = String(row[0] ?? '');
    if (from) base = { code: from.slice(0, 4), men: Number(row[4]), women: Number(row[8]) };
    else if (String(row[1] ?? '').startsWith('6135:') && base)
      records.set(base.code, base.men * Number(row[5]) + base.women * Number(row[9]));
  }
  return records;
}

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`SocCrosswalkQuery (${dialect})`, () => {
    let store: TestStore;
    let current: CurrentEditions;
    let crosswalk: SocCrosswalkQuery;
    const root = servicesForSuite(dialect);
    before(() => {
      store = root.store;
      current = root.services.currentEditions;
      crosswalk = root.services.socCrosswalk;
    });

    it('ranks the SOC 2010 groups supplying a SOC 2020 group by their 2011 Census records, with shares of the whole', async () => {
      const expected = census6135();
      const total = [...expected.values()].reduce((a, b) => a + b, 0);
      const { suppliers, served } = await crosswalk.suppliersOf('6135', 'Vacancies');
      assert.deepEqual(
        suppliers.map((s) => s.soc2010),
        [...expected.entries()]
          .filter(([, n]) => n > 0)
          .sort((a, b) => b[1] - a[1])
          .map(([code]) => code),
      );
      assert.equal(suppliers[0]!.soc2010, '6145');
      assert.equal(suppliers[0]!.title, 'Care workers and home carers');
      assert.ok(Math.abs(suppliers[0]!.records - expected.get('6145')!) < 1e-9);
      assert.ok(Math.abs(suppliers[0]!.share - expected.get('6145')! / total) < 1e-12);
      assert.ok(Math.abs(suppliers.reduce((sum, s) => sum + s.share, 0) - 1) < 1e-9);
      assert.equal(
        served.provenance.source,
        'SOC 2010 to SOC 2020 relationship table (dual-coded LFS 2014-2016 and 2011 Census records)',
      );
      assert.match(served.provenance.edition, /re-laid-out copy/);
    });

    it('follows a group that SOC 2020 split: 2134 is mostly 2136 programmers, partly 2137 web developers', async () => {
      const { suppliers } = await crosswalk.suppliersOf('2134', 'Projections');
      assert.deepEqual(
        suppliers.slice(0, 2).map((s) => s.soc2010),
        ['2136', '2137'],
      );
      assert.ok(suppliers[0]!.share > 0.8 && suppliers[0]!.share < 0.9);
    });

    it("says how much of the supplier's own records went to the SOC 2020 group: nearly all of 6145, under a tenth of 8111", async () => {
      for (const soc2020 of ['6135', '8160']) {
        const expected = largestSupplier(soc2020);
        const supplier = (await crosswalk.suppliersOf(soc2020, 'Vacancies')).suppliers[0]!;
        assert.equal(supplier.soc2010, expected.soc2010);
        assert.ok(Math.abs(supplier.shareOfSupplier - expected.shareOfSupplier) < 1e-12, soc2020);
      }
      const care = (await crosswalk.suppliersOf('6135', 'Vacancies')).suppliers[0]!;
      const food = (await crosswalk.suppliersOf('8160', 'Vacancies')).suppliers[0]!;
      assert.ok(care.shareOfSupplier > 0.99 && food.shareOfSupplier < 0.1);
    });

    it('sums the suppliers by SOC 2010 sub-major group, and counts the SOC 2020 unit groups each supplies most of', async () => {
      const bySubMajor = (soc2020: string) => {
        const sums = new Map<string, number>();
        for (const [soc2010, { records }] of censusRecordsInto(soc2020))
          sums.set(soc2010.slice(0, 2), (sums.get(soc2010.slice(0, 2)) ?? 0) + records);
        return [...sums].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
      };
      for (const soc2020 of ['2134', '6135', '8160']) {
        const expected = bySubMajor(soc2020);
        const total = expected.reduce((sum, [, n]) => sum + n, 0);
        const { suppliers } = await crosswalk.subMajorSuppliersOf(soc2020, 'Projections');
        assert.deepEqual(
          suppliers.map((s) => s.subMajorGroup),
          expected.map(([code]) => code),
          soc2020,
        );
        suppliers.forEach((s, i) =>
          assert.ok(Math.abs(s.share - expected[i]![1] / total) < 1e-12, `${soc2020} ${s.subMajorGroup}`),
        );
      }
      assert.equal((await crosswalk.subMajorSuppliersOf('2134', 'Projections')).suppliers[0]!.subMajorGroup, '21');
      const { unitGroupsMostlyFrom } = await crosswalk.subMajorSuppliersOf('2134', 'Projections');
      const largest = new Map<string, number>();
      const unitGroups = (await socGroupsOfEdition(store.db, (await current.latest('soc2020-structure'))!.id)).filter(
        (g) => g.level === 'unit',
      );
      for (const { code: soc2020 } of unitGroups) {
        const top = bySubMajor(soc2020)[0]?.[0];
        if (top) largest.set(top, (largest.get(top) ?? 0) + 1);
      }
      assert.deepEqual(new Map([...unitGroupsMostlyFrom].sort()), new Map([...largest].sort()));
      assert.equal(
        [...unitGroupsMostlyFrom.values()].reduce((a, b) => a + b, 0),
        412,
      );
    });

    it('answers 404 naming the crosswalk when it has no release', async () => {
      await withdrawSources(store, ['soc-crosswalk']);
      current.invalidate();
      const problem = await rejectsWithProblem(
        crosswalk.suppliersOf('6135', 'Vacancies'),
        'source-unavailable',
        /^Vacancies come from "SOC 2010 to SOC 2020/,
      );
      assert.equal(problem.extras.source, 'soc-crosswalk');
    });
  });
}
