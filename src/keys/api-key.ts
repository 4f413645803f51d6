import { createHmac, hash, randomBytes, randomUUID } from 'node:crypto';
import type { Tier } from '../config.js';
import { insertApiKey, revokeKeysOfAddress, type ApiKeyRecord } from '../store/keys.js';
import { nowIso } from '../store/clock.js';
import type { DbOrTx } from '../store/schema.js';

const KEY_MARK = 'lmi_';
/** Characters of the key shown for identification: the mark and eight random characters. */
const PREFIX_LENGTH = KEY_MARK.length + 8;

/** One-shot `crypto.hash`: on every keyed request, about three times cheaper than a Hash object. */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** Keyed hash of a normalised e-mail address: enough to find an address's keys, useless if leaked. */
export function hashEmail(email: string, secret: string): string {
  return createHmac('sha256', secret).update(email.trim().toLowerCase(), 'utf8').digest('hex');
}

export function looksLikeApiKey(value: string): boolean {
  return /^lmi_[A-Za-z0-9_-]{43}$/.test(value);
}

interface IssuedApiKey {
  key: string;
  record: ApiKeyRecord;
  replacedKeys: number;
}

interface IssueKeyOptions {
  tier: Tier;
  emailHmac: string | null;
  /** Overrides the tier's per-minute limit for this one key. */
  requestsPerMinute?: number | null;
  /** Revoke the address's earlier keys (a confirmed request replaces them). */
  replaceEarlier?: boolean;
}

/** Creates a key: 32 random bytes shown once, stored only as SHA-256 with a display prefix. */
export async function issueApiKey(db: DbOrTx, options: IssueKeyOptions): Promise<IssuedApiKey> {
  const key = KEY_MARK + randomBytes(32).toString('base64url');
  const replacedKeys =
    options.replaceEarlier && options.emailHmac ? await revokeKeysOfAddress(db, options.emailHmac) : 0;
  const record = await insertApiKey(db, {
    id: randomUUID(),
    prefix: key.slice(0, PREFIX_LENGTH),
    key_hash: hashApiKey(key),
    email_hmac: options.emailHmac,
    tier: options.tier.name,
    requests_per_minute: options.requestsPerMinute ?? null,
    created_at: nowIso(),
    revoked_at: null,
  });
  return { key, record, replacedKeys };
}
