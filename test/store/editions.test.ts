import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { SOURCES } from '../../src/ingest/registry.js';
import { EditionTransitionError, INTERRUPTED_RULE, type Check, type Edition } from '../../src/domain/editions.js';
import {
  findEdition,
  markInterruptedEditions,
  findEditionByContent,
  listCurrentEditions,
  listEditions,
  publishEdition,
  quarantineEdition,
  recordDetectedEdition,
  relabelEdition,
  type NewEdition,
} from '../../src/store/editions.js';
import { insertAsheRelease } from '../../src/store/pay.js';
import { insertSocGroups, socGroupsOfEdition } from '../../src/store/occupations.js';
import { DIALECTS, type TestStore } from '../helpers/stores.js';
import { copyTemplate } from '../helpers/template-databases.js';

/** The SHA-256 of the real Volume 2 workbook, the release the template's structure edition was read from. */
const VOLUME2_SHA256 = '1e9db61a04a95a76a17328813fab5ea6c5e52b2a50005f3cd4d2c876f61c119d';

let releases = 0;
/** A release of a source as the pipeline records it on detecting it (bytes never seen before). */
function newRelease(sourceKey: string, seriesKey: string | null = null): NewEdition {
  releases++;
  return {
    sourceKey,
    label: `${sourceKey} test release ${releases}`,
    seriesKey,
    sourceUri: `file:///test/${releases}`,
    sha256: `${releases}`.padStart(64, '0'),
  };
}

const SOURCES_WITHOUT_RELEASE = [
  'ashe-table15',
  'onet-abilities',
  'ess-vacancies-nations',
  't-levels',
  'foundation-apprenticeships',
  'apprenticeship-units',
  'higher-technical-qualifications',
  'lmsp-uk',
  'lmsp-wales',
  'lmsp-scotland',
  'lmsp-northern-ireland',
  'lmsp-north-east',
  'lmsp-north-west',
  'lmsp-yorkshire-and-the-humber',
  'lmsp-east-midlands',
  'lmsp-west-midlands',
  'lmsp-east-of-england',
  'lmsp-london',
  'lmsp-south-east',
  'lmsp-south-west',
  'home-office-work-visas',
  'occupations-in-demand',
  'online-job-adverts',
  'online-job-adverts-local',
  'aps-occupation-age',
  'census-occupation-age',
];

for (const dialect of DIALECTS) {
  describe(`editions (${dialect})`, () => {
    let store: TestStore;
    const current = async (sourceKey: string): Promise<Edition[]> =>
      (await listCurrentEditions(store.db)).filter((e) => e.sourceKey === sourceKey);
    before(async () => {
      store = await copyTemplate(dialect);
    });
    after(() => store.dispose());

    it('lists the current editions of the template: one per series of each source with a release, with the rows each stored', async () => {
      const editions = await listCurrentEditions(store.db);
      assert.ok(editions.every((e) => e.status === 'published' && e.publishedAt !== null));
      const perSource = new Map<string, string[]>();
      for (const e of editions) perSource.set(e.sourceKey, [...(perSource.get(e.sourceKey) ?? []), e.seriesKey ?? '']);
      assert.deepEqual(perSource.get('ashe-table14'), ['2022', '2023', '2024']);
      assert.deepEqual(perSource.get('soc2020-structure'), ['']);
      for (const key of SOURCES_WITHOUT_RELEASE) assert.ok(!perSource.has(key), `${key} has no release in the mirror`);
      assert.deepEqual(
        [...perSource.keys()].sort(),
        SOURCES.map((s) => s.key)
          .filter((key) => !SOURCES_WITHOUT_RELEASE.includes(key))
          .sort(),
        'every other source has a release',
      );
      assert.deepEqual([...perSource.keys()], [...perSource.keys()].sort(), 'ordered by source');
      const [structure] = await current('soc2020-structure');
      assert.equal(structure!.rowsStored, 551);
      assert.equal((await socGroupsOfEdition(store.db, structure!.id)).length, 551);
    });

    it('finds an edition by the SHA-256 of its bytes, whatever became of it, but never one still being read', async () => {
      const known = await findEditionByContent(store.db, 'soc2020-structure', VOLUME2_SHA256);
      assert.equal(known!.label, 'SOC 2020 Volume 2: the coding index, version 12 (16 April 2025)');
      assert.equal(
        await findEditionByContent(store.db, 'soc2020-descriptions', VOLUME2_SHA256),
        null,
        "the hash of another source's release",
      );

      const release = newRelease('soc2020-structure');
      const detected = await recordDetectedEdition(store.db, release);
      assert.equal(await findEditionByContent(store.db, 'soc2020-structure', release.sha256), null, 'still being read');
      await quarantineEdition(store.db, detected.id, [{ rule: 'unit groups: 412', status: 'fail', observed: '411' }]);
      assert.equal((await findEditionByContent(store.db, 'soc2020-structure', release.sha256))!.status, 'quarantined');
    });

    it('records a detected edition as being read, relabels it, and quarantines it with the reason when its ingest stopped part-way', async () => {
      const detected = await recordDetectedEdition(store.db, newRelease('soc2020-descriptions'));
      assert.equal(detected.status, 'parsing');
      assert.equal(detected.publishedAt, null);
      assert.match(detected.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      await relabelEdition(store.db, detected.id, 'Volume 1, as its cover sheet names it');
      assert.equal((await findEdition(store.db, detected.id))!.label, 'Volume 1, as its cover sheet names it');
      assert.ok(
        !(await listEditions(store.db, 'soc2020-descriptions')).some((e) => e.id === detected.id),
        'editions in progress are not listed',
      );

      const live = await recordDetectedEdition(store.db, newRelease('soc2020-descriptions'));
      const marked = await markInterruptedEditions(store.db, (e) => e.id === detected.id, 'soc2020-descriptions');
      assert.deepEqual(
        marked.map((e) => e.id),
        [detected.id],
      );
      const held = (await findEdition(store.db, detected.id))!;
      assert.equal(held.status, 'quarantined');
      assert.equal(held.checks[0]!.rule, INTERRUPTED_RULE);
      assert.match(
        held.checks[0]!.observed!,
        /^the ingest stopped while the release was parsing \(last heard of \d{4}-/,
      );
      assert.equal(
        (await findEdition(store.db, live.id))!.status,
        'parsing',
        'an edition whose reader is alive is left alone',
      );
      assert.equal((await current('soc2020-descriptions')).length, 1, 'the published edition is untouched');
    });

    it('publishes in one step: the previous edition of the series is superseded and keeps its rows', async () => {
      const [previous] = await current('soc2020-structure');
      const groups = await socGroupsOfEdition(store.db, previous!.id);
      const revised = groups.map((g) =>
        g.code === '2134' ? { ...g, title: 'Programmers and software developers' } : g,
      );
      const checks: Check[] = [{ rule: 'titles are unchanged', status: 'warn', observed: '1 changed' }];
      const detected = await recordDetectedEdition(store.db, newRelease('soc2020-structure'));
      const published = await publishEdition(store.db, detected, checks, (trx) =>
        insertSocGroups(trx, detected.id, revised),
      );
      assert.equal(published.status, 'published');
      assert.equal(published.rowsStored, 551);

      const stored = (await findEdition(store.db, detected.id))!;
      assert.deepEqual([stored.status, stored.rowsStored, stored.checks], ['published', 551, checks]);
      assert.equal(stored.publishedAt, published.publishedAt);
      assert.deepEqual(
        (await current('soc2020-structure')).map((e) => e.id),
        [detected.id],
      );
      assert.equal((await findEdition(store.db, previous!.id))!.status, 'superseded');
      assert.equal(
        (await socGroupsOfEdition(store.db, previous!.id)).find((g) => g.code === '2134')!.title,
        'Programmers and software development professionals',
      );
      assert.equal(
        (await socGroupsOfEdition(store.db, detected.id)).find((g) => g.code === '2134')!.title,
        'Programmers and software developers',
      );
    });

    it('supersedes within the series only: a new 2024 ASHE release leaves 2022 and 2023 current', async () => {
      const before = await current('ashe-table14');
      const detected = await recordDetectedEdition(store.db, newRelease('ashe-table14', '2024'));
      await publishEdition(store.db, detected, [], (trx) =>
        insertAsheRelease(trx, detected.id, { year: 2024, provisional: false }, []),
      );
      const after = await current('ashe-table14');
      assert.deepEqual(
        after.map((e) => [e.seriesKey, e.id]),
        [
          ['2022', before.find((e) => e.seriesKey === '2022')!.id],
          ['2023', before.find((e) => e.seriesKey === '2023')!.id],
          ['2024', detected.id],
        ],
      );
      assert.equal((await findEdition(store.db, before.find((e) => e.seriesKey === '2024')!.id))!.status, 'superseded');
    });

    it('leaves nothing half-done when staging fails: no rows, not published, the current edition still current', async () => {
      const [previous] = await current('soc2020-structure');
      const detected = await recordDetectedEdition(store.db, newRelease('soc2020-structure'));
      await assert.rejects(
        publishEdition(store.db, detected, [], async (trx) => {
          await insertSocGroups(trx, detected.id, [
            { code: '9', level: 'major', title: 'Elementary occupations', parentCode: null },
          ]);
          throw new Error('the disk is full');
        }),
        /the disk is full/,
      );
      assert.equal((await findEdition(store.db, detected.id))!.status, 'parsing');
      assert.equal((await socGroupsOfEdition(store.db, detected.id)).length, 0);
      assert.deepEqual(
        (await current('soc2020-structure')).map((e) => e.id),
        [previous!.id],
      );
    });

    it('quarantines a release with the checks it failed; it never becomes current and is listed newest first', async () => {
      const [previous] = await current('soc2020-index');
      const checks: Check[] = [{ rule: 'records: at least 30,000', status: 'fail', observed: '12' }];
      const detected = await recordDetectedEdition(store.db, newRelease('soc2020-index'));
      await quarantineEdition(store.db, detected.id, checks);
      const [newest, ...older] = await listEditions(store.db, 'soc2020-index');
      assert.deepEqual([newest!.id, newest!.status, newest!.checks], [detected.id, 'quarantined', checks]);
      assert.deepEqual(
        older.map((e) => e.id),
        [previous!.id],
      );
      assert.deepEqual(
        (await current('soc2020-index')).map((e) => e.id),
        [previous!.id],
      );
    });

    it('refuses a move its lifecycle does not allow: a quarantined edition is neither published nor quarantined again', async () => {
      const [previous] = await current('soc2020-structure');
      const held = await recordDetectedEdition(store.db, newRelease('soc2020-structure'));
      await quarantineEdition(store.db, held.id, []);
      await assert.rejects(
        publishEdition(store.db, held, [], async () => 0),
        (error) => error instanceof EditionTransitionError && /cannot become published/.test(error.message),
      );
      await assert.rejects(quarantineEdition(store.db, held.id, []), EditionTransitionError);
      assert.equal((await findEdition(store.db, held.id))!.status, 'quarantined');
      assert.deepEqual(
        (await current('soc2020-structure')).map((e) => e.id),
        [previous!.id],
        'the refused publish left the current edition current',
      );
    });
  });
}
