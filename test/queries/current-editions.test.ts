import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { SourceCatalog } from '../../src/domain/sources.js';
import { SOURCES } from '../../src/ingest/registry.js';
import { CurrentEditions } from '../../src/queries/current-editions.js';
import { insertAsheRelease } from '../../src/store/pay.js';
import { listEditions, publishEdition, quarantineEdition, recordDetectedEdition } from '../../src/store/editions.js';
import { insertSocGroups, socGroupsOfEdition } from '../../src/store/occupations.js';
import { recordFound } from '../../src/store/upstream-state.js';
import { rejectsWithProblem } from '../helpers/problems.js';
import { DIALECTS_ABOVE_STORE, type TestStore } from '../helpers/stores.js';
import { copyTemplate } from '../helpers/template-databases.js';
import type { SourceKey } from '../../src/domain/sources.js';

/** A key no source has: SourceKey forbids it at compile time; these tests check the run-time guard too. */
const UNREGISTERED = 'no-such-source' as SourceKey;

const sha = (n: number) => String(n).padStart(64, 'f');

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`CurrentEditions (${dialect})`, () => {
    let store: TestStore;
    let current: CurrentEditions;
    before(async () => {
      store = await copyTemplate(dialect);
      current = new CurrentEditions(store.db, new SourceCatalog(SOURCES), 60_000);
    });
    after(() => store.dispose());

    it('serves the newest published series of a source, with the provenance read from that edition', async () => {
      const { edition, source, provenance } = await current.serving('ashe-table14', 'Pay figures');
      assert.deepEqual(
        [edition.label, edition.seriesKey, edition.status],
        ['ASHE Table 14, 2024 provisional', '2024', 'published'],
      );
      assert.equal(source.key, 'ashe-table14');
      assert.deepEqual(provenance, {
        source: 'Annual Survey of Hours and Earnings (ASHE), Table 14: occupation by four-digit SOC 2020',
        publisher: 'Office for National Statistics',
        licence: 'Open Government Licence v3.0',
        edition: 'ASHE Table 14, 2024 provisional',
        published: edition.publishedAt,
        url: 'https://www.ons.gov.uk/employmentandlabourmarket/peopleinwork/earningsandworkinghours/datasets/occupation4digitsoc2010ashetable14',
      });
    });

    it('serves every published series newest first, and the one edition of a source with a single series', async () => {
      assert.deepEqual(
        (await current.servingAll('ashe-table14', 'Pay figures')).map((s) => s.edition.seriesKey),
        ['2024', '2023', '2022'],
      );
      const structure = await current.servingAll('soc2020-structure', 'The classification');
      assert.deepEqual(
        structure.map((s) => s.edition.label),
        ['SOC 2020 Volume 2: the coding index, version 12 (16 April 2025)'],
      );
      assert.equal((await current.latest('soc2020-structure'))!.id, structure[0]!.edition.id);
    });

    it('throws the 404 naming the source, and what comes from it, when a source has no release', async () => {
      assert.equal(await current.latest('ashe-table15'), null);
      const regional = await rejectsWithProblem(
        current.serving('ashe-table15', 'Regional pay figures'),
        'source-unavailable',
        /^Regional pay figures come from "Annual Survey of Hours and Earnings \(ASHE\), Table 15/,
      );
      assert.equal(regional.status, 404);
      assert.equal(regional.extras.source, 'ashe-table15');
      assert.match(regional.detail, /\(source `ashe-table15`\), and no release of it has been ingested/);
      const vacancies = await rejectsWithProblem(
        current.servingAll('ess-vacancies-nations', 'Vacancies in Wales'),
        'source-unavailable',
        /^Vacancies in Wales come from/,
      );
      assert.equal(vacancies.extras.source, 'ess-vacancies-nations');
      assert.throws(() => current.unavailable(UNREGISTERED, 'Anything'), /no source "no-such-source" is registered/);
    });

    it('names the release a publisher offers when the service found it but does not read it (detect-only)', async () => {
      const visas =
        'https://assets.publishing.service.gov.uk/media/6a85c4761b45e4e555421edd/occupation-soc2020-visas-datasets-jun-2026.xlsx';
      await recordFound(store.db, 'home-office-work-visas', {
        label: 'Sponsored work entry clearance visas by occupation and industry (SOC 2020), year ending June 2026',
        seriesKey: null,
        releasedAt: '2026-08-20T09:30:00Z',
        url: visas,
        pageUrl: 'https://www.gov.uk/government/statistical-data-sets/immigration-system-statistics-data-tables',
      });
      const fresh = new CurrentEditions(store.db, new SourceCatalog(SOURCES), 60_000);
      const problem = await rejectsWithProblem(
        fresh.serving('home-office-work-visas', 'Visa figures'),
        'source-unavailable',
        /^Visa figures come from/,
      );
      assert.equal(problem.status, 404);
      assert.ok(
        problem.detail.includes(
          `published "Sponsored work entry clearance visas by occupation and industry (SOC 2020), year ending June 2026" on 2026-08-20 at ${visas}; this service does not read that release yet.`,
        ),
        problem.detail,
      );
    });

    it('pins an exact release by id, whether published or superseded by a later release of its series', async () => {
      const provisional = await current.serving('ashe-table14', 'Pay figures');
      const revised = await recordDetectedEdition(store.db, {
        sourceKey: 'ashe-table14',
        label: 'ASHE Table 14, 2024 revised',
        seriesKey: '2024',
        sourceUri: 'file:///revised.zip',
        sha256: sha(1),
      });
      await publishEdition(store.db, revised, [], (trx) =>
        insertAsheRelease(trx, revised.id, { year: 2024, provisional: false }, []),
      );
      const pinnedOld = await current.pinned('ashe-table14', provisional.edition.id);
      assert.deepEqual(
        [pinnedOld.edition.id, pinnedOld.edition.status, pinnedOld.provenance.edition],
        [provisional.edition.id, 'superseded', 'ASHE Table 14, 2024 provisional'],
      );
      const pinnedNew = await current.pinned('ashe-table14', revised.id);
      assert.equal(pinnedNew.provenance.edition, 'ASHE Table 14, 2024 revised');
    });

    it('refuses to pin, with a 400 listing the releases that can be, an unknown id, a release of another source, a quarantined one', async () => {
      const servable = (await listEditions(store.db, 'ashe-table14'))
        .filter((e) => e.status === 'published' || e.status === 'superseded')
        .map((e) => e.id);
      assert.equal(servable.length, 4, 'three provisional releases and the revised one');

      const unknown = await rejectsWithProblem(
        current.pinned('ashe-table14', '00000000-0000-4000-8000-000000000000'),
        'invalid-parameter',
        /^there is no edition 00000000-0000-4000-8000-000000000000; \/v1\/meta\/editions\?source=ashe-table14 lists the releases\./,
      );
      assert.equal(unknown.status, 400);
      assert.deepEqual(unknown.extras.invalidParams, [
        { name: 'edition', reason: unknown.extras.invalidParams![0]!.reason, validValues: servable },
      ]);

      const structure = (await current.latest('soc2020-structure'))!;
      await rejectsWithProblem(
        current.pinned('ashe-table14', structure.id),
        'invalid-parameter',
        new RegExp(`edition ${structure.id} is a release of \`soc2020-structure\`, not of \`ashe-table14\``),
      );

      const held = await recordDetectedEdition(store.db, {
        sourceKey: 'ashe-table14',
        label: 'ASHE Table 14, 2025 provisional',
        seriesKey: '2025',
        sourceUri: 'file:///broken.zip',
        sha256: sha(2),
      });
      await quarantineEdition(store.db, held.id, [
        {
          rule: "the file can be read in the publisher's layout",
          status: 'fail',
          observed: 'no workbook for Table 14.11b',
        },
      ]);
      await rejectsWithProblem(
        current.pinned('ashe-table14', held.id),
        'invalid-parameter',
        new RegExp(`edition ${held.id} was quarantined and has no figures`),
      );
    });

    it('lists the releases a request can pin, newest first: published and superseded, never a quarantined one', async () => {
      const all = await listEditions(store.db, 'ashe-table14');
      assert.ok(
        all.some((e) => e.status === 'quarantined'),
        'the release held back above is read but left out',
      );
      const pinnable = await current.pinnable('ashe-table14');
      assert.deepEqual(
        pinnable.map((e) => e.id),
        all.filter((e) => e.status === 'published' || e.status === 'superseded').map((e) => e.id),
      );
      assert.deepEqual(pinnable.map((e) => e.status).sort(), ['published', 'published', 'published', 'superseded']);
      assert.deepEqual(await current.pinnable(UNREGISTERED), []);
    });

    it('keeps what it read until invalidated, then sees a newly published edition and tells its listeners once', async () => {
      const before = (await current.latest('soc2020-structure'))!;
      let changes = 0;
      current.onChange(() => changes++);
      const next = await recordDetectedEdition(store.db, {
        sourceKey: 'soc2020-structure',
        label: 'Volume 2, revised',
        seriesKey: null,
        sourceUri: 'file:///v2.xlsx',
        sha256: sha(3),
      });
      const groups = await socGroupsOfEdition(store.db, before.id);
      await publishEdition(store.db, next, [], (trx) => insertSocGroups(trx, next.id, groups));

      assert.equal((await current.latest('soc2020-structure'))!.id, before.id, 'read less than maxAgeMs ago');
      assert.equal(changes, 0);
      current.invalidate();
      assert.equal((await current.latest('soc2020-structure'))!.id, next.id);
      assert.equal(changes, 1);
      current.invalidate();
      await current.all();
      assert.equal(changes, 1, 'nothing changed since');
    });

    it('computes a value of an edition once, drops it when the editions change and computes the new current one then', async () => {
      const own = new CurrentEditions(store.db, new SourceCatalog(SOURCES), 60_000);
      const computed: string[] = [];
      let failNext = false;
      const memo = own.memos.memo({
        name: 'groups',
        sources: ['soc2020-structure'],
        warm: true,
        build: async (editions) => {
          const id = editions['soc2020-structure']!.id;
          computed.push(id);
          if (failNext) {
            failNext = false;
            throw new Error('the database is away');
          }
          return `groups of ${id}`;
        },
      });
      const first = (await own.latest('soc2020-structure'))!;
      const [a, b] = await Promise.all([memo.get(), memo.get()]);
      assert.equal(a, `groups of ${first.id}`);
      assert.equal(b, a);
      assert.equal(await memo.get(), a);
      assert.deepEqual(computed, [first.id], 'once, however many ask');

      const publishAgain = async (label: string, n: number) => {
        const next = await recordDetectedEdition(store.db, {
          sourceKey: 'soc2020-structure',
          label,
          seriesKey: null,
          sourceUri: `file:///v${n}.xlsx`,
          sha256: sha(n),
        });
        const groups = await socGroupsOfEdition(store.db, first.id);
        await publishEdition(store.db, next, [], (trx) => insertSocGroups(trx, next.id, groups));
        own.invalidate();
        assert.equal((await own.latest('soc2020-structure'))!.id, next.id);
        return next;
      };
      const next = await publishAgain('Volume 2, revised again', 4);
      assert.deepEqual(computed, [first.id, next.id], 'the new current edition computed when the change is seen');
      assert.equal(await memo.get(), `groups of ${next.id}`);
      assert.equal(computed.length, 2);

      failNext = true;
      const third = await publishAgain('Volume 2, revised a third time', 5);
      assert.deepEqual(computed, [first.id, next.id, third.id], 'the rebuild on change fails');
      assert.equal(await memo.get(), `groups of ${third.id}`, 'a failure is not kept');
      assert.deepEqual(computed, [first.id, next.id, third.id, third.id]);
    });
  });
}
