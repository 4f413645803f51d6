import { Redis } from 'ioredis';
import { decide, type RateLimitStore } from './limiter.js';

/**
 * One atomic round trip: count the request, start the window's expiry on its first request,
 * and return the count and the milliseconds left.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

type LimiterRedis = Redis & { lmiHit(key: string, windowMs: number): Promise<[number, number]> };

/** Counts shared by every replica that uses the same Redis. */
export function redisRateLimitStore(url: string, keyPrefix = 'lmi:ratelimit:'): RateLimitStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true, enableAutoPipelining: true }) as LimiterRedis;
  redis.defineCommand('lmiHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  return {
    kind: 'redis',
    async hit(key, limit, windowSeconds) {
      const [count, msLeft] = await redis.lmiHit(`${keyPrefix}${key}`, windowSeconds * 1000);
      return decide(Number(count), limit, Number(msLeft));
    },
    async close() {
      await redis.quit();
    },
  };
}
