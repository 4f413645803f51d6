import { nowIso } from './clock.js';
import type { DbOrTx } from './schema.js';
import type { KeyRequestsTable } from './tables/keys.js';

export async function insertKeyRequest(db: DbOrTx, row: KeyRequestsTable): Promise<void> {
  await db.insertInto('key_requests').values(row).execute();
}

/**
 * Marks an unused, unexpired request as used and returns its address HMAC; null when the token
 * is unknown, used or expired. The guarded update makes it single-use even when two
 * confirmations race: only one of them changes the row.
 */
export async function consumeKeyRequest(db: DbOrTx, tokenHash: string): Promise<string | null> {
  const now = nowIso();
  const request = await db
    .selectFrom('key_requests')
    .select(['email_hmac'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!request) return null;
  const result = await db
    .updateTable('key_requests')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? request.email_hmac : null;
}

export async function recordIssuedKey(db: DbOrTx, tokenHash: string, keyId: string): Promise<void> {
  await db.updateTable('key_requests').set({ issued_key_id: keyId }).where('token_hash', '=', tokenHash).execute();
}
