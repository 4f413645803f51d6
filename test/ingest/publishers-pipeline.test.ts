import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Discovery, DiscoveryContext } from '../../src/ingest/discovery.js';
import type { AnySourceDescriptor } from '../../src/ingest/source.js';
import { socStructureSource } from '../../src/ingest/sources/ons/soc2020-structure/descriptor.js';
import { listCurrentEditions, listEditions } from '../../src/store/editions.js';
import { newestFoundBySource, sourceChecks } from '../../src/store/upstream-state.js';
import { startPublisherDouble, type PublisherDouble } from '../helpers/publisher-double/server.js';
import { DIALECTS, openTestStore, type TestStore } from '../helpers/stores.js';
import { alteredVolume2, upstreamPath, VOLUME2_FILE } from '../helpers/upstream.js';
import { ingestFromDouble } from '../helpers/publisher-double/ingest.js';

const PAGE = 'https://www.ons.gov.uk/methodology/soc2020volume2codingrulesandconventions';
const FILE_V12 = 'https://www.ons.gov.uk/file?uri=/methodology/soc2020volume2thecodingindexexcel16042025.xlsx';
const FILE_V13 = 'https://www.ons.gov.uk/file?uri=/methodology/soc2020volume2thecodingindexexcel03122025.xlsx';
const HOUR = 3_600_000;

/** SOC 2020 Volume 2 as a publisher would offer it: the releases `discover` names, read through the pipeline. */
function structureSource(discover: (ctx: DiscoveryContext) => Promise<Discovery>): AnySourceDescriptor {
  return { ...socStructureSource, discover };
}

const release = (url: string, label: string, fingerprint?: string) => ({
  label,
  seriesKey: null,
  location: { mirrorPath: VOLUME2_FILE, url },
  pageUrl: PAGE,
  ...(fingerprint ? { fingerprint } : {}),
});

const dataFileGets = (double: PublisherDouble, mark: number) =>
  double.since(mark).filter((r) => r.path.startsWith('/file?') && r.status === 200);

for (const dialect of DIALECTS) {
  describe(`the pipeline reading the publishers (${dialect})`, () => {
    let double: PublisherDouble;
    let store: TestStore;
    const revised = alteredVolume2((sheets) => {
      const row = sheets['SOC2020 framework']!.find((r) => r[4] === 2134)!;
      row[5] = 'Programmers and software developers';
    });
    before(async () => {
      double = await startPublisherDouble();
      store = await openTestStore(dialect);
      double.publish(FILE_V12, { body: readFileSync(upstreamPath(VOLUME2_FILE)) });
    });
    after(async () => {
      await double.stop();
      await store.dispose();
    });
    /** One run, as the refresh schedule's child process makes it: a fetcher of its own. */
    const ingest = (source: AnySourceDescriptor) =>
      ingestFromDouble(double, { store, sources: [source], refreshIntervalMs: 6 * HOUR });

    it('publishes what discovery finds, then reads nothing again while the publisher answers 304', async () => {
      const source = structureSource(async () => ({ releases: [release(FILE_V12, 'Volume 2')] }));
      const [first] = await ingest(source);
      assert.equal(first!.outcome, 'published');
      assert.equal(first!.releases[0]!.rowsStored, 551);
      const mark = double.log.length;
      const [again] = await ingest(source);
      assert.equal(again!.outcome, 'unchanged');
      assert.equal(again!.releases[0]!.bytes, 0);
      assert.deepEqual(
        double.since(mark).map((r) => [r.status, r.conditional]),
        [[304, true]],
      );
      assert.equal((await listEditions(store.db, 'soc2020-structure')).length, 1, 'no new edition');
    });

    it('does not even ask for a release whose fingerprint is the one last settled', async () => {
      const source = structureSource(async () => ({ releases: [release(FILE_V12, 'Volume 2', 'v12|1')] }));
      await ingest(source); // settles the fingerprint with the 304
      const mark = double.log.length;
      const [result] = await ingest(source);
      assert.equal(result!.outcome, 'unchanged');
      assert.deepEqual(double.since(mark), []);
    });

    it('keeps reading the other releases when one fails, and publishes the newest', async () => {
      double.publish(FILE_V13, { body: Buffer.from(revised) });
      const source = structureSource(async () => ({
        releases: [release(`${FILE_V12}.gone`, 'Volume 2 (gone)'), release(FILE_V13, 'Volume 2, version 13')],
      }));
      const [result] = await ingest(source);
      assert.deepEqual(
        result!.releases.map((r) => r.outcome),
        ['failed', 'published'],
      );
      assert.equal(result!.outcome, 'published');
      const current = (await listCurrentEditions(store.db)).find((e) => e.sourceKey === 'soc2020-structure');
      assert.equal(current!.sourceUri, FILE_V13);
    });

    it('quarantines a file over the cap with its size and the cap, unread, and only once', async () => {
      const big = 'https://www.ons.gov.uk/file?uri=/methodology/soc2020volume2thecodingindexexcel20260827.xlsx';
      double.publish(big, { body: Buffer.alloc(3 * 2 ** 20, 1) });
      const source = {
        ...structureSource(async () => ({ releases: [release(big, 'Volume 2, 2026')] })),
        limits: { maxFileBytes: 2 ** 20 },
      };
      const mark = double.log.length;
      const [result] = await ingest(source);
      assert.equal(result!.outcome, 'quarantined');
      const [check] = result!.releases[0]!.checks;
      assert.equal(check!.rule, 'the file is at most 1 MiB, the size this source reads');
      assert.equal(check!.observed, '3 MiB (3145728 bytes); not read');
      assert.ok(double.since(mark).length === 1);
      const [again] = await ingest(source);
      assert.equal(again!.outcome, 'unchanged');
      const current = (await listCurrentEditions(store.db)).find((e) => e.sourceKey === 'soc2020-structure');
      assert.equal(current!.sourceUri, FILE_V13, 'the previous release keeps serving');
    });

    it('reports a publisher that refuses this client as refused, and one that is down as failed, with a sooner check', async () => {
      const source = structureSource(async (ctx) => {
        await ctx.getText('https://www.bls.gov/soc/');
        return { releases: [] };
      });
      double.refuse('www.bls.gov');
      const [refused] = await ingest(source);
      assert.equal(refused!.outcome, 'refused');
      assert.match(refused!.message!, /www\.bls\.gov refuses automated clients \(HTTP 403\)/);
      double.down('www.bls.gov');
      const before = Date.now();
      const [down] = await ingest(source);
      assert.equal(down!.outcome, 'failed');
      const check = (await sourceChecks(store.db)).get('soc2020-structure')!;
      assert.equal(check.lastOutcome, 'failed');
      assert.equal(check.upstream, 'publishers');
      const wait = Date.parse(check.nextCheck!) - before;
      // The second failure in a row (the refusal was the first): tried again after 30 s, not the interval.
      assert.ok(wait >= 30_000 && wait < 60_000, `a failed check is retried within seconds (${wait} ms)`);
      double.up('www.bls.gov');
    });

    it('records a release it only finds (detect-only) and reports it, downloading nothing', async () => {
      const visas =
        'https://assets.publishing.service.gov.uk/media/6a85c4761b45e4e555421edd/occupation-soc2020-visas-datasets-jun-2026.xlsx';
      const source = structureSource(async () => ({
        releases: [],
        found: [
          {
            label: 'Sponsored work entry clearance visas by occupation and industry (SOC 2020), year ending June 2026',
            seriesKey: null,
            releasedAt: '2026-08-20',
            url: visas,
            pageUrl: 'https://www.gov.uk/government/statistical-data-sets/immigration-system-statistics-data-tables',
          },
        ],
      }));
      const mark = double.log.length;
      const [result] = await ingest(source);
      assert.equal(result!.outcome, 'found');
      assert.match(result!.message!, /\(SOC 2020\), year ending June 2026" \(2026-08-20\) at https:\/\/assets/);
      assert.deepEqual(dataFileGets(double, mark), []);
      const found = (await newestFoundBySource(store.db)).get('soc2020-structure')!;
      assert.equal(found.url, visas);
      assert.equal(found.releasedAt, '2026-08-20');
    });

    it('says a source with no publisher surface is read only from a mirror', async () => {
      const [result] = await ingest({ ...socStructureSource, discover: undefined });
      assert.equal(result!.outcome, 'unavailable');
      assert.match(result!.message!, /read only from a mirror/);
    });
  });
}
