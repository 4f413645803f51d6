import { openWebhookSecret, retryDelayMs, webhookSignatures, type WebhookEvent } from '../domain/webhooks.js';
import { serviceVersion } from '../ingest/fetch/user-agent.js';
import type { Changes } from '../queries/changes/index.js';
import { storeFault } from '../store/faults.js';
import type { Db } from '../store/schema.js';
import {
  anyWebhooks,
  claimDueDeliveries,
  deleteExpiredWebhookSecrets,
  disableWebhooksOfRevokedKeys,
  recordDeliveryFailure,
  recordDeliverySuccess,
  saveDeliveryPayload,
  type ClaimedDelivery,
} from '../store/webhooks.js';
import { postWebhook, type SendSettings } from './sender.js';

/** A receiver has this long to answer (connect, TLS and response together). */
const DELIVERY_TIMEOUT_MS = 10_000;
/** Deliveries claimed per pass, and sent at once. */
const BATCH = 20;
const AT_ONCE = 4;

interface DelivererSettings {
  publicUrl: string;
  /** The service's secret (LMI_SECRET), under which each webhook's signing secret is sealed. */
  serviceSecret: string;
  maxFailures: number;
  privateAddresses: boolean;
  timeoutMs?: number;
  /** The CAs to trust (tests: their own); undefined: Node's own. */
  ca?: string[];
}

interface DelivererLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What one attempt came to. */
interface Attempt {
  delivery: string;
  webhook: string;
  status: number | null;
  ok: boolean;
  /** Set when this failure disabled the webhook. */
  disabled: boolean;
}

const quiet: DelivererLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The `User-Agent` of every delivery: the service, its version and where receivers read about it. */
function webhookUserAgent(publicUrl: string): string {
  return `uk-lmi-webhooks/${serviceVersion()} (+${publicUrl})`;
}

/**
 * Sends the outbox: each pass claims the deliveries that are due, POSTs each one signed, and
 * records a success, or a failure with its next attempt after an exponential back-off. It runs on
 * a timer in `lmi serve` whose work is a few queries and outbound requests, awaited, never on a
 * request's path; every replica may run one (claims are leases). Time comes from `clock`, so
 * tests move it instead of waiting.
 */
export class WebhookDeliverer {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly send: SendSettings;

  constructor(
    private readonly db: Db,
    private readonly changes: Changes,
    private readonly settings: DelivererSettings,
    private readonly clock: () => Date = () => new Date(),
    private readonly log: DelivererLogger = quiet,
  ) {
    this.send = {
      userAgent: webhookUserAgent(settings.publicUrl),
      timeoutMs: settings.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      privateAddresses: settings.privateAddresses,
      ...(settings.ca ? { ca: settings.ca } : {}),
    };
  }

  /** One pass: every delivery due now, sent; returns what each attempt came to. */
  async deliverDue(): Promise<Attempt[]> {
    // With no webhooks there is nothing to write: an idle deliverer never takes the write lock,
    // so it never waits behind an ingest's write (SQLite) nor fails on it.
    if (!(await anyWebhooks(this.db))) return [];
    const now = this.clock();
    await disableWebhooksOfRevokedKeys(this.db, now.toISOString());
    await deleteExpiredWebhookSecrets(this.db, now.toISOString());
    // A lease outlasts the attempt, so no other deliverer takes it meanwhile.
    const leaseUntil = new Date(now.getTime() + 3 * this.send.timeoutMs).toISOString();
    const claimed = await claimDueDeliveries(this.db, now.toISOString(), leaseUntil, BATCH);
    const attempts: Attempt[] = [];
    for (let i = 0; i < claimed.length; i += AT_ONCE)
      attempts.push(...(await Promise.all(claimed.slice(i, i + AT_ONCE).map((d) => this.attempt(d)))));
    return attempts;
  }

  /** Starts the passes, one every `intervalMs` after the last ended (nothing when null). */
  start(intervalMs: number | null): void {
    if (intervalMs === null || this.stopped) return;
    this.timer = setTimeout(() => {
      void this.deliverDue()
        .catch((error: unknown) => {
          // The database busy or away is the store's to report: one line, and the next pass tries again.
          if (storeFault(error))
            this.log.warn({ reason: (error as Error).message }, 'webhook deliveries wait for the database');
          else this.log.error({ err: error }, 'webhook deliveries failed');
        })
        .finally(() => this.start(intervalMs));
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async attempt(delivery: ClaimedDelivery): Promise<Attempt> {
    const body = delivery.payload ?? (await this.payload(delivery));
    const timestamp = Math.floor(this.clock().getTime() / 1000);
    // While a rotation's grace lasts, the secret it replaced signs too, after the new one.
    const secrets = [delivery.secret, delivery.previousSecret]
      .filter((sealed) => sealed !== null)
      .map((sealed) => openWebhookSecret(sealed, this.settings.serviceSecret));
    const result = await postWebhook(
      delivery.url,
      {
        'webhook-id': delivery.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': webhookSignatures(secrets, delivery.id, timestamp, body),
      },
      body,
      this.send,
    );
    const at = this.clock();
    const status = 'status' in result ? result.status : null;
    const base = { delivery: delivery.id, webhook: delivery.webhookId, status };
    if (status !== null && status >= 200 && status < 300) {
      await recordDeliverySuccess(this.db, delivery, at.toISOString(), status);
      return { ...base, ok: true, disabled: false };
    }
    const error = 'error' in result ? result.error : `HTTP ${status}`;
    const retryAt = new Date(at.getTime() + retryDelayMs(delivery.attempts + 1)).toISOString();
    const disabled = await recordDeliveryFailure(this.db, delivery, {
      at: at.toISOString(),
      status,
      error,
      retryAt,
      maxFailures: this.settings.maxFailures,
    });
    if (disabled) this.log.warn({ webhook: delivery.webhookId, error }, 'webhook disabled after repeated failures');
    return { ...base, ok: false, disabled };
  }

  /** The body of a delivery, fixed at its first attempt: `{type, timestamp, data}` with the feed item. */
  private async payload(delivery: ClaimedDelivery): Promise<string> {
    const item = await this.changes.item(delivery.editionId);
    if (!item) throw new Error(`the feed has no entry for edition ${delivery.editionId}`);
    const type: WebhookEvent = `edition.${item._lmi.kind}`;
    const body = JSON.stringify({ type, timestamp: item.date_published, data: item });
    await saveDeliveryPayload(this.db, delivery.id, body);
    return body;
  }
}
