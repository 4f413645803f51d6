import { createHash, randomBytes } from 'node:crypto';
import type { Config, Tier } from '../config.js';
import { consumeKeyRequest, insertKeyRequest, recordIssuedKey } from '../store/key-requests.js';
import type { Db } from '../store/schema.js';
import { hashEmail, issueApiKey } from './api-key.js';
import type { KeyRevocations } from './key-revocations.js';
import { confirmationMail } from './confirmation-mail.js';
import type { Mailer } from './mailer.js';

/** How long a confirmation link works. */
export const CONFIRMATION_TTL_HOURS = 24;

export interface IssuedKeyResponse {
  key: string;
  prefix: string;
  tier: string;
  requestsPerMinute: number;
  replacedKeys: number;
}

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Free keys by e-mail confirmation. A request stores only the address's HMAC and the token's
 * hash and mails a single-use link; confirming it issues a key and revokes the address's
 * earlier keys. Nothing here looks at whether the address already has a key, so a request is
 * answered the same way, in the same time, whatever the answer would be.
 */
export class KeyIssuance {
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly secret: string,
    private readonly mailer: Mailer,
    private readonly log: Logger,
    /** Told when a confirmation revokes earlier keys, so they stop working on every replica at once. */
    private readonly revocations?: Pick<KeyRevocations, 'announce'>,
  ) {}

  emailHmac(email: string): string {
    return hashEmail(email, this.secret);
  }

  get freeTier(): Tier {
    return this.config.tiers.find((t) => t.name === 'free')!;
  }

  /**
   * Records the request and sends the link in the background (the caller's answer does not wait
   * on the mail server); `mail: false` (the recipient's cap reached) records it, sending nothing.
   */
  async request(email: string, { mail = true }: { mail?: boolean } = {}): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await insertKeyRequest(this.db, {
      token_hash: hashToken(token),
      email_hmac: this.emailHmac(email),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CONFIRMATION_TTL_HOURS * 3_600_000).toISOString(),
      used_at: null,
      issued_key_id: null,
    });
    if (!mail) return;
    const link = `${this.config.publicUrl}/keys/confirm?token=${encodeURIComponent(token)}`;
    const sent = this.mailer
      .send(confirmationMail(email.trim(), link, CONFIRMATION_TTL_HOURS))
      .then((where) => this.log.info({ mail: this.mailer.description, where }, 'key confirmation mail sent'))
      .catch((error: unknown) =>
        this.log.error({ err: error, mail: this.mailer.description }, 'key confirmation mail failed'),
      )
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  /** Issues the key for a valid token, once; null for an unknown, used or expired token. */
  async confirm(token: string): Promise<IssuedKeyResponse | null> {
    const tokenHash = hashToken(token);
    const issued = await this.db.transaction().execute(async (trx) => {
      const emailHmac = await consumeKeyRequest(trx, tokenHash);
      if (emailHmac === null) return null;
      const tier = this.freeTier;
      const issued = await issueApiKey(trx, { tier, emailHmac, replaceEarlier: true });
      await recordIssuedKey(trx, tokenHash, issued.record.id);
      return {
        key: issued.key,
        prefix: issued.record.prefix,
        tier: tier.name,
        requestsPerMinute: issued.record.requestsPerMinute ?? tier.requestsPerMinute,
        replacedKeys: issued.replacedKeys,
      };
    });
    if (issued && issued.replacedKeys > 0)
      await this.revocations?.announce().catch((error: unknown) =>
        // Not announced (Redis is down): the other replicas see it within LIVE_KEY_TTL_MS.
        this.log.error({ err: error }, 'key revocation not announced to the other replicas'),
      );
    return issued;
  }

  /** Waits for mails still being sent (graceful close, and tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.sending]);
  }
}
