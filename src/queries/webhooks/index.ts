import { invalidParameter, Problem } from '../../domain/problems.js';
import {
  newWebhookSecret,
  SECRET_ROTATION_GRACE_MS,
  sealWebhookSecret,
  webhookUrlProblem,
  type Webhook,
  type WebhookDelivery,
} from '../../domain/webhooks.js';
import type { CreatedWebhook, RotatedWebhookSecret } from '../../schemas/webhooks.js';
import { nowIso } from '../../store/clock.js';
import type { Db } from '../../store/schema.js';
import {
  deleteWebhook,
  enableWebhook,
  findWebhook,
  insertWebhook,
  listWebhookDeliveries,
  listWebhooks,
  rotateWebhookSecret,
} from '../../store/webhooks.js';

/** How many of a webhook's deliveries are listed: the newest. */
export const DELIVERIES_LISTED = 50;

/** How many webhooks one key may register: enough for any integrator, too few to fan a release out widely. */
export const WEBHOOKS_PER_KEY = 10;

/**
 * A key holder's webhooks: registered, listed, read, re-keyed, enabled and deleted by the key
 * that registered them only (another key's webhook is a 404, as if it did not exist). Deliveries
 * are src/webhooks.
 */
export class Webhooks {
  constructor(
    private readonly db: Db,
    /** LMI_WEBHOOK_PRIVATE_ADDRESSES: whether loopback and private addresses may be registered (tests, intranets). */
    private readonly allowPrivate: boolean,
    /** The service's secret (LMI_SECRET), which seals each webhook's signing secret at rest. */
    private readonly serviceSecret: string,
  ) {}

  async create(keyId: string, url: string): Promise<CreatedWebhook> {
    const problem = webhookUrlProblem(url.trim(), this.allowPrivate);
    if (problem) throw invalidParameter('url', `\`url\` ${problem}`);
    const owned = await listWebhooks(this.db, keyId);
    if (owned.length >= WEBHOOKS_PER_KEY)
      throw new Problem(
        'invalid-parameter',
        `This key already has ${owned.length} webhooks, the most one key may have: delete one first (DELETE /v1/webhooks/{id}).`,
        { invalidParams: [{ name: 'url', reason: `a key may register at most ${WEBHOOKS_PER_KEY} webhooks` }] },
      );
    const secret = newWebhookSecret();
    const sealed = sealWebhookSecret(secret, this.serviceSecret);
    const webhook = await insertWebhook(this.db, { keyId, url: url.trim(), secret: sealed, at: nowIso() });
    return { ...webhook, secret };
  }

  list(keyId: string): Promise<Webhook[]> {
    return listWebhooks(this.db, keyId);
  }

  async get(keyId: string, id: string): Promise<Webhook> {
    const webhook = await findWebhook(this.db, keyId, id);
    if (!webhook) throw notFound(id);
    return webhook;
  }

  /** The webhook's newest deliveries, newest first. */
  async deliveries(keyId: string, id: string): Promise<WebhookDelivery[]> {
    const deliveries = await listWebhookDeliveries(this.db, keyId, id, DELIVERIES_LISTED);
    if (!deliveries) throw notFound(id);
    return deliveries;
  }

  /** A new secret, shown this once; the one it replaces signs beside it for a day (Standard Webhooks' rotation). */
  async rotateSecret(keyId: string, id: string): Promise<RotatedWebhookSecret> {
    const secret = newWebhookSecret();
    const previousSecretExpiresAt = new Date(Date.parse(nowIso()) + SECRET_ROTATION_GRACE_MS).toISOString();
    const webhook = await rotateWebhookSecret(this.db, keyId, id, {
      secret: sealWebhookSecret(secret, this.serviceSecret),
      previousUntil: previousSecretExpiresAt,
    });
    if (!webhook) throw notFound(id);
    return { ...webhook, secret, previousSecretExpiresAt };
  }

  /** A disabled webhook made active again, its failures forgiven; an active one as it is. */
  async enable(keyId: string, id: string): Promise<Webhook> {
    const webhook = await enableWebhook(this.db, keyId, id);
    if (!webhook) throw notFound(id);
    return webhook;
  }

  async delete(keyId: string, id: string): Promise<void> {
    const deleted = await deleteWebhook(this.db, keyId, id);
    if (!deleted) throw notFound(id);
  }
}

function notFound(id: string): Problem {
  return new Problem(
    'webhook-not-found',
    `This key has no webhook "${id}". GET /v1/webhooks lists the webhooks this key registered.`,
  );
}
