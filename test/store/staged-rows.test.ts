import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { issueApiKey } from '../../src/keys/api-key.js';
import { openStore, type Store } from '../../src/store/database.js';
import { findEdition, listCurrentEditions, publishEdition, recordDetectedEdition } from '../../src/store/editions.js';
import { insertSocGroups, socGroupsOfEdition } from '../../src/store/occupations.js';
import type { SocGroup } from '../../src/domain/soc.js';
import { openTestStore, type TestStore } from '../helpers/stores.js';

/** Enough groups for several batches of insertInBatches (8,000 values, five columns a row). */
const GROUPS: SocGroup[] = Array.from({ length: 4_000 }, (_, i) => ({
  code: String(1000 + i),
  level: 'unit',
  title: `group ${i}`,
  parentCode: null,
}));

/**
 * SQLite's batched publish (issue 47: a key took 28 s to create while ASHE was written in one
 * transaction): the ingest's connection writes a release's rows in short transactions, so that
 * the serving process's connection to the same file writes a key while the release is half
 * written, and readers still see the release only once it is published, whole.
 */
describe('a release staged in batches on SQLite', () => {
  let ingest: TestStore;
  let serving: Store;
  before(async () => {
    ingest = await openTestStore('sqlite');
    serving = openStore(ingest.options);
  });
  after(async () => {
    await serving?.close();
    await ingest?.dispose();
  });

  const release = (n: number) =>
    recordDetectedEdition(ingest.db, {
      sourceKey: 'soc2020-structure',
      label: `staged ${n}`,
      seriesKey: null,
      sourceUri: `file:///staged/${n}`,
      sha256: `${n}`.padStart(64, '0'),
    });

  it('lets another connection write a key half way through, and publishes the release whole', async () => {
    const detected = await release(1);
    let halfWritten!: () => void;
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    const written = new Promise<void>((resolve) => (halfWritten = resolve));
    const publishing = publishEdition(
      ingest.db,
      detected,
      [],
      async (db) => {
        const first = await insertSocGroups(db, detected.id, GROUPS.slice(0, 2_000));
        halfWritten();
        await paused;
        return first + (await insertSocGroups(db, detected.id, GROUPS.slice(2_000)));
      },
      null,
      { rowsInBatches: true },
    );
    await written;
    // In one transaction this write waited the whole busy timeout (5 s) and failed: "database is locked".
    const issued = await issueApiKey(serving.db, {
      tier: { name: 'free', requestsPerMinute: 60 },
      emailHmac: null,
      requestsPerMinute: null,
    });
    assert.match(issued.key, /\S/);
    assert.deepEqual(await listCurrentEditions(serving.db), [], 'the half-written release is not served');
    assert.equal((await findEdition(serving.db, detected.id))!.status, 'parsing');
    resume();
    const published = await publishing;
    assert.equal(published.rowsStored, 4_000);
    assert.deepEqual(
      (await listCurrentEditions(serving.db)).map((e) => e.id),
      [detected.id],
    );
    assert.equal((await socGroupsOfEdition(serving.db, detected.id)).length, 4_000);
  });

  it('deletes the rows it wrote when the stage fails, and leaves the edition unpublished', async () => {
    const detected = await release(2);
    await assert.rejects(
      publishEdition(
        ingest.db,
        detected,
        [],
        async (db) => {
          await insertSocGroups(db, detected.id, GROUPS);
          throw new Error('the disk is full');
        },
        null,
        { rowsInBatches: true },
      ),
      /the disk is full/,
    );
    assert.equal((await findEdition(ingest.db, detected.id))!.status, 'parsing');
    assert.equal((await socGroupsOfEdition(ingest.db, detected.id)).length, 0);
  });
});
