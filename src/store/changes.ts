import type { ChangeEntry, ChangeKind, EditionDiff } from '../domain/changes.js';
import { describeDiff, describeQuarantine, diffEditions } from '../domain/changes.js';
import { SERVABLE_STATUSES, type Check, type EditionSummary } from '../domain/editions.js';
import type { Insertable } from 'kysely';
import type { DbOrTx } from './schema.js';
import type { EditionChangesTable } from './tables/changes.js';
import { enqueueWebhookDeliveries } from './webhooks.js';

/** A feed entry worked out, to be written once the edition it names has settled. */
type PendingChange = Insertable<EditionChangesTable>;

/**
 * The feed entry of an edition being published, read in the publishing transaction before the
 * edition it supersedes changes state: the diff is against the source's most recently published
 * release, the superseded one is the published one of the same series.
 */
async function publicationChange(
  trx: DbOrTx,
  edition: { id: string; sourceKey: string; label: string; seriesKey: string | null },
  rowsStored: number,
  summary: EditionSummary | null,
  at: string,
): Promise<PendingChange> {
  const before = await trx
    .selectFrom('editions')
    .select(['id', 'label', 'series_key', 'status', 'rows_stored', 'summary'])
    .where('source_key', '=', edition.sourceKey)
    .where('status', 'in', SERVABLE_STATUSES)
    .where('id', '!=', edition.id)
    .orderBy('published_at', 'desc')
    .execute();
  const previous = before[0];
  const superseded = before.find((e) => e.status === 'published' && (e.series_key ?? '') === (edition.seriesKey ?? ''));
  const diff = diffEditions(
    previous
      ? {
          id: previous.id,
          label: previous.label,
          rowsStored: previous.rows_stored === null ? null : Number(previous.rows_stored),
          summary: previous.summary ? (JSON.parse(previous.summary) as EditionSummary) : null,
        }
      : null,
    { id: edition.id, label: edition.label, rowsStored, summary },
  );
  return {
    edition_id: edition.id,
    source_key: edition.sourceKey,
    kind: 'published',
    settled_at: at,
    superseded_id: superseded?.id ?? null,
    previous_id: previous?.id ?? null,
    diff: JSON.stringify(diff),
    summary: describeDiff(diff),
  };
}

/**
 * Writes the feed entry of an edition being published, in its publishing transaction: worked out
 * before `settle` (which supersedes and publishes) so that the superseded edition is found while
 * still published, written after it so that a move the lifecycle refuses fails as that.
 */
export async function recordPublication(
  trx: DbOrTx,
  edition: { id: string; sourceKey: string; label: string; seriesKey: string | null },
  rowsStored: number,
  summary: EditionSummary | null,
  at: string,
  settle: () => Promise<void>,
): Promise<void> {
  const change = await publicationChange(trx, edition, rowsStored, summary, at);
  await settle();
  await trx.insertInto('edition_changes').values(change).execute();
  await enqueueWebhookDeliveries(trx, edition.id, at);
}

/** Writes the feed entry of an edition held back. */
export async function recordQuarantine(
  db: DbOrTx,
  edition: { id: string; sourceKey: string },
  checks: readonly Check[],
  at: string,
): Promise<void> {
  await db
    .insertInto('edition_changes')
    .values({
      edition_id: edition.id,
      source_key: edition.sourceKey,
      kind: 'quarantined',
      settled_at: at,
      superseded_id: null,
      previous_id: null,
      diff: null,
      summary: describeQuarantine(checks),
    })
    .execute();
  await enqueueWebhookDeliveries(db, edition.id, at);
}

/** The newest entries first (ties in time by edition id), at most `limit`. */
export async function listChanges(db: DbOrTx, limit: number): Promise<ChangeEntry[]> {
  return changeEntries(db, limit, null);
}

/** The feed entry of one edition; null when it has none (it has not settled). */
export async function findChange(db: DbOrTx, editionId: string): Promise<ChangeEntry | null> {
  return (await changeEntries(db, 1, editionId))[0] ?? null;
}

async function changeEntries(db: DbOrTx, limit: number, editionId: string | null): Promise<ChangeEntry[]> {
  const rows = await db
    .selectFrom('edition_changes as c')
    .innerJoin('editions as e', 'e.id', 'c.edition_id')
    .leftJoin('editions as s', 's.id', 'c.superseded_id')
    .leftJoin('editions as p', 'p.id', 'c.previous_id')
    .select([
      'c.edition_id',
      'c.source_key',
      'c.kind',
      'c.settled_at',
      'c.superseded_id',
      'c.previous_id',
      'c.diff',
      'c.summary',
      'e.label',
      'e.status',
      's.label as superseded_label',
      'p.label as previous_label',
    ])
    .$if(editionId !== null, (q) => q.where('c.edition_id', '=', editionId!))
    .orderBy('c.settled_at', 'desc')
    .orderBy('c.edition_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    editionId: r.edition_id,
    sourceKey: r.source_key,
    label: r.label,
    kind: r.kind as ChangeKind,
    status: r.status,
    at: r.settled_at,
    superseded: r.superseded_id ? { id: r.superseded_id, label: r.superseded_label ?? r.superseded_id } : null,
    previous: r.previous_id ? { id: r.previous_id, label: r.previous_label ?? r.previous_id } : null,
    diff: r.diff ? (JSON.parse(r.diff) as EditionDiff) : null,
    summary: r.summary,
  }));
}
