import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { issueApiKey } from '../../src/keys/api-key.js';
import type { LimitDecision } from '../../src/ratelimit/limiter.js';
import { redisRateLimitStore } from '../../src/ratelimit/redis-store.js';
import { startRedisChild, type RedisChild } from '../helpers/redis-child.js';
import { serve, type ServedApp } from '../helpers/served-app.js';
import { copyTemplate } from '../helpers/template-databases.js';

async function until(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Redis as an accelerator: killed under a replica, the in-process counts apply the limits, and Redis takes over again once back. */
describe('Redis away', () => {
  let redis: RedisChild;
  before(async () => {
    redis = await startRedisChild();
  });
  after(() => redis.kill());

  it('the store counts in process while Redis is away, says so once each way, and shares counts again once it is back', async () => {
    const reports: boolean[] = [];
    const prefix = `lmi:test:${randomUUID()}:`;
    const store = redisRateLimitStore(redis.url, prefix, (away) => reports.push(away));
    try {
      assert.equal((await store.hit('k', 3, 60)).allowed, true);
      assert.equal(store.standIn?.active, false);
      await redis.kill();
      const away: LimitDecision[] = [];
      for (let i = 0; i < 4; i++) away.push(await store.hit('away', 3, 60));
      assert.deepEqual(
        away.map((d) => d.allowed),
        [true, true, true, false],
      );
      assert.equal(store.standIn?.active, true);
      assert.deepEqual(reports, [true], 'one report when Redis went away, not one per request');

      await redis.restart();
      await until('the store to reconnect', () => store.standIn?.active === false, 10_000);
      assert.deepEqual(reports, [true, false]);
      assert.equal(store.standIn?.began, 1);
      // Redis counts again: another replica on the same Redis sees this one's count.
      const other = redisRateLimitStore(redis.url, prefix);
      try {
        assert.equal((await store.hit('shared', 3, 60)).remaining, 2);
        assert.equal((await other.hit('shared', 3, 60)).remaining, 1);
      } finally {
        await other.close();
      }
    } finally {
      await store.close();
    }
  });

  describe('a served app whose Redis is killed', () => {
    let served: ServedApp;
    let key = '';
    before(async () => {
      await redis.restart();
      served = await serve(await copyTemplate('sqlite'), { redisUrl: redis.url });
      key = (await issueApiKey(served.store.db, { tier: { name: 'free', requestsPerMinute: 60 }, emailHmac: null }))
        .key;
    });
    after(() => served?.close());

    it('still refuses the 61st request of a 60/min key, and the metric says Redis is away', async () => {
      const limits = served.services.rateLimits;
      await limits.hit(randomUUID(), 1, 60);
      assert.equal(limits.standIn?.active, false, 'connected to Redis before it is killed');
      await redis.kill();
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++)
        statuses.push((await served.app.inject({ url: '/v1/webhooks', headers: { 'x-api-key': key } })).statusCode);
      assert.deepEqual(statuses, [...Array<number>(60).fill(200), 429]);
      const metrics = await served.app.inject({ url: '/metrics' });
      assert.match(metrics.body, /^lmi_rate_limit_redis_away 1$/m);
      assert.match(metrics.body, /^lmi_rate_limit_redis_outages_total 1$/m);
    });
  });
});
