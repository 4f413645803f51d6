import { findLiveKeyByHash, type ApiKeyRecord } from '../store/keys.js';
import type { Db } from '../store/schema.js';
import { Lru } from '../lru.js';
import { hashApiKey, looksLikeApiKey } from './api-key.js';

/**
 * How long a key's record (or the fact that no live key has that hash) is kept. A revocation or
 * a limit change made anywhere (`lmi keys`, a confirmation on another replica) reaches every
 * replica within this bound; one made by this process's own key confirmations, at once.
 */
export const LIVE_KEY_TTL_MS = 5_000;

interface LiveKeyOptions {
  ttlMs?: number;
  /** Keys remembered as live at most (least recently used dropped first). */
  maxLive?: number;
  /** Unknown or revoked hashes remembered at most: random keys cannot grow memory, nor push live keys out. */
  maxUnknown?: number;
  now?: () => number;
}

interface Entry {
  record: ApiKeyRecord | null;
  until: number;
}

/**
 * Live API keys by their SHA-256, kept in memory for `ttlMs`, so a keyed request costs a hash and
 * a map lookup instead of a database query. Concurrent first requests with one key share one query.
 */
export class LiveKeys {
  private readonly live: Lru<Entry>;
  private readonly unknown: Lru<Entry>;
  private readonly loading = new Map<string, Promise<ApiKeyRecord | null>>();
  /** Bumped by clear(), so a lookup that started before a revocation does not store what it read. */
  private generation = 0;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    options: LiveKeyOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? LIVE_KEY_TTL_MS;
    this.now = options.now ?? Date.now;
    this.live = new Lru(options.maxLive ?? 10_000);
    this.unknown = new Lru(options.maxUnknown ?? 1_000);
  }

  /** The live key record of a presented key; null when malformed, unknown or revoked. A promise only when it has to ask the database. */
  find(key: string): ApiKeyRecord | null | Promise<ApiKeyRecord | null> {
    if (!looksLikeApiKey(key)) return null;
    const hash = hashApiKey(key);
    const entry = this.live.get(hash) ?? this.unknown.get(hash);
    if (entry && entry.until > this.now()) return entry.record;
    let pending = this.loading.get(hash);
    if (!pending) {
      const loading = this.load(hash).finally(() => {
        if (this.loading.get(hash) === loading) this.loading.delete(hash);
      });
      this.loading.set(hash, loading);
      pending = loading;
    }
    return pending;
  }

  /** Forgets every key: this process has just revoked some. */
  clear(): void {
    this.generation += 1;
    this.loading.clear();
    this.live.clear();
    this.unknown.clear();
  }

  /** How many hashes are remembered, live and unknown. */
  get size(): { live: number; unknown: number } {
    return { live: this.live.size, unknown: this.unknown.size };
  }

  private async load(hash: string): Promise<ApiKeyRecord | null> {
    const generation = this.generation;
    const record = await findLiveKeyByHash(this.db, hash);
    if (generation !== this.generation) return record;
    const entry = { record, until: this.now() + this.ttlMs };
    if (record) {
      this.unknown.delete(hash);
      this.live.set(hash, entry);
    } else {
      this.live.delete(hash);
      this.unknown.set(hash, entry);
    }
    return record;
  }
}
