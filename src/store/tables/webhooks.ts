/** Key holders' webhook subscriptions to the change feed, and the outbox of their deliveries. */
export interface WebhooksTables {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export interface WebhooksTable {
  /** `wh_` and random characters: the id the key holder sees. */
  id: string;
  /** The API key that registered it: only that key sees it, and its revocation stops it. */
  key_id: string;
  /** The https:// address POSTed to. */
  url: string;
  /** `whsec_` and base64 of 32 random bytes (Standard Webhooks), sealed: kept to sign each delivery. */
  secret: string;
  /** The secret `secret` replaced at its last rotation (sealed likewise): it signs beside it until `previous_secret_until`. */
  previous_secret: string | null;
  previous_secret_until: string | null;
  created_at: string;
  /** Failed attempts since the last success, across deliveries; at the limit the webhook is disabled. */
  consecutive_failures: number;
  last_success_at: string | null;
  last_failure_at: string | null;
  /** What the last failure was, in words (`HTTP 500`, `timed out after 10 s`). */
  last_failure: string | null;
  /** Set when deliveries stopped: too many failures, or the key revoked. */
  disabled_at: string | null;
  disabled_reason: string | null;
}

export interface WebhookDeliveriesTable {
  /** `msg_` and random characters: the `webhook-id` header, the same on every retry. */
  id: string;
  webhook_id: string;
  /** The feed entry (edition_changes.edition_id). */
  edition_id: string;
  created_at: string;
  /** pending | delivered | abandoned (its webhook disabled or deleted first) */
  state: string;
  attempts: number;
  /** When a pending delivery is next tried; null once settled. */
  next_attempt_at: string | null;
  /** A deliverer holds it until then: replicas never send one delivery twice at once. */
  lease_until: string | null;
  /** The JSON body, fixed at the first attempt so that every retry sends the same bytes. */
  payload: string | null;
  last_attempt_at: string | null;
  /** The receiver's HTTP status on the last attempt; null when it never answered. */
  last_status: number | null;
  last_error: string | null;
  delivered_at: string | null;
}
