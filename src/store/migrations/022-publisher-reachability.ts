import type { Kysely } from 'kysely';

/** The table this migration adds. */
interface PublisherReachability {
  publisher_reachability: {
    host: string;
    checked_at: string;
    reachable: number;
    kind: string | null;
    reason: string | null;
  };
}

/**
 * Issue 47: behind a firewall every source waited its turn to fail, and nothing said why. Each
 * ingest from the publishers first tries every publisher's host at once; what it found is kept
 * here, per host, for /v1/meta/ingest and the 503 of what is not ingested yet.
 */
export async function up(db: Kysely<PublisherReachability>): Promise<void> {
  await db.schema
    .createTable('publisher_reachability')
    .addColumn('host', 'text', (c) => c.primaryKey())
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .addColumn('reachable', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text')
    .addColumn('reason', 'text')
    .execute();
}

export async function down(db: Kysely<PublisherReachability>): Promise<void> {
  await db.schema.dropTable('publisher_reachability').execute();
}
