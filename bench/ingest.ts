/**
 * What a full ingest of the real mirror costs the process serving the API: the peak resident
 * memory of `lmi serve --ingest` (VmHWM: the main thread and every worker thread; target under
 * 1 GiB) and the latency of a cached keyed GET while the ingest runs (target p99 under 100 ms).
 *
 * Runs the compiled build (`npm run build` first) as production does: a fresh SQLite folder, the
 * SOC 2020 framework ingested beforehand so the measured route answers 200 from the response
 * cache from the start, then `serve --ingest` of every source, with GETs paced at BENCH_RPS
 * (default 50 a second, four connections) from this process until /readyz says the ingest is done.
 * The same load against `serve` with no ingest runs first (BENCH_BASELINE_SECONDS, 20): on a
 * shared machine, the difference is what the ingest costs the API.
 * Run: npm run build && npm run bench:ingest
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVE_NODE_FLAGS } from '../src/heap.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'dist', 'cli', 'main.js');
const ROUTE = process.env.BENCH_ROUTE ?? '/v1/occupations/2134';
const RPS = Number(process.env.BENCH_RPS ?? 50);
const PORT = 18_000 + Math.floor(Math.random() * 2000);
const BASELINE_S = Number(process.env.BENCH_BASELINE_SECONDS ?? 20);

const dataDir = mkdtempSync(path.join(tmpdir(), 'lmi-bench-ingest-'));
const env = {
  ...process.env,
  LMI_DATA_DIR: dataDir,
  LMI_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  PORT: String(PORT),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
};
const cli = (...args: string[]) => execFileSync(process.execPath, [CLI, ...args], { env, encoding: 'utf8' }).trim();

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

interface Phase {
  latencies: number[];
  statuses: Map<number, number>;
  peakKb: number;
  seconds: number;
  /** Requests slower than 250 ms: seconds into the phase, and how long they took. */
  slow: Array<[number, number]>;
}

/** Starts `lmi serve` with `args`, paces GETs of ROUTE at RPS until `done` says stop, and measures. */
async function phase(args: string[], key: string, done: (elapsedS: number) => Promise<boolean>): Promise<Phase> {
  const server = spawn(process.execPath, [...SERVE_NODE_FLAGS, CLI, 'serve', ...args], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  for (let i = 0; ; i++) {
    try {
      await get('/healthz');
      break;
    } catch {
      if (i > 400) throw new Error('the server did not start listening');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  await get(ROUTE, { 'x-api-key': key });
  const result: Phase = { latencies: [], statuses: new Map(), peakKb: 0, seconds: 0, slow: [] };
  const started = performance.now();
  let stop = false;
  const sampleMemory = () => {
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    result.peakKb = Math.max(result.peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
  };
  const memory = setInterval(sampleMemory, 200);
  const load = async () => {
    while (!stop) {
      const next = performance.now() + (1000 * 4) / RPS;
      const at = (performance.now() - started) / 1000;
      const { status, ms } = await get(ROUTE, { 'x-api-key': key });
      result.latencies.push(ms);
      if (ms > 250) result.slow.push([Math.round(at), Math.round(ms)]);
      result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
  };
  const loaders = Array.from({ length: 4 }, load);
  while (!(await done((performance.now() - started) / 1000))) await new Promise((r) => setTimeout(r, 500));
  stop = true;
  await Promise.all(loaders);
  sampleMemory();
  clearInterval(memory);
  result.seconds = (performance.now() - started) / 1000;
  server.kill('SIGTERM');
  await exited;
  return result;
}

function report(title: string, p: Phase): void {
  const sorted = [...p.latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  console.log(`${title}: ${p.seconds.toFixed(1)} s, peak RSS (VmHWM) ${(p.peakKb / 1024).toFixed(0)} MiB`);
  console.log(
    `  GET ${ROUTE}: ${p.latencies.length} requests at ~${RPS}/s, statuses ${JSON.stringify(Object.fromEntries(p.statuses))}`,
  );
  console.log(`  latency ms: p50 ${at(0.5)}, p90 ${at(0.9)}, p99 ${at(0.99)}, max ${sorted.at(-1)!.toFixed(1)}`);
  if (p.slow.length > 0)
    console.log(
      `  slower than 250 ms (s into the run: ms): ${p.slow
        .slice(0, 20)
        .map(([s, ms]) => `${s}: ${ms}`)
        .join(', ')}${p.slow.length > 20 ? ' ...' : ''}`,
    );
}

try {
  cli('ingest', 'soc2020-structure');
  const key = cli('keys', 'create', '--email', 'bench@example.org', '--rpm', '100000000');
  // The same load with no ingest, first: what the machine itself costs (other work on it shows here too).
  const baseline = await phase([], key, async (s) => s >= BASELINE_S);
  const ingest = await phase(['--ingest'], key, async () => (await get('/readyz')).status === 200);
  agent.destroy();
  console.log(
    `machine: ${availableParallelism()} cores, load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}`,
  );
  report(`baseline, lmi serve with no ingest`, baseline);
  report(
    `full ingest of the real mirror by lmi serve --ingest (SQLite, compiled build; targets: peak RSS < 1024 MiB, p99 < 100 ms)`,
    ingest,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
