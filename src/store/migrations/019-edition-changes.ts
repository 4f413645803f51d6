import type { Kysely } from 'kysely';
import { describeDiff, describeQuarantine, diffEditions, type DiffedRelease } from '../../domain/changes.js';
import type { Check, EditionSummary } from '../../domain/editions.js';

/** The editions columns this migration reads, as they stood when it was written. */
interface EditionRow {
  id: string;
  source_key: string;
  label: string;
  series_key: string | null;
  status: string;
  detected_at: string;
  published_at: string | null;
  checks: string;
  rows_stored: number | string | null;
  summary: string | null;
}

interface EditionChangeRow {
  edition_id: string;
  source_key: string;
  kind: string;
  settled_at: string;
  superseded_id: string | null;
  previous_id: string | null;
  diff: string | null;
  summary: string;
}

/** The tables this migration touches, typed here rather than from today's schema, which moves on. */
// A type alias, not an interface: withTables wants a record type.
type Tables = { editions: EditionRow; edition_changes: EditionChangeRow };

/**
 * Issue 37: the change feed's entries, one per settled edition. Editions settled before it get
 * theirs now, their diffs worked out from the summaries and row counts the editions table holds.
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped.withTables<Tables>();
  await db.schema
    .createTable('edition_changes')
    .addColumn('edition_id', 'text', (c) => c.primaryKey().references('editions.id'))
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text', (c) => c.notNull())
    .addColumn('superseded_id', 'text')
    .addColumn('previous_id', 'text')
    .addColumn('diff', 'text')
    .addColumn('summary', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('edition_changes_at')
    .on('edition_changes')
    .columns(['settled_at', 'edition_id'])
    .execute();
  const editions = await db
    .selectFrom('editions')
    .selectAll()
    .where('status', '!=', 'parsing')
    .orderBy('published_at')
    .orderBy('detected_at')
    .execute();
  const published = editions.filter((e) => e.published_at !== null);
  for (const e of editions) {
    if (e.status === 'quarantined') {
      const checks = JSON.parse(e.checks) as Check[];
      await insert(
        db,
        e,
        'quarantined',
        e.detected_at,
        { superseded: null, previous: null },
        null,
        describeQuarantine(checks),
      );
      continue;
    }
    if (e.published_at === null) continue;
    const before = published.filter((p) => p.source_key === e.source_key && p.published_at! < e.published_at!);
    const previous = before.at(-1);
    const superseded = before.filter((p) => (p.series_key ?? '') === (e.series_key ?? '')).at(-1);
    const diff = diffEditions(previous ? released(previous) : null, released(e));
    const ids = { superseded: superseded?.id ?? null, previous: previous?.id ?? null };
    await insert(db, e, 'published', e.published_at, ids, JSON.stringify(diff), describeDiff(diff));
  }
}

function released(e: EditionRow): DiffedRelease {
  return {
    id: e.id,
    label: e.label,
    rowsStored: e.rows_stored === null ? null : Number(e.rows_stored),
    summary: e.summary ? (JSON.parse(e.summary) as EditionSummary) : null,
  };
}

async function insert(
  db: Kysely<Tables>,
  e: EditionRow,
  kind: string,
  at: string,
  ids: { superseded: string | null; previous: string | null },
  diff: string | null,
  summary: string,
): Promise<void> {
  await db
    .insertInto('edition_changes')
    .values({
      edition_id: e.id,
      source_key: e.source_key,
      kind,
      settled_at: at,
      superseded_id: ids.superseded,
      previous_id: ids.previous,
      diff,
      summary,
    })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('edition_changes').execute();
}
