import type { Db } from './schema.js';

/** What the last ingest from the publishers found when it first tried a publisher's host. */
interface PublisherReach {
  host: string;
  checkedAt: string;
  reachable: boolean;
  /** Why not: `refused`, `timed out`, `dns`, `tls`, `http` or `network`; null when reachable. */
  kind: string | null;
  reason: string | null;
}

export async function recordReachability(db: Db, reaches: PublisherReach[]): Promise<void> {
  for (const r of reaches) {
    const values = { checked_at: r.checkedAt, reachable: r.reachable ? 1 : 0, kind: r.kind, reason: r.reason };
    await db
      .insertInto('publisher_reachability')
      .values({ host: r.host, ...values })
      .onConflict((oc) => oc.column('host').doUpdateSet(values))
      .execute();
  }
}

/** Every host tried, by name. */
export async function publisherReachability(db: Db): Promise<PublisherReach[]> {
  const rows = await db.selectFrom('publisher_reachability').selectAll().orderBy('host').execute();
  return rows.map((r) => ({
    host: r.host,
    checkedAt: r.checked_at,
    reachable: r.reachable === 1,
    kind: r.kind,
    reason: r.reason,
  }));
}
