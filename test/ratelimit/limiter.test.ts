import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { RateLimitStore } from '../../src/ratelimit/limiter.js';
import { memoryRateLimitStore } from '../../src/ratelimit/memory-store.js';
import { redisRateLimitStore } from '../../src/ratelimit/redis-store.js';

export const TEST_REDIS_URL = process.env.LMI_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let clock = 1_000_000;
const stores: Array<[string, () => RateLimitStore]> = [
  ['memory', () => memoryRateLimitStore(() => clock)],
  ['redis', () => redisRateLimitStore(TEST_REDIS_URL, `lmi:test:${randomUUID()}:`)],
];

for (const [kind, make] of stores) {
  describe(`rate limit store (${kind})`, () => {
    const store = make();
    after(() => store.close());

    it('allows the limit, refuses the next, and counts down what is left', async () => {
      const key = randomUUID();
      for (let i = 1; i <= 5; i++) {
        const d = await store.hit(key, 5, 60);
        assert.equal(d.allowed, true);
        assert.equal(d.remaining, 5 - i);
        assert.ok(d.resetSeconds >= 1 && d.resetSeconds <= 60);
      }
      const over = await store.hit(key, 5, 60);
      assert.deepEqual(
        { allowed: over.allowed, remaining: over.remaining, limit: over.limit },
        { allowed: false, remaining: 0, limit: 5 },
      );
    });

    it('keeps keys apart', async () => {
      const a = randomUUID();
      await store.hit(a, 1, 60);
      assert.equal((await store.hit(a, 1, 60)).allowed, false);
      assert.equal((await store.hit(randomUUID(), 1, 60)).allowed, true);
    });
  });
}

describe('windows end', () => {
  it('starts a fresh window once the last one is over (memory, with a clock)', async () => {
    const store = memoryRateLimitStore(() => clock);
    await store.hit('k', 1, 60);
    assert.equal((await store.hit('k', 1, 60)).allowed, false);
    clock += 60_001;
    assert.equal((await store.hit('k', 1, 60)).allowed, true);
  });

  it('expires the Redis key with the window', async () => {
    const store = redisRateLimitStore(TEST_REDIS_URL, `lmi:test:${randomUUID()}:`);
    try {
      await store.hit('k', 1, 1);
      assert.equal((await store.hit('k', 1, 1)).allowed, false);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      assert.equal((await store.hit('k', 1, 1)).allowed, true);
    } finally {
      await store.close();
    }
  });
});

describe('Redis: the requests of a key in one turn counted with one INCRBY', () => {
  it('decides each on its own place in the count, as one INCR each would', async () => {
    const prefix = `lmi:test:${randomUUID()}:`;
    const store = redisRateLimitStore(TEST_REDIS_URL, prefix);
    const other = redisRateLimitStore(TEST_REDIS_URL, prefix);
    try {
      // Seven at once against a limit of 5, then two more from another replica sharing the count.
      const together = await Promise.all(Array.from({ length: 7 }, async () => store.hit('busy', 5, 60)));
      assert.deepEqual(together.map((d) => d.remaining).sort(), [0, 0, 0, 1, 2, 3, 4]);
      assert.deepEqual(together.map((d) => d.allowed).filter(Boolean).length, 5);
      const later = await Promise.all(['busy', 'busy', 'calm'].map(async (key) => other.hit(key, 5, 60)));
      assert.deepEqual(
        later.map((d) => d.allowed),
        [false, false, true],
      );
      assert.equal(later[2]!.remaining, 4);
      assert.ok(together.every((d) => d.resetSeconds >= 1 && d.resetSeconds <= 60));
    } finally {
      await store.close();
      await other.close();
    }
  });
});
