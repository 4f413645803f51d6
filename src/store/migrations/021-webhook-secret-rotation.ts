import type { Kysely } from 'kysely';

/** The columns this migration adds, on the table it changes. */
interface WebhookSecretRotation {
  webhooks: {
    previous_secret: string | null;
    previous_secret_until: string | null;
  };
}

/**
 * Issue 45: a webhook's secret can be rotated. The secret it replaces is kept (sealed, as the
 * secret is) until `previous_secret_until`, and signs each delivery beside the new one meanwhile,
 * so a receiver can switch to the new secret without refusing a delivery.
 */
export async function up(db: Kysely<WebhookSecretRotation>): Promise<void> {
  // One column a statement: SQLite adds only one per ALTER TABLE.
  await db.schema.alterTable('webhooks').addColumn('previous_secret', 'text').execute();
  await db.schema.alterTable('webhooks').addColumn('previous_secret_until', 'text').execute();
}

export async function down(db: Kysely<WebhookSecretRotation>): Promise<void> {
  await db.schema.alterTable('webhooks').dropColumn('previous_secret_until').execute();
  await db.schema.alterTable('webhooks').dropColumn('previous_secret').execute();
}
