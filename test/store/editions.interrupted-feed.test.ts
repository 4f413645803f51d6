import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { INTERRUPTED_RULE } from '../../src/domain/editions.js';
import { listChanges } from '../../src/store/changes.js';
import { findEdition, markInterruptedEditions, recordDetectedEdition } from '../../src/store/editions.js';
import { DIALECTS, openTestStore, type TestStore } from '../helpers/stores.js';

for (const dialect of DIALECTS) {
  describe(`an interrupted ingest's release (${dialect})`, () => {
    let store: TestStore;
    before(async () => {
      store = await openTestStore(dialect);
    });
    after(() => store?.dispose());

    it('is held back, but makes no "quarantined" feed entry: nothing was found wrong with it', async () => {
      const edition = await recordDetectedEdition(store.db, {
        sourceKey: 'soc2020-structure',
        label: 'a release being read when its ingest was killed',
        seriesKey: null,
        sourceUri: 'mirror://ons/volume2.xlsx',
        sha256: 'a'.repeat(64),
        owner: 'gone:1',
      });
      await markInterruptedEditions(store.db, (e) => e.id === edition.id);
      const held = (await findEdition(store.db, edition.id))!;
      assert.equal(held.status, 'quarantined');
      assert.equal(held.checks[0]!.rule, INTERRUPTED_RULE);
      assert.deepEqual(
        (await listChanges(store.db, 10)).filter((entry) => entry.editionId === edition.id),
        [],
      );
    });
  });
}
