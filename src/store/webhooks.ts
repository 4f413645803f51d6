import { randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Webhook, WebhookDelivery, WebhookEvent } from '../domain/webhooks.js';
import type { Db, DbOrTx } from './schema.js';
import type { WebhooksTable } from './tables/webhooks.js';

const randomId = (mark: string) => mark + randomBytes(16).toString('base64url');

/** A delivery a deliverer has claimed, with what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  url: string;
  secret: string;
  /** The secret replaced at the last rotation, while it still signs beside `secret`; null otherwise. */
  previousSecret: string | null;
  editionId: string;
  /** Failed attempts so far. */
  attempts: number;
  /** The body fixed at the first attempt; null before it. */
  payload: string | null;
}

function toWebhook(row: Selectable<WebhooksTable> & { pending: number | string | bigint }): Webhook {
  return {
    id: row.id,
    url: row.url,
    createdAt: row.created_at,
    status: row.disabled_at === null ? 'active' : 'disabled',
    disabledAt: row.disabled_at,
    disabledReason: row.disabled_reason,
    consecutiveFailures: Number(row.consecutive_failures),
    lastSuccessAt: row.last_success_at,
    lastFailureAt: row.last_failure_at,
    lastFailure: row.last_failure,
    pendingDeliveries: Number(row.pending),
  };
}

/** Registers a webhook for a key; returns it as its key holder sees it. */
export async function insertWebhook(
  db: DbOrTx,
  row: { keyId: string; url: string; secret: string; at: string },
): Promise<Webhook> {
  const id = randomId('wh_');
  await db
    .insertInto('webhooks')
    .values({
      id,
      key_id: row.keyId,
      url: row.url,
      secret: row.secret,
      previous_secret: null,
      previous_secret_until: null,
      created_at: row.at,
      consecutive_failures: 0,
      last_success_at: null,
      last_failure_at: null,
      last_failure: null,
      disabled_at: null,
      disabled_reason: null,
    })
    .execute();
  return (await findWebhook(db, row.keyId, id))!;
}

function webhooksOf(db: DbOrTx, keyId: string) {
  return db
    .selectFrom('webhooks as w')
    .selectAll('w')
    .select((eb) =>
      eb
        .selectFrom('webhook_deliveries as d')
        .select(eb.fn.countAll().as('n'))
        .whereRef('d.webhook_id', '=', 'w.id')
        .where('d.state', '=', 'pending')
        .as('pending'),
    )
    .where('w.key_id', '=', keyId);
}

/** The key's webhooks, oldest first. */
/** Whether any webhook is registered at all: a read, which never waits for another process's write. */
export async function anyWebhooks(db: DbOrTx): Promise<boolean> {
  return (await db.selectFrom('webhooks').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function listWebhooks(db: DbOrTx, keyId: string): Promise<Webhook[]> {
  const rows = await webhooksOf(db, keyId).orderBy('w.created_at').orderBy('w.id').execute();
  return rows.map((r) => toWebhook({ ...r, pending: r.pending ?? 0 }));
}

/** The key's webhook with this id; null when there is none, or it is another key's. */
export async function findWebhook(db: DbOrTx, keyId: string, id: string): Promise<Webhook | null> {
  const row = await webhooksOf(db, keyId).where('w.id', '=', id).executeTakeFirst();
  return row ? toWebhook({ ...row, pending: row.pending ?? 0 }) : null;
}

/** The newest `limit` deliveries of the key's webhook, newest first; null when the key has no such webhook. */
export async function listWebhookDeliveries(
  db: DbOrTx,
  keyId: string,
  webhookId: string,
  limit: number,
): Promise<WebhookDelivery[] | null> {
  if (!(await findWebhook(db, keyId, webhookId))) return null;
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('edition_changes as c', 'c.edition_id', 'd.edition_id')
    .select([
      'd.id',
      'd.edition_id',
      'c.kind',
      'd.created_at',
      'd.state',
      'd.attempts',
      'd.next_attempt_at',
      'd.last_attempt_at',
      'd.last_status',
      'd.last_error',
      'd.delivered_at',
    ])
    .where('d.webhook_id', '=', webhookId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    event: `edition.${r.kind}` as WebhookEvent,
    edition: r.edition_id,
    createdAt: r.created_at,
    state: r.state as WebhookDelivery['state'],
    attempts: Number(r.attempts),
    nextAttemptAt: r.next_attempt_at,
    lastAttemptAt: r.last_attempt_at,
    lastStatus: r.last_status === null ? null : Number(r.last_status),
    lastError: r.last_error,
    deliveredAt: r.delivered_at,
  }));
}

/** Deletes the key's webhook and its deliveries, sent or not, in one transaction; false when the key has no such webhook. */
export async function deleteWebhook(db: Db, keyId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const owned = await trx
      .selectFrom('webhooks')
      .select('id')
      .where('id', '=', id)
      .where('key_id', '=', keyId)
      .executeTakeFirst();
    if (!owned) return false;
    await trx.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
    await trx.deleteFrom('webhooks').where('id', '=', id).execute();
    return true;
  });
}

/**
 * Replaces the key's webhook's secret; the one it replaces signs beside it until `previousUntil`
 * (a rotation during that time drops the older one at once). Null when the key has no such webhook.
 */
export async function rotateWebhookSecret(
  db: DbOrTx,
  keyId: string,
  id: string,
  rotation: { secret: string; previousUntil: string },
): Promise<Webhook | null> {
  const { numUpdatedRows } = await db
    .updateTable('webhooks')
    // Both dialects read `secret` on the right as it was before this update.
    .set((eb) => ({ previous_secret: eb.ref('secret'), previous_secret_until: rotation.previousUntil }))
    .set({ secret: rotation.secret })
    .where('id', '=', id)
    .where('key_id', '=', keyId)
    .executeTakeFirst();
  return Number(numUpdatedRows) === 1 ? findWebhook(db, keyId, id) : null;
}

/** Deletes the replaced secrets whose time beside the new one has ended by `at`. */
export async function deleteExpiredWebhookSecrets(db: DbOrTx, at: string): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({ previous_secret: null, previous_secret_until: null })
    .where('previous_secret_until', '<=', at)
    .execute();
}

/**
 * Makes the key's disabled webhook active again, its failures in a row back to zero: entries
 * written from now on are queued for it (those abandoned while it was disabled stay so). An active
 * one is left as it is. Null when the key has no such webhook.
 */
export async function enableWebhook(db: DbOrTx, keyId: string, id: string): Promise<Webhook | null> {
  await db
    .updateTable('webhooks')
    .set({ disabled_at: null, disabled_reason: null, consecutive_failures: 0 })
    .where('id', '=', id)
    .where('key_id', '=', keyId)
    .where('disabled_at', 'is not', null)
    .execute();
  return findWebhook(db, keyId, id);
}

/**
 * Queues the feed entry of `editionId` for every webhook active now (not disabled, its key live),
 * in the transaction that writes the entry: an entry is either in the feed and queued for each
 * webhook, or neither. The unique (webhook, entry) pair makes a second queueing impossible.
 */
export async function enqueueWebhookDeliveries(db: DbOrTx, editionId: string, at: string): Promise<void> {
  const active = await db
    .selectFrom('webhooks as w')
    .innerJoin('api_keys as k', 'k.id', 'w.key_id')
    .select('w.id')
    .where('w.disabled_at', 'is', null)
    .where('k.revoked_at', 'is', null)
    .execute();
  if (active.length === 0) return;
  await db
    .insertInto('webhook_deliveries')
    .values(
      active.map((w) => ({
        id: randomId('msg_'),
        webhook_id: w.id,
        edition_id: editionId,
        created_at: at,
        state: 'pending',
        attempts: 0,
        next_attempt_at: at,
        lease_until: null,
        payload: null,
        last_attempt_at: null,
        last_status: null,
        last_error: null,
        delivered_at: null,
      })),
    )
    .execute();
}

/** Stops the webhooks whose key has been revoked, and abandons their pending deliveries. */
export async function disableWebhooksOfRevokedKeys(db: DbOrTx, at: string): Promise<void> {
  const revoked = db.selectFrom('api_keys').select('id').where('revoked_at', 'is not', null);
  const stopped = await db
    .updateTable('webhooks')
    .set({ disabled_at: at, disabled_reason: 'the API key that registered it was revoked' })
    .where('disabled_at', 'is', null)
    .where('key_id', 'in', revoked)
    .returning('id')
    .execute();
  await abandonPending(
    db,
    stopped.map((w) => w.id),
  );
}

async function abandonPending(db: DbOrTx, webhookIds: string[]): Promise<void> {
  if (webhookIds.length === 0) return;
  await db
    .updateTable('webhook_deliveries')
    .set({ state: 'abandoned', next_attempt_at: null, lease_until: null })
    .where('webhook_id', 'in', webhookIds)
    .where('state', '=', 'pending')
    .execute();
}

/**
 * Claims up to `limit` deliveries due by `at` for `leaseMs`, oldest first: each is taken by a
 * conditional update, so of several deliverers (replicas) exactly one wins it, on either dialect.
 * A claim whose deliverer died is due again when its lease ends.
 */
export async function claimDueDeliveries(
  db: DbOrTx,
  at: string,
  leaseUntil: string,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const due = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select([
      'd.id',
      'd.webhook_id',
      'd.edition_id',
      'd.attempts',
      'd.payload',
      'd.lease_until',
      'w.url',
      'w.secret',
      'w.previous_secret',
      'w.previous_secret_until',
    ])
    .where('d.state', '=', 'pending')
    .where('d.next_attempt_at', '<=', at)
    .where('w.disabled_at', 'is', null)
    .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<=', at)]))
    .orderBy('d.next_attempt_at')
    .orderBy('d.id')
    .limit(limit)
    .execute();
  const claimed: ClaimedDelivery[] = [];
  for (const d of due) {
    const { numUpdatedRows } = await db
      .updateTable('webhook_deliveries')
      .set({ lease_until: leaseUntil })
      .where('id', '=', d.id)
      .where('state', '=', 'pending')
      .where((eb) => (d.lease_until === null ? eb('lease_until', 'is', null) : eb('lease_until', '=', d.lease_until)))
      .executeTakeFirst();
    if (Number(numUpdatedRows) === 1)
      claimed.push({
        id: d.id,
        webhookId: d.webhook_id,
        url: d.url,
        secret: d.secret,
        previousSecret: d.previous_secret_until !== null && d.previous_secret_until > at ? d.previous_secret : null,
        editionId: d.edition_id,
        attempts: Number(d.attempts),
        payload: d.payload,
      });
  }
  return claimed;
}

/** Fixes the body of a delivery at its first attempt. */
export async function saveDeliveryPayload(db: DbOrTx, id: string, payload: string): Promise<void> {
  await db.updateTable('webhook_deliveries').set({ payload }).where('id', '=', id).execute();
}

/** A 2xx: the delivery is done and its webhook's failures are forgiven. */
export async function recordDeliverySuccess(
  db: DbOrTx,
  delivery: ClaimedDelivery,
  at: string,
  status: number,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      state: 'delivered',
      attempts: sql`attempts + 1`,
      next_attempt_at: null,
      lease_until: null,
      last_attempt_at: at,
      last_status: status,
      last_error: null,
      delivered_at: at,
    })
    .where('id', '=', delivery.id)
    .execute();
  await db
    .updateTable('webhooks')
    .set({ consecutive_failures: 0, last_success_at: at })
    .where('id', '=', delivery.webhookId)
    .execute();
}

/**
 * A failed attempt: the delivery waits until `retryAt`, and its webhook counts one more failure
 * in a row; at `maxFailures` the webhook is disabled and its pending deliveries abandoned.
 * Returns whether this failure disabled it.
 */
export async function recordDeliveryFailure(
  db: DbOrTx,
  delivery: ClaimedDelivery,
  failure: { at: string; status: number | null; error: string; retryAt: string; maxFailures: number },
): Promise<boolean> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      attempts: sql`attempts + 1`,
      next_attempt_at: failure.retryAt,
      lease_until: null,
      last_attempt_at: failure.at,
      last_status: failure.status,
      last_error: failure.error,
    })
    .where('id', '=', delivery.id)
    .execute();
  const webhook = await db
    .updateTable('webhooks')
    .set({
      consecutive_failures: sql`consecutive_failures + 1`,
      last_failure_at: failure.at,
      last_failure: failure.error,
    })
    .where('id', '=', delivery.webhookId)
    .returning(['consecutive_failures', 'disabled_at'])
    .executeTakeFirst();
  if (!webhook || webhook.disabled_at !== null || Number(webhook.consecutive_failures) < failure.maxFailures)
    return false;
  await db
    .updateTable('webhooks')
    .set({
      disabled_at: failure.at,
      disabled_reason: `${failure.maxFailures} delivery attempts in a row failed (the last: ${failure.error})`,
    })
    .where('id', '=', delivery.webhookId)
    .execute();
  await abandonPending(db, [delivery.webhookId]);
  return true;
}
