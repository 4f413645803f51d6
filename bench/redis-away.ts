/**
 * Latency of keyed requests while the Redis that holds the shared rate limits is stopped (issue
 * 47: p50 1.9 s, p99 6.1 s before, every request waiting in ioredis's offline queue; target p99
 * under 50 ms). The app serves a copy of the test template with REDIS_URL pointing at a
 * redis-server of the bench's own, driven by autocannon (10 connections, BENCH_SECONDS each, run
 * as its own process) with Redis up, then after Redis is killed. Never stops the shared Redis.
 *
 * Run: npx tsx bench/redis-away.ts (after the test templates exist: npx tsx test/build-templates.ts)
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../src/app.js';
import { issueApiKey } from '../src/keys/api-key.js';
import { createServices } from '../src/services.js';
import { startRedisChild } from '../test/helpers/redis-child.js';
import { testConfig } from '../test/helpers/served-app.js';
import { copyTemplate } from '../test/helpers/template-databases.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** A keyed GET answered by the hit path (its key and limit settled before routing) and one through the router. */
const ENDPOINTS = ['/v1/occupations/2134', '/v1/webhooks'];
const AUTOCANNON = path.join(import.meta.dirname, '..', 'node_modules', 'autocannon', 'autocannon.js');
const run = promisify(execFile);

const redis = await startRedisChild();
const store = await copyTemplate('sqlite');
const services = createServices(testConfig(store.dataDir, { redisUrl: redis.url }), store);
const app = await buildApp(services);
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const { key } = await issueApiKey(store.db, {
  tier: services.config.tiers[0]!,
  emailHmac: null,
  requestsPerMinute: 100_000_000,
});
for (const endpoint of ENDPOINTS) await fetch(`${address}${endpoint}`, { headers: { 'x-api-key': key } });

async function measure(state: string) {
  for (const endpoint of ENDPOINTS) {
    const { stdout } = await run(process.execPath, [
      AUTOCANNON,
      '--json',
      '-c',
      '10',
      '-d',
      String(SECONDS),
      '-H',
      `x-api-key=${key}`,
      `${address}${endpoint}`,
    ]);
    const result = JSON.parse(stdout) as {
      latency: Record<string, number>;
      requests: { average: number; total: number };
      non2xx: number;
    };
    const { latency, requests } = result;
    console.log(
      `| ${state} | ${endpoint} | ${requests.total} | ${requests.average.toFixed(0)} | ${latency.p50} | ${latency.p99} | ${latency.max} | ${result.non2xx} |`,
    );
  }
}

console.log(
  `load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log('| Redis | endpoint | requests | req/s | p50 ms | p99 ms | max ms | non-2xx |');
console.log('|---|---|---|---|---|---|---|---|');
await measure('up');
await redis.kill();
await measure('stopped');
console.log(
  `in-process counts standing in: ${services.rateLimits.standIn?.active}, outages ${services.rateLimits.standIn?.began}`,
);
await app.close();
await store.dispose();
