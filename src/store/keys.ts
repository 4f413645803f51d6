import { nowIso } from './clock.js';
import type { DbOrTx } from './schema.js';
import type { ApiKeysTable } from './tables/keys.js';

export interface ApiKeyRecord {
  id: string;
  prefix: string;
  tier: string;
  requestsPerMinute: number | null;
  createdAt: string;
  revokedAt: string | null;
}

function toRecord(
  row: Pick<ApiKeysTable, 'id' | 'prefix' | 'tier' | 'requests_per_minute' | 'created_at' | 'revoked_at'>,
): ApiKeyRecord {
  return {
    id: row.id,
    prefix: row.prefix,
    tier: row.tier,
    requestsPerMinute: row.requests_per_minute === null ? null : Number(row.requests_per_minute),
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

const PUBLIC_COLUMNS = ['id', 'prefix', 'tier', 'requests_per_minute', 'created_at', 'revoked_at'] as const;

export async function insertApiKey(db: DbOrTx, row: ApiKeysTable): Promise<ApiKeyRecord> {
  await db.insertInto('api_keys').values(row).execute();
  return toRecord(row);
}

/** The live (not revoked) key with this hash, if any. */
export async function findLiveKeyByHash(db: DbOrTx, keyHash: string): Promise<ApiKeyRecord | null> {
  const row = await db
    .selectFrom('api_keys')
    .select(PUBLIC_COLUMNS)
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function listApiKeys(db: DbOrTx): Promise<ApiKeyRecord[]> {
  const rows = await db.selectFrom('api_keys').select(PUBLIC_COLUMNS).orderBy('created_at').orderBy('prefix').execute();
  return rows.map(toRecord);
}

/** Revokes the key with this display prefix; returns false when no live key has it. */
export async function revokeKeyByPrefix(db: DbOrTx, prefix: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: nowIso() })
    .where('prefix', '=', prefix)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Revokes every live key of an address (by its HMAC); returns how many were revoked. */
export async function revokeKeysOfAddress(db: DbOrTx, emailHmac: string): Promise<number> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: nowIso() })
    .where('email_hmac', '=', emailHmac)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
