import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { ingestSources } from '../../src/ingest/pipeline.js';
import { socStructureSource } from '../../src/ingest/sources/ons/soc2020-structure/descriptor.js';
import { mirrorUpstream } from '../../src/ingest/upstream.js';
import { listEditions } from '../../src/store/editions.js';
import { latestRunsBySource } from '../../src/store/ingest-runs.js';
import { socGroupsOfEdition } from '../../src/store/occupations.js';
import { DIALECTS, openTestStore, type TestStore } from '../helpers/stores.js';
import { UPSTREAM_DIR, VOLUME2_FILE, alteredVolume2, makeMirror } from '../helpers/upstream.js';

const sources = [socStructureSource];
const LABEL = 'SOC 2020 Volume 2: the coding index, version 12 (16 April 2025)';

/** A revised release: the real workbook with one unit group renamed, as ONS might publish it. */
const revisedWorkbook = alteredVolume2((sheets) => {
  const row = sheets['SOC2020 framework']!.find((r) => r[4] === 2134)!;
  row[5] = 'Programmers and software developers';
});
/** A broken release: the real workbook with the last unit group row gone (411 unit groups). */
const truncatedWorkbook = alteredVolume2((sheets) => {
  const rows = sheets['SOC2020 framework']!;
  rows.splice(
    rows.findIndex((r) => r[4] === 9269),
    1,
  );
});

/** A release that cannot be read: the framework sheet is gone. */
const withoutFramework = alteredVolume2((sheets) => delete sheets['SOC2020 framework']);

for (const dialect of DIALECTS) {
  describe(`ingest pipeline (${dialect})`, () => {
    let store: TestStore;
    before(async () => {
      store = await openTestStore(dialect);
    });
    after(() => store.dispose());

    it('publishes the real SOC 2020 framework: 9 major, 26 sub-major, 104 minor, 412 unit groups', async () => {
      const [result] = await ingestSources({ store, upstream: mirrorUpstream(UPSTREAM_DIR), sources });
      assert.equal(result!.outcome, 'published');
      assert.equal(result!.releases[0]!.label, LABEL);
      assert.equal(result!.releases[0]!.rowsStored, 551);
      const [edition] = await listEditions(store.db, 'soc2020-structure');
      assert.equal(edition!.status, 'published');
      assert.equal(edition!.seriesKey, null);
      assert.match(edition!.sha256, /^1e9db61a04a95a76a17328813fab5ea6c5e52b2a50005f3cd4d2c876f61c119d$/);
      const groups = await socGroupsOfEdition(store.db, edition!.id);
      const count = (level: string) => groups.filter((g) => g.level === level).length;
      assert.deepEqual([count('major'), count('sub_major'), count('minor'), count('unit')], [9, 26, 104, 412]);
      assert.deepEqual(
        groups.find((g) => g.code === '2134'),
        { code: '2134', level: 'unit', title: 'Programmers and software development professionals', parentCode: '213' },
      );
      assert.deepEqual(
        groups.find((g) => g.code === '6135'),
        { code: '6135', level: 'unit', title: 'Care workers and home carers', parentCode: '613' },
      );
      assert.deepEqual(
        groups.find((g) => g.code === '1'),
        { code: '1', level: 'major', title: 'Managers, directors and senior officials', parentCode: null },
      );
      assert.equal(groups.find((g) => g.code === '111')!.title, 'Chief Executives and Senior Officials');
    });

    it('makes no new edition from the same bytes read again', async () => {
      const [result] = await ingestSources({ store, upstream: mirrorUpstream(UPSTREAM_DIR), sources });
      assert.equal(result!.outcome, 'unchanged');
      assert.equal((await listEditions(store.db, 'soc2020-structure')).length, 1);
    });

    it('quarantines a release that fails a check, and the previous edition stays current', async () => {
      const mirror = makeMirror();
      mirror.write(VOLUME2_FILE, truncatedWorkbook);
      const [result] = await ingestSources({ store, upstream: mirrorUpstream(mirror.root), sources });
      assert.equal(result!.outcome, 'quarantined');
      assert.match(result!.message!, /unit groups: 412 \(observed: 411\)/);
      const editions = await listEditions(store.db, 'soc2020-structure');
      assert.deepEqual(editions.map((e) => e.status).sort(), ['published', 'quarantined']);
      const quarantined = editions.find((e) => e.status === 'quarantined')!;
      assert.deepEqual(quarantined.checks, [{ rule: 'unit groups: 412', status: 'fail', observed: '411' }]);
      assert.equal(
        (await socGroupsOfEdition(store.db, quarantined.id)).length,
        0,
        'a quarantined release stores no rows',
      );
      const published = editions.find((e) => e.status === 'published')!;
      assert.equal(published.label, LABEL);
      assert.equal((await socGroupsOfEdition(store.db, published.id)).length, 551);
    });

    it("quarantines a file it cannot read in the publisher's layout, naming the reason", async () => {
      const mirror = makeMirror();
      mirror.write(VOLUME2_FILE, withoutFramework);
      const [result] = await ingestSources({ store, upstream: mirrorUpstream(mirror.root), sources });
      assert.equal(result!.outcome, 'quarantined');
      const held = (await listEditions(store.db, 'soc2020-structure')).find(
        (e) => e.id === result!.releases[0]!.editionId,
      )!;
      assert.equal(held.status, 'quarantined');
      assert.equal(held.checks[0]!.status, 'fail');
      assert.match(held.checks[0]!.observed!, /no "SOC2020 framework" sheet/);
      assert.equal(
        (await listEditions(store.db, 'soc2020-structure')).filter((e) => e.status === 'published').length,
        1,
      );
    });

    it('does not quarantine the same broken bytes twice', async () => {
      const mirror = makeMirror();
      mirror.write(VOLUME2_FILE, truncatedWorkbook);
      const before = (await listEditions(store.db, 'soc2020-structure')).length;
      const [result] = await ingestSources({ store, upstream: mirrorUpstream(mirror.root), sources });
      assert.equal(result!.releases[0]!.outcome, 'unchanged');
      assert.equal((await listEditions(store.db, 'soc2020-structure')).length, before);
    });

    it('publishes a revised release over the previous one, which is superseded and keeps its rows', async () => {
      const mirror = makeMirror();
      mirror.write(VOLUME2_FILE, revisedWorkbook);
      const [result] = await ingestSources({ store, upstream: mirrorUpstream(mirror.root), sources });
      assert.equal(result!.outcome, 'published');
      const editions = await listEditions(store.db, 'soc2020-structure');
      const current = editions.filter((e) => e.status === 'published');
      assert.equal(current.length, 1);
      assert.equal(current[0]!.id, result!.releases[0]!.editionId);
      const superseded = editions.find((e) => e.status === 'superseded')!;
      assert.equal(superseded.sha256, '1e9db61a04a95a76a17328813fab5ea6c5e52b2a50005f3cd4d2c876f61c119d');
      const oldTitle = (await socGroupsOfEdition(store.db, superseded.id)).find((g) => g.code === '2134')!.title;
      const newTitle = (await socGroupsOfEdition(store.db, current[0]!.id)).find((g) => g.code === '2134')!.title;
      assert.equal(oldTitle, 'Programmers and software development professionals');
      assert.equal(newTitle, 'Programmers and software developers');
    });

    it('records each run: last run, last success', async () => {
      const [status] = await latestRunsBySource(store.db);
      assert.equal(status!.sourceKey, 'soc2020-structure');
      assert.ok(status!.lastSuccess !== null && status!.lastRun >= status!.lastSuccess.slice(0, 10));
    });

    it('reports a source with no release upstream as unavailable, not failed', async () => {
      const mirror = makeMirror();
      const [result] = await ingestSources({ store, upstream: mirrorUpstream(mirror.root), sources });
      assert.equal(result!.outcome, 'unavailable');
      assert.match(result!.message!, /no release found/);
    });
  });
}
