/**
 * HTTP latency and throughput of the API on the embedded default (SQLite), on loopback.
 * Ingests the SOC 2020 sources, the APS release and the geography into a temporary folder,
 * starts the server, and drives each endpoint with autocannon (10 connections, 5 s each), run as
 * its own process so that the load generator does not share the server's event loop.
 * Run: npm run bench:http
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { ingestSources } from '../src/ingest/pipeline.js';
import { SOURCES } from '../src/ingest/registry.js';
import { mirrorUpstream } from '../src/ingest/upstream.js';
import { issueApiKey } from '../src/keys/api-key.js';
import { openMigratedStore } from '../src/runtime.js';
import { createServices } from '../src/services.js';

const ENDPOINTS = [
  '/v1/occupations',
  '/v1/occupations/2134',
  '/v1/occupations/2134/titles',
  '/v1/occupations/search?q=software%20developer',
  '/v1/occupations/search?q=nurce',
  '/v1/occupations/2134/employment',
  '/v1/occupations/2134/workforce',
  '/v1/local-areas',
];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const AUTOCANNON = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  '..',
  'node_modules',
  'autocannon',
  'autocannon.js',
);
const run = promisify(execFile);

const dataDir = mkdtempSync(path.join(tmpdir(), 'lmi-bench-'));
const config = {
  ...loadConfig({
    LMI_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    LMI_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  }),
};
if (!config.upstreamDir) throw new Error('the benchmark needs the upstream mirror (../shared/upstream)');
const store = await openMigratedStore(config);
const wanted = new Set([
  'soc2020-structure',
  'soc2020-index',
  'soc2020-descriptions',
  'ons-geography',
  'aps-occupation-industry',
]);
await ingestSources({
  store,
  upstream: mirrorUpstream(config.upstreamDir),
  sources: SOURCES.filter((s) => wanted.has(s.key)),
});
const services = createServices(config, store);
const app = await buildApp(services);
const started = performance.now();
await services.codingIndex.search();
console.log(`search index built in ${Math.round(performance.now() - started)} ms`);
const { key } = await issueApiKey(store.db, {
  tier: config.tiers[0]!,
  emailHmac: null,
  requestsPerMinute: 100_000_000,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });

console.log(
  `\n${'endpoint'.padEnd(48)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p90 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'non-2xx'.padStart(8)}`,
);
for (const endpoint of ENDPOINTS) {
  const { stdout } = await run(
    process.execPath,
    [AUTOCANNON, '--json', '-c', '10', '-d', String(SECONDS), '-H', `x-api-key=${key}`, `${address}${endpoint}`],
    { maxBuffer: 64 * 2 ** 20 },
  );
  const result = JSON.parse(stdout) as {
    latency: Record<string, number>;
    requests: { average: number };
    non2xx: number;
  };
  const { latency, requests } = result;
  console.log(
    `${endpoint.padEnd(48)} ${requests.average.toFixed(0).padStart(8)} ${String(latency.p50).padStart(7)} ${String(latency.p90).padStart(7)} ${String(latency.p99).padStart(7)} ${String(result.non2xx).padStart(8)}`,
  );
}
const memory = process.memoryUsage();
console.log(
  `\nprocess memory: rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB`,
);
await app.close();
await store.close();
rmSync(dataDir, { recursive: true, force: true });
