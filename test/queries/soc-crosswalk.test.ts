import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { SourceCatalog } from '../../src/domain/sources.js';
import { readWorkbookSync } from '../../src/ingest/formats/workbook.js';
import { SOURCES } from '../../src/ingest/registry.js';
import { CurrentEditions } from '../../src/queries/current-editions.js';
import { SocCrosswalkQuery } from '../../src/queries/soc-crosswalk.js';
import { rejectsWithProblem } from '../helpers/problems.js';
import { DIALECTS, type TestStore } from '../helpers/stores.js';
import { copyTemplate, withdrawSources } from '../helpers/template-databases.js';
import { upstreamPath } from '../helpers/upstream.js';

/** Census 2021 records of each SOC 2010 group coded to SOC 2020 6135, computed from the sheet's own cells. */
function census6135(): Map<string, number> {
  const rows = Object.values(readWorkbookSync(new Uint8Array(readFileSync(upstreamPath('soc-crosswalk/ONS_SOC2010_SOC2020.xlsx')))).sheets)[0]!;
  const records = new Map<string, number>();
  let base: { code: string; men: number; women: number } | null = null;
  for (const row of rows.slice(1)) {
    const from = String(row[0] ?? '');
    if (from) base = { code: from.slice(0, 4), men: Number(row[4]), women: Number(row[8]) };
    else if (String(row[1] ?? '').startsWith('6135:') && base) records.set(base.code, base.men * Number(row[5]) + base.women * Number(row[9]));
  }
  return records;
}

for (const dialect of DIALECTS) {
  describe(`SocCrosswalkQuery (${dialect})`, () => {
    let store: TestStore;
    let current: CurrentEditions;
    let crosswalk: SocCrosswalkQuery;
    before(async () => {
      store = await copyTemplate(dialect);
      current = new CurrentEditions(store.db, new SourceCatalog(SOURCES));
      crosswalk = new SocCrosswalkQuery(store.db, current);
    });
    after(() => store.dispose());

    it('ranks the SOC 2010 groups supplying a SOC 2020 group by their Census 2021 records, with shares of the whole', async () => {
      const expected = census6135();
      const total = [...expected.values()].reduce((a, b) => a + b, 0);
      const { suppliers, served } = await crosswalk.suppliersOf('6135', 'Vacancies');
      assert.deepEqual(suppliers.map((s) => s.soc2010), [...expected.entries()].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]).map(([code]) => code));
      assert.equal(suppliers[0]!.soc2010, '6145');
      assert.equal(suppliers[0]!.title, 'Care workers and home carers');
      assert.ok(Math.abs(suppliers[0]!.records - expected.get('6145')!) < 1e-9);
      assert.ok(Math.abs(suppliers[0]!.share - expected.get('6145')! / total) < 1e-12);
      assert.ok(Math.abs(suppliers.reduce((sum, s) => sum + s.share, 0) - 1) < 1e-9);
      assert.equal(served.provenance.source, 'SOC 2010 to SOC 2020 relationship table (dual-coded LFS and Census 2021 records)');
      assert.match(served.provenance.edition, /re-laid-out copy/);
    });

    it('follows a group that SOC 2020 split: 2134 is mostly 2136 programmers, partly 2137 web developers', async () => {
      const { suppliers } = await crosswalk.suppliersOf('2134', 'Projections');
      assert.deepEqual(suppliers.slice(0, 2).map((s) => s.soc2010), ['2136', '2137']);
      assert.ok(suppliers[0]!.share > 0.8 && suppliers[0]!.share < 0.9);
    });

    it('answers 404 naming the crosswalk when it has no release', async () => {
      await withdrawSources(store, ['soc-crosswalk']);
      current.invalidate();
      const problem = await rejectsWithProblem(crosswalk.suppliersOf('6135', 'Vacancies'), 'source-unavailable', /^Vacancies come from "SOC 2010 to SOC 2020/);
      assert.equal(problem.extras.source, 'soc-crosswalk');
    });
  });
}
