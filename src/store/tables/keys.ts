/** API keys and the e-mail confirmations that issue them. */
export interface KeysTables {
  api_keys: ApiKeysTable;
  key_requests: KeyRequestsTable;
}

export interface ApiKeysTable {
  id: string;
  prefix: string;
  key_hash: string;
  /** HMAC-SHA-256 of the normalised address, keyed with the server secret; null for operator keys without one. */
  email_hmac: string | null;
  tier: string;
  /** Overrides the tier's limit for this key when set. */
  requests_per_minute: number | null;
  created_at: string;
  revoked_at: string | null;
}

export interface KeyRequestsTable {
  token_hash: string;
  email_hmac: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  issued_key_id: string | null;
}
