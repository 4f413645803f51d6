import { Redis } from 'ioredis';
import { decide, type LimitDecision, type RateLimitStore } from './limiter.js';
import { memoryRateLimitStore } from './memory-store.js';

/**
 * One atomic round trip: count `n` requests, start the window's expiry with its first request,
 * and return the count after them and the milliseconds left.
 */
const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

type LimiterRedis = Redis & { lmiHit(key: string, windowMs: number, n: number): Promise<[number, number]> };

/** The requests of one key waiting for the next round trip (a key's window is fixed by its policy). */
interface Waiting {
  windowSeconds: number;
  requests: Array<{ limit: number; resolve: (decision: LimitDecision) => void; reject: (error: unknown) => void }>;
}

/** Says once per change that Redis went away (the in-process counts stand in) or came back. */
type StandInReport = (active: boolean, reason: string) => void;

/**
 * How long a request may wait for Redis: a limiter that waits for an absent Redis (the offline
 * queue and retries) makes every request wait seconds, so a command either goes now on a ready
 * connection or the in-process counts decide.
 */
const CONNECT_TIMEOUT_MS = 1_000;
const COMMAND_TIMEOUT_MS = 1_000;

/**
 * Counts shared by every replica that uses the same Redis. The requests of one key that arrive in
 * the same turn of the event loop are counted together with one INCRBY, each decided on its own
 * place in the count: the same decisions as one INCR each (INCRBY is atomic across replicas),
 * with one command instead of many when a key is busy (a client's 50 connections at once).
 *
 * Redis is an accelerator, not a dependency: while it is away (not connected, or a command fails
 * or times out) this replica's own counts decide, so limits still hold, per replica, and no
 * request waits; ioredis reconnects in the background and Redis decides again once it is back.
 */
export function redisRateLimitStore(
  url: string,
  keyPrefix = 'lmi:ratelimit:',
  report: StandInReport = () => undefined,
): RateLimitStore {
  const redis = new Redis(url, {
    lazyConnect: false,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    // Reconnect within seconds of Redis coming back, without hammering it while it is away.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  }) as LimiterRedis;
  redis.defineCommand('lmiHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  const local = memoryRateLimitStore();
  const standIn = { active: false, began: 0 };
  let closing = false;
  const setStandIn = (active: boolean, reason: string) => {
    if (closing || standIn.active === active) return;
    standIn.active = active;
    if (active) standIn.began += 1;
    report(active, reason);
  };
  // Before the first connection, the in-process counts decide too (but that is no outage to report).
  redis.on('ready', () => setStandIn(false, 'connected'));
  redis.on('error', (error: Error) => setStandIn(true, error.message));
  redis.on('close', () => setStandIn(true, 'connection closed'));
  const localHit = (key: string, limit: number, windowSeconds: number) =>
    local.hit(key, limit, windowSeconds) as LimitDecision;
  // The first requests wait for the first connection (at most CONNECT_TIMEOUT_MS), so that replicas
  // starting together share their counts from the start; after that, nothing waits for Redis.
  let firstConnection: Promise<void> | null = new Promise<void>((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', resolve);
    redis.once('close', resolve);
  }).then(() => {
    firstConnection = null;
  });
  let waiting = new Map<string, Waiting>();

  const send = () => {
    const turn = waiting;
    waiting = new Map();
    for (const [key, { windowSeconds, requests }] of turn) {
      redis.lmiHit(`${keyPrefix}${key}`, windowSeconds * 1000, requests.length).then(
        ([count, msLeft]) => {
          setStandIn(false, 'answered');
          const first = Number(count) - requests.length + 1;
          requests.forEach(({ limit, resolve }, i) => resolve(decide(first + i, limit, Number(msLeft))));
        },
        (error: unknown) => {
          setStandIn(true, error instanceof Error ? error.message : String(error));
          requests.forEach(({ limit, resolve }) => resolve(localHit(key, limit, windowSeconds)));
        },
      );
    }
  };

  return {
    kind: 'redis',
    standIn,
    hit(key, limit, windowSeconds): LimitDecision | Promise<LimitDecision> {
      if (redis.status !== 'ready')
        return firstConnection
          ? firstConnection.then(() => this.hit(key, limit, windowSeconds))
          : localHit(key, limit, windowSeconds);
      return new Promise<LimitDecision>((resolve, reject) => {
        if (waiting.size === 0) setImmediate(send);
        let entry = waiting.get(key);
        if (!entry) waiting.set(key, (entry = { windowSeconds, requests: [] }));
        entry.requests.push({ limit, resolve, reject });
      });
    },
    async close() {
      closing = true;
      await local.close();
      // quit() waits for a connection that may never come back; a replica closing without Redis just drops it.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
