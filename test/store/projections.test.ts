import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mainTablesOf } from '../../src/ingest/sources/dfe/main-tables-layout.js';
import { listCurrentEditions } from '../../src/store/editions.js';
import { projectionGroup, projectionWorkbook as storedWorkbook } from '../../src/store/projections.js';
import { ENGLAND_FILE, UK_FILE, projectionWorkbook } from '../helpers/projection-workbooks.js';
import { DIALECTS, type TestStore } from '../helpers/stores.js';
import { copyTemplate } from '../helpers/template-databases.js';

const releases = {
  'lmsp-england': mainTablesOf(projectionWorkbook(ENGLAND_FILE), 'SOC 2020'),
  'working-futures-uk': mainTablesOf(projectionWorkbook(UK_FILE), 'SOC 2010'),
};

for (const dialect of DIALECTS) {
  describe(`projection rows (${dialect})`, () => {
    let store: TestStore;
    let editions: Record<keyof typeof releases, string>;
    before(async () => {
      store = await copyTemplate(dialect);
      const current = await listCurrentEditions(store.db);
      const id = (key: string) => current.find((e) => e.sourceKey === key)!.id;
      editions = { 'lmsp-england': id('lmsp-england'), 'working-futures-uk': id('working-futures-uk') };
    });
    after(() => store.dispose());

    it("reads back each workbook's own statements and a group's figures, series (oldest first) and levels exactly as parsed", async () => {
      for (const [key, release] of Object.entries(releases) as Array<
        [keyof typeof releases, (typeof releases)[keyof typeof releases]]
      >) {
        const { groups, qualifications, ...statements } = release;
        assert.deepEqual(await storedWorkbook(store.db, editions[key]), statements, key);
        for (const code of ['21', '92', 'all']) {
          const stored = await projectionGroup(store.db, editions[key], code);
          assert.deepEqual(
            stored!.group,
            groups.find((g) => g.code === code),
            `${key} ${code}`,
          );
          const byLevel = (rows: typeof qualifications) =>
            [...rows].sort((a, b) => a.qualification.localeCompare(b.qualification));
          assert.deepEqual(
            byLevel(stored!.qualifications),
            byLevel(qualifications.filter((q) => q.code === code)),
            `${key} ${code}`,
          );
        }
      }
    });

    it('has no group the workbook does not list: SOC 2010 has no sub-major group 63', async () => {
      assert.equal(await projectionGroup(store.db, editions['working-futures-uk'], '63'), null);
      assert.notEqual(await projectionGroup(store.db, editions['lmsp-england'], '63'), null);
    });
  });
}
