import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { publishEdition, recordDetectedEdition } from '../../../../src/store/editions.js';
import { appForSuite } from '../../../helpers/composition-root.js';
import { DIALECTS_ABOVE_STORE } from '../../../helpers/stores.js';

interface FeedItem {
  _lmi: { source: string; edition: string; status: string; bulk: { csv: string; jsonl: string } | null };
}
interface Listed {
  source: string;
  editions: Array<{ id: string; csv: string; jsonl: string }>;
}

/** A per-occupation source (its file is built by `GET /v1/local-areas`, for the current edition only). */
const SOURCE = 'ons-geography';

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`bulk links after a supersede (${dialect})`, () => {
    const served = appForSuite(dialect);
    const feed = async () => (await served.app.inject({ url: '/v1/meta/changes' })).json<{ items: FeedItem[] }>().items;
    const listing = async () => (await served.get('/v1/bulk')).json<{ sources: Listed[] }>().sources;
    /** Every file address the feed and the listing hand out now. */
    const handedOut = async () => [
      ...(await feed()).flatMap((i) => (i._lmi.bulk ? [i._lmi.bulk.csv, i._lmi.bulk.jsonl] : [])),
      ...(await listing()).flatMap((s) => s.editions.flatMap((e) => [e.csv, e.jsonl])),
    ];
    /** A link asked with `If-None-Match: *`: a 304 says its file is served, without building it. */
    const ask = (link: string) => served.get(new URL(link).pathname, { 'if-none-match': '*' });

    it('answers every link it handed out: the file, or a 404 naming the edition that replaced it and its file', async () => {
      const before = await handedOut();
      /** A later release of the source's current series, published (with no rows: what the link says is the point). */
      const supersede = async (sourceKey: 'ons-geography' | 'ashe-table14', label: string) => {
        const current = (await served.services.currentEditions.latest(sourceKey))!;
        const later = await recordDetectedEdition(served.store.db, {
          sourceKey,
          label,
          seriesKey: current.seriesKey,
          sourceUri: `test://later/${sourceKey}`,
          sha256: sourceKey === SOURCE ? 'f'.repeat(64) : 'c'.repeat(64),
        });
        await publishEdition(served.store.db, later, [], async () => 0, { counts: {}, levels: {} });
        return { current, later };
      };
      const { current: previous, later: next } = await supersede(SOURCE, 'Local authority districts, a later release');
      assert.ok(
        before.some((l) => l.includes(`/${SOURCE}/${previous.id}.`)),
        'the current edition was linked',
      );
      // A table kept by edition, superseded too: its superseded edition's files stay served.
      const pay = await supersede('ashe-table14', 'ASHE Table 14, a revised release');
      served.refresh();

      const after = await handedOut();
      for (const link of after) assert.equal((await ask(link)).statusCode, 304, `handed out after: ${link}`);
      for (const link of before.filter((l) => !after.includes(l))) {
        const res = await ask(link);
        assert.equal(res.statusCode, 404, link);
        const { detail } = res.json<{ detail: string }>();
        const format = link.slice(link.lastIndexOf('.') + 1);
        assert.ok(detail.includes(`Edition ${previous.id} ("${previous.label}") of ${SOURCE} was superseded`), detail);
        assert.ok(detail.includes(`The current edition is "${next.label}" (edition ${next.id}`), detail);
        assert.ok(
          detail.includes(`${served.services.config.publicUrl}/v1/bulk/${SOURCE}/${next.id}.${format}`),
          detail,
        );
        assert.ok(detail.includes(`/v1/bulk/${SOURCE}/latest.${format}`), detail);
      }
      // Only the superseded per-occupation edition's links went; a table's superseded editions keep theirs.
      assert.deepEqual(
        [...new Set(before.filter((l) => !after.includes(l)))].sort(),
        [`${previous.id}.csv`, `${previous.id}.jsonl`].map(
          (f) => `${served.services.config.publicUrl}/v1/bulk/${SOURCE}/${f}`,
        ),
      );
      const items = await feed();
      const old = items.find((i) => i._lmi.edition === previous.id)!;
      assert.deepEqual([old._lmi.status, old._lmi.bulk], ['superseded', null]);
      const table = items.find((i) => i._lmi.edition === pay.current.id)!;
      assert.equal(table._lmi.status, 'superseded');
      assert.ok(table._lmi.bulk && after.includes(table._lmi.bulk.csv), 'a superseded table edition keeps its files');
    });
  });
}
