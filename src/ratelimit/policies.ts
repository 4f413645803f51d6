/**
 * The limits the service applies, in one place (documented in docs/api.md, "Keys and limits"). Keyed calls are
 * limited per key by the key's tier; everything open is limited per client address (IPv6 clients by /64).
 */
export const LIMITS = {
  /** Window of the per-key limit: the tier's requests per minute. */
  keyWindowSeconds: 60,
  /** Open metadata (/v1/meta/*): per client address. */
  meta: { limit: 120, windowSeconds: 60 },
  /**
   * POST /v1/keys/requests: per client address, and per e-mail address from one client address (so
   * that requests for an address from elsewhere never use up its owner's: no one can lock another
   * person out of signing up).
   */
  keyRequestsPerClient: { limit: 10, windowSeconds: 3600 },
  keyRequestsPerAddress: { limit: 3, windowSeconds: 3600 },
  /**
   * Confirmation mails sent to one e-mail address, whatever client asked: past it the request is
   * answered as ever (202, no hint that someone asked) and recorded, but no mail is sent, so many
   * clients together cannot flood an inbox.
   */
  confirmationMailsPerRecipient: { limit: 5, windowSeconds: 3600 },
  /** The web explorer's pages (/explore): per client address; each page reads several resources. */
  explore: { limit: 60, windowSeconds: 60 },
  /** The embeddable comparison (/embed/compare): per client address; a class behind one school address loads it at once. */
  embed: { limit: 120, windowSeconds: 60 },
  /** Whole files from the explorer's Downloads page (no key): per client address, each a whole release. */
  exploreDownloads: { limit: 10, windowSeconds: 60 },
  /** POST /v1/keys/confirm: per client address. */
  confirmationsPerClient: { limit: 20, windowSeconds: 3600 },
} as const;

export interface Policy {
  /** Name in the RateLimit headers. */
  name: string;
  limit: number;
  windowSeconds: number;
}
