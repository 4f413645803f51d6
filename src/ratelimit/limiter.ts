/** The outcome of counting one request against a limit. */
export interface LimitDecision {
  allowed: boolean;
  limit: number;
  /** Requests left in the current window (0 once over). */
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
}

/**
 * Counts requests per key in fixed windows that start at a key's first request. Two stores
 * behind this interface: in-process (one replica) and Redis (any number of replicas share a limit).
 */
export interface RateLimitStore {
  readonly kind: 'memory' | 'redis';
  /** The in-process store answers at once (no promise on the hot path); Redis answers with a promise. */
  hit(key: string, limit: number, windowSeconds: number): LimitDecision | Promise<LimitDecision>;
  /** Redis only: whether Redis is away and the in-process counts stand in, and how often that began (metrics). */
  standIn?: { readonly active: boolean; readonly began: number };
  close(): Promise<void>;
}

export function decide(count: number, limit: number, msLeft: number): LimitDecision {
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.max(1, Math.ceil(msLeft / 1000)),
  };
}
