import { Redis } from 'ioredis';

/** The Redis channel on which a revocation is announced to every replica. */
const REVOCATION_CHANNEL = 'lmi:keys:revoked';

/**
 * How a revocation reaches the key checks of every replica at once. Each replica remembers keys
 * for LIVE_KEY_TTL_MS (src/keys/live-keys.ts); an announcement makes every replica forget them
 * now, so a revoked key is refused on its next request wherever it arrives. The TTL stays the
 * bound when an announcement is lost (a replica cut off from Redis, an edit made in the database).
 */
export interface KeyRevocations {
  /** Keys were revoked: every replica (this one included) forgets the keys it remembers. */
  announce(): Promise<void>;
  /** Settles once this replica hears announcements (or has given up on its first connection). */
  listening: Promise<void>;
  close(): Promise<void>;
}

/** One process, no Redis: the only replica is this one. */
export function localKeyRevocations(forget: () => void): KeyRevocations {
  return {
    announce: async () => forget(),
    listening: Promise.resolve(),
    close: async () => undefined,
  };
}

const CONNECTION = { maxRetriesPerRequest: 2, connectTimeout: 2_000 } as const;

/** Replicas sharing a Redis: announcements are published on REVOCATION_CHANNEL, and each replica listens. */
export function redisKeyRevocations(url: string, forget: () => void): KeyRevocations {
  const listener = new Redis(url, CONNECTION);
  const publisher = new Redis(url, { ...CONNECTION, lazyConnect: true });
  // An outage is the rate limiter's to report (src/ratelimit/redis-store.ts); here the TTL covers it.
  listener.on('error', () => undefined);
  publisher.on('error', () => undefined);
  listener.on('message', forget);
  // Announcements made while this replica was cut off are lost: forget everything on (re)connecting.
  listener.on('ready', forget);
  const listening = listener.subscribe(REVOCATION_CHANNEL).then(
    () => undefined,
    () => undefined,
  );
  return {
    listening,
    async announce() {
      forget();
      await publisher.publish(REVOCATION_CHANNEL, 'revoked');
    },
    async close() {
      await Promise.all([listener.quit(), publisher.status === 'wait' ? undefined : publisher.quit()]);
    },
  };
}

/** Tells the replicas that a command revoked keys (`lmi keys revoke`); without Redis they see it within the TTL. */
export async function announceRevocation(redisUrl: string | null): Promise<boolean> {
  if (!redisUrl) return false;
  const publisher = new Redis(redisUrl, { ...CONNECTION, lazyConnect: true });
  publisher.on('error', () => undefined);
  try {
    await publisher.connect();
    await publisher.publish(REVOCATION_CHANNEL, 'revoked');
    return true;
  } finally {
    publisher.disconnect();
  }
}
