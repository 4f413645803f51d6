import { Redis } from 'ioredis';
import { decide, type LimitDecision, type RateLimitStore } from './limiter.js';

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

/**
 * Counts shared by every replica that uses the same Redis. The requests of one key that arrive in
 * the same turn of the event loop are counted together with one INCRBY, each decided on its own
 * place in the count: the same decisions as one INCR each (INCRBY is atomic across replicas),
 * with one command instead of many when a key is busy (a client's 50 connections at once).
 */
export function redisRateLimitStore(url: string, keyPrefix = 'lmi:ratelimit:'): RateLimitStore {
  const redis = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    enableAutoPipelining: true,
  }) as LimiterRedis;
  redis.defineCommand('lmiHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  let waiting = new Map<string, Waiting>();

  const send = () => {
    const turn = waiting;
    waiting = new Map();
    for (const [key, { windowSeconds, requests }] of turn) {
      redis.lmiHit(`${keyPrefix}${key}`, windowSeconds * 1000, requests.length).then(
        ([count, msLeft]) => {
          const first = Number(count) - requests.length + 1;
          requests.forEach(({ limit, resolve }, i) => resolve(decide(first + i, limit, Number(msLeft))));
        },
        (error: unknown) => requests.forEach(({ reject }) => reject(error)),
      );
    }
  };

  return {
    kind: 'redis',
    hit(key, limit, windowSeconds) {
      return new Promise<LimitDecision>((resolve, reject) => {
        if (waiting.size === 0) setImmediate(send);
        let entry = waiting.get(key);
        if (!entry) waiting.set(key, (entry = { windowSeconds, requests: [] }));
        entry.requests.push({ limit, resolve, reject });
      });
    },
    async close() {
      await redis.quit();
    },
  };
}
