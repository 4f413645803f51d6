import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { publishEdition, quarantineEdition, recordDetectedEdition } from '../../../../src/store/editions.js';
import { DIALECTS_ABOVE_STORE } from '../../../helpers/stores.js';
import { appForSuite } from '../../../helpers/composition-root.js';

interface Item {
  id: string;
  title: string;
  content_text: string;
  date_published: string;
  _lmi: {
    source: string;
    edition: string;
    kind: string;
    status: string;
    superseded: { edition: string; label: string } | null;
    diff: {
      previous: { edition: string; label: string } | null;
      rows: { before: number | null; after: number | null };
      levels: unknown[];
    } | null;
    bulk: { csv: string; jsonl: string } | null;
  };
}

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`change feed (${dialect})`, () => {
    const served = appForSuite(dialect);
    const feed = async () => {
      const res = await served.app.inject({ url: '/v1/meta/changes' });
      assert.equal(res.statusCode, 200);
      return res.json<{ version: string; items: Item[] }>();
    };

    it('lists every settled edition of the template once, newest first, without a key', async () => {
      const { version, items } = await feed();
      assert.equal(version, 'https://jsonfeed.org/version/1.1');
      const editions = (await served.app.inject({ url: '/v1/meta/editions' })).json<Array<{ id: string }>>();
      assert.deepEqual(items.map((i) => i._lmi.edition).sort(), editions.map((e) => e.id).sort());
      const times = items.map((i) => i.date_published);
      assert.deepEqual(times, [...times].sort().reverse());
      const pay = items.find((i) => i._lmi.source === 'ashe-table14')!;
      assert.match(pay._lmi.bulk!.csv, /\/v1\/bulk\/ashe-table14\/[\w-]+\.csv$/);
      assert.equal(items.find((i) => i._lmi.source === 'soc-crosswalk')!._lmi.bulk, null);
    });

    it('adds exactly one entry for a publish, naming what it superseded and what changed', async () => {
      const before = (await feed()).items;
      const current = (await served.services.currentEditions.latest('ons-geography'))!;
      const next = await recordDetectedEdition(served.store.db, {
        sourceKey: 'ons-geography',
        label: 'Local authority districts, a later release',
        seriesKey: current.seriesKey,
        sourceUri: 'test://later',
        sha256: 'e'.repeat(64),
      });
      await publishEdition(served.store.db, next, [], async () => 380, { counts: { districts: 380 }, levels: {} });
      served.refresh();
      const after = (await feed()).items;
      assert.equal(after.length, before.length + 1);
      const entry = after[0]!;
      assert.equal(entry._lmi.edition, next.id);
      assert.equal(entry._lmi.kind, 'published');
      assert.deepEqual(entry._lmi.superseded, { edition: current.id, label: current.label });
      assert.deepEqual(entry._lmi.diff!.previous, { edition: current.id, label: current.label });
      assert.deepEqual(entry._lmi.diff!.rows, { name: 'rows', before: current.rowsStored, after: 380 });
      assert.equal(current.rowsStored, 374);
      assert.ok(entry.content_text.startsWith(`380 rows, 6 more than ${current.label}.`), entry.content_text);
      // The superseded edition keeps its own entry, its state now said.
      assert.equal(after.find((i) => i._lmi.edition === current.id)!._lmi.status, 'superseded');
    });

    it('adds exactly one entry for a quarantine, saying why, with no bulk file', async () => {
      const before = (await feed()).items;
      const held = await recordDetectedEdition(served.store.db, {
        sourceKey: 'ashe-table14',
        label: 'ASHE Table 14, held back',
        seriesKey: '2025',
        sourceUri: 'test://held',
        sha256: 'd'.repeat(64),
      });
      await quarantineEdition(served.store.db, held.id, [
        { rule: 'every expected sheet present', status: 'fail', observed: 'no sheet "All employees"' },
      ]);
      served.refresh();
      const after = (await feed()).items;
      assert.equal(after.length, before.length + 1);
      const entry = after[0]!;
      assert.equal(entry._lmi.kind, 'quarantined');
      assert.equal(entry._lmi.bulk, null);
      assert.match(
        entry.content_text,
        /^Held back, not served: every expected sheet present \(no sheet "All employees"\)/,
      );
    });

    it('answers 304 to its ETag, and gives the same entries as Atom', async () => {
      const first = await served.app.inject({ url: '/v1/meta/changes' });
      const etag = String(first.headers.etag);
      const again = await served.app.inject({ url: '/v1/meta/changes', headers: { 'if-none-match': etag } });
      assert.equal(again.statusCode, 304);
      const atom = await served.app.inject({ url: '/v1/meta/changes.atom' });
      assert.equal(atom.statusCode, 200);
      assert.match(String(atom.headers['content-type']), /^application\/atom\+xml/);
      assert.ok(atom.headers.etag);
      const ids = [...atom.body.matchAll(/<id>urn:uuid:([\w-]+)<\/id>/g)].map((m) => m[1]);
      assert.deepEqual(
        ids,
        first.json<{ items: Item[] }>().items.map((i) => i._lmi.edition),
      );
      const notModified = await served.app.inject({
        url: '/v1/meta/changes.atom',
        headers: { 'if-none-match': String(atom.headers.etag) },
      });
      assert.equal(notModified.statusCode, 304);
    });
  });
}
