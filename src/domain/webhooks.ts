import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { ChangeKind } from './changes.js';
import { specialPurpose } from './special-addresses.js';

/**
 * Webhooks for the change feed, in the Standard Webhooks format (standardwebhooks.com): each
 * delivery is a POST of `{type, timestamp, data}` with the headers `webhook-id`,
 * `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256>`, so a receiver can check
 * it with any Standard Webhooks library, or with a few lines of its own.
 */

/** The event of a feed entry: `edition.published` or `edition.quarantined`. */
export type WebhookEvent = `edition.${ChangeKind}`;

export const WEBHOOK_EVENTS: readonly WebhookEvent[] = ['edition.published', 'edition.quarantined'];

/** A subscription as its key holder sees it: where it points and how its deliveries are going. */
export interface Webhook {
  id: string;
  url: string;
  createdAt: string;
  /** `disabled`: no more deliveries (failures, or the key revoked) until it is enabled again. */
  status: 'active' | 'disabled';
  disabledAt: string | null;
  disabledReason: string | null;
  /** Failed attempts since the last success; at the limit the webhook is disabled. */
  consecutiveFailures: number;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastFailure: string | null;
  /** Deliveries not yet made, waiting for their first attempt or a retry. */
  pendingDeliveries: number;
}

/** One feed entry's delivery to one webhook, as its key holder sees it. */
export interface WebhookDelivery {
  /** The `webhook-id` header: the same on every attempt, for the receiver to drop repeats. */
  id: string;
  event: WebhookEvent;
  /** The edition whose feed entry it carries. */
  edition: string;
  createdAt: string;
  /** `abandoned`: its webhook was disabled before it got through. */
  state: 'pending' | 'delivered' | 'abandoned';
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  /** The receiver's HTTP status on the last attempt; null when it did not answer. */
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: string | null;
}

/** The secret's mark, as Standard Webhooks writes it: what follows is base64 of the key bytes. */
const SECRET_MARK = 'whsec_';

/** A new subscription's signing secret: 32 random bytes. */
export function newWebhookSecret(): string {
  return SECRET_MARK + randomBytes(32).toString('base64');
}

/** How a stored secret starts: sealed with AES-256-GCM, then its IV, ciphertext and tag (base64url). */
const SEALED_MARK = 'sealed.v1.';

/** The sealing key: derived from the service's own secret (LMI_SECRET), never stored beside the rows. */
function sealingKey(serviceSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serviceSecret, 'uk-lmi', 'webhook signing secrets', 32));
}

/**
 * A webhook's secret as stored: unlike an API key it cannot be kept as a hash, since every
 * delivery is signed with it, so it is sealed under the service's secret; a copy of the database
 * alone cannot sign a delivery.
 */
export function sealWebhookSecret(secret: string, serviceSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(serviceSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${SEALED_MARK}${[iv, sealed, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.')}`;
}

/** The secret a sealed one holds; throws when it was sealed under another service secret. */
export function openWebhookSecret(stored: string, serviceSecret: string): string {
  if (!stored.startsWith(SEALED_MARK)) throw new Error('a webhook secret stored unsealed');
  const [iv, sealed, tag] = stored
    .slice(SEALED_MARK.length)
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(serviceSecret), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
}

/**
 * The `webhook-signature` header of one attempt: HMAC-SHA256, keyed with the secret's bytes, of
 * `<webhook-id>.<webhook-timestamp>.<body>`, base64, after the version `v1,`.
 */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_MARK) ? secret.slice(SECRET_MARK.length) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/**
 * How long a rotated-out secret keeps signing beside its replacement: a day, for the receiver to
 * take the new one into use without refusing a delivery meanwhile.
 */
export const SECRET_ROTATION_GRACE_MS = 24 * 3_600_000;

/**
 * The `webhook-signature` header signed with each of the secrets in use, newest first: the
 * signatures space-separated, as Standard Webhooks sends them while a secret is being rotated.
 */
export function webhookSignatures(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  return secrets.map((secret) => webhookSignature(secret, id, timestamp, body)).join(' ');
}

/** The first retry comes this long after a failed attempt; each next one four times later. */
const FIRST_RETRY_MS = 30_000;
/** The longest wait between two attempts. */
const LONGEST_RETRY_MS = 12 * 3_600_000;

/**
 * How long after its `attempts`-th failed attempt a delivery is tried again: 30 s, 2 min, 8 min,
 * 32 min, 2 h 8 min, 8 h 32 min, then every 12 h. With the default limit of 8 consecutive failures
 * a receiver that never answers is disabled about 23 hours after the first attempt.
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 4 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

const LONGEST_URL = 2048;

/**
 * Why `url` cannot be a webhook's address, or null when it can: an absolute https:// URL without
 * credentials or fragment, at most 2,048 characters, and (unless `allowPrivate`) not a
 * special-purpose address (special-addresses.ts). Names are checked when each delivery resolves them.
 */
export function webhookUrlProblem(url: string, allowPrivate: boolean): string | null {
  if (url.length > LONGEST_URL) return `is ${url.length} characters long; at most ${LONGEST_URL}`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not an absolute URL';
  }
  if (parsed.protocol !== 'https:')
    return `must be an https:// address (deliveries are signed, and sent over TLS only)`;
  if (parsed.username || parsed.password) return 'must not carry a user name or password';
  if (parsed.hash) return 'must not have a fragment (#...)';
  // `localhost.` is `localhost`: the trailing dot of a fully qualified name goes before the check.
  const host = parsed.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (allowPrivate) return null;
  if (host === 'localhost' || host.endsWith('.localhost'))
    return 'must be a public address, not a loopback, private or other special-purpose one: localhost is loopback';
  const purpose = specialPurpose(host);
  if (purpose)
    return `must be a public address, not a loopback, private or other special-purpose one: ${parsed.hostname} is ${purpose}`;
  return null;
}
