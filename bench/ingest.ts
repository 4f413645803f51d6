/**
 * What a full ingest of the real mirror costs the process serving the API: the peak resident
 * memory of `lmi serve --ingest` (VmHWM: the main thread and every worker thread; target under
 * 1 GiB) and the latency of a cached keyed GET while the ingest runs (target p99 under 100 ms).
 *
 * Runs the compiled build (`npm run build` first) as production does: a fresh SQLite folder, the
 * SOC 2020 framework ingested beforehand so the measured route answers 200 from the response
 * cache from the start, then `serve --ingest` of every source, with GETs paced at BENCH_RPS
 * (default 50 a second, four connections) from this process until /readyz says the ingest is done.
 * Run: npm run build && npm run bench:ingest
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'dist', 'cli', 'main.js');
const ROUTE = process.env.BENCH_ROUTE ?? '/v1/occupations/2134';
const RPS = Number(process.env.BENCH_RPS ?? 50);
const PORT = 18_000 + Math.floor(Math.random() * 2000);

const dataDir = mkdtempSync(path.join(tmpdir(), 'lmi-bench-ingest-'));
const env = { ...process.env, LMI_DATA_DIR: dataDir, LMI_SECRET: 'bench-secret-bench-secret-bench-secret-00', PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
const cli = (...args: string[]) => execFileSync(process.execPath, [CLI, ...args], { env, encoding: 'utf8' }).trim();

try {
  cli('ingest', 'soc2020-structure');
  const key = cli('keys', 'create', '--email', 'bench@example.org', '--rpm', '100000000');
  const server = spawn(process.execPath, [CLI, 'serve', '--ingest'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const get = (url: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; ms: number }>((resolve, reject) => {
      const started = performance.now();
      const request = http.get({ host: '127.0.0.1', port: PORT, path: url, agent, headers }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      });
      request.on('error', reject);
    });

  // Wait for the listener, then warm the route's cache entry.
  for (let i = 0; ; i++) {
    try {
      await get('/healthz');
      break;
    } catch {
      if (i > 200) throw new Error('the server did not start listening');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  await get(ROUTE, { 'x-api-key': key });

  const started = performance.now();
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let peakKb = 0;
  let done = false;
  const sampleMemory = () => {
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
  };
  const memory = setInterval(sampleMemory, 200);
  const load = async () => {
    while (!done) {
      const next = performance.now() + (1000 * 4) / RPS;
      const { status, ms } = await get(ROUTE, { 'x-api-key': key });
      latencies.push(ms);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
  };
  const loaders = Array.from({ length: 4 }, load);
  while ((await get('/readyz')).status !== 200) await new Promise((r) => setTimeout(r, 500));
  done = true;
  await Promise.all(loaders);
  sampleMemory();
  clearInterval(memory);
  const ingestS = (performance.now() - started) / 1000;
  server.kill('SIGTERM');
  await exited;
  agent.destroy();

  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  console.log(`full ingest of the real mirror by lmi serve --ingest (SQLite, compiled build): ${ingestS.toFixed(1)} s`);
  console.log(`peak RSS (VmHWM) of the server process: ${(peakKb / 1024).toFixed(0)} MiB (target < 1024 MiB)`);
  console.log(`GET ${ROUTE} during the ingest: ${latencies.length} requests at ~${RPS}/s, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  console.log(`load average of the machine at the end (it has ${(await import('node:os')).availableParallelism()} cores): ${loadavg().map((l) => l.toFixed(1)).join(', ')}`);
  console.log(`latency ms: p50 ${at(0.5)}, p90 ${at(0.9)}, p99 ${at(0.99)}, max ${sorted.at(-1)!.toFixed(1)} (target p99 < 100 ms)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
