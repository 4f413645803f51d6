/**
 * Whether the first ingest starves serving (issue 47: a key took 28 s to create, a search 67 s, an
 * explorer page no answer in 30 s while ASHE was written). Starts `lmi serve --ingest` (compiled
 * build) on an empty embedded store with the mirror (LMI_UPSTREAM_DIR, default ../shared/upstream)
 * and, until /readyz says the ingest is done, every ~0.5 s: creates a key as `lmi keys create` does
 * (issueApiKey through its own connection to the same SQLite file, in a worker thread so that a
 * wait for the write lock stalls only it), runs a job-title search (a new query each time, so the
 * response cache never answers) and, every 1.2 s (under its limit of 60 a minute), loads an explorer page. Prints p50/p99/max of each, over the
 * whole ingest and over the seconds in which the big sources (over 100,000 rows) were read and
 * written, and any stack trace the server logged. Target: every key creation and search within 1 s.
 *
 * Run: npm run bench:first-ingest
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SERVE_NODE_FLAGS } from '../src/heap.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'dist', 'cli', 'main.js');
const PORT = 18_000 + Math.floor(Math.random() * 2000);
const EVERY_MS = 500;
/** The explorer's pages are limited to 60 a minute per client address: one every 1.2 s stays under it. */
const EXPLORE_EVERY_MS = 1_200;
/** A request or key creation that takes longer than this is counted as unanswered (and as its limit). */
const GIVE_UP_MS = 30_000;
const BIG_SOURCE_ROWS = 100_000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'lmi-bench-first-ingest-'));
const env = {
  ...process.env,
  LMI_DATA_DIR: dataDir,
  LMI_UPSTREAM_DIR: process.env.LMI_UPSTREAM_DIR ?? path.resolve(ROOT, '..', 'shared', 'upstream'),
  LMI_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  PORT: String(PORT),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
};

interface Sample {
  at: number;
  ms: number;
  status: number | string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.get({ host: '127.0.0.1', port: PORT, path: url, agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
    });
    request.setTimeout(GIVE_UP_MS, () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

// The key writer: the operator's `lmi keys create`, minus the process start, through its own connection.
const keyWriter = new Worker(
  `const { parentPort, workerData } = require('node:worker_threads');
  (async () => {
    const { openStore } = await import(workerData.database);
    const { issueApiKey } = await import(workerData.apiKey);
    const store = openStore({ databaseUrl: null, dataDir: workerData.dataDir });
    parentPort.on('message', async (what) => {
      if (what === 'stop') { await store.close(); parentPort.close(); return; }
      const started = performance.now();
      try {
        await issueApiKey(store.db, { tier: { name: 'free', requestsPerMinute: 60 }, emailHmac: null, requestsPerMinute: what === 'search' ? 100000000 : null })
          .then((issued) => parentPort.postMessage({ ms: performance.now() - started, status: 'created', key: issued.key }));
      } catch (error) {
        parentPort.postMessage({ ms: performance.now() - started, status: String(error.code ?? error.message) });
      }
    });
  })();`,
  {
    eval: true,
    workerData: {
      dataDir,
      database: pathToFileURL(path.join(ROOT, 'dist', 'store', 'database.js')).href,
      apiKey: pathToFileURL(path.join(ROOT, 'dist', 'keys', 'api-key.js')).href,
    },
  },
);
let keyWaiting: ((answer: { ms: number; status: string; key?: string }) => void) | null = null;
keyWriter.on('message', (answer: { ms: number; status: string; key?: string }) => keyWaiting?.(answer));
const createKey = (what: 'key' | 'search') =>
  new Promise<{ ms: number; status: string; key?: string }>((resolve) => {
    keyWaiting = resolve;
    keyWriter.postMessage(what);
  });

function stats(samples: Sample[]): string {
  if (samples.length === 0) return 'no samples';
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(0);
  const statuses = new Map<string, number>();
  for (const s of samples) statuses.set(String(s.status), (statuses.get(String(s.status)) ?? 0) + 1);
  const over = samples.filter((s) => s.ms > 1000).length;
  return `${samples.length} samples, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${sorted.at(-1)!.toFixed(0)} ms, over 1 s ${over}; ${JSON.stringify(Object.fromEntries(statuses))}`;
}

const server = spawn(process.execPath, [...SERVE_NODE_FLAGS, CLI, 'serve', '--ingest'], {
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
let log = '';
server.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));

const samples = { key: [] as Sample[], search: [] as Sample[], explore: [] as Sample[] };
let started = 0;
try {
  for (let i = 0; (await get('/healthz')).status !== 200; i++) {
    if (i > 600) throw new Error(`the server did not start listening:\n${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  started = performance.now();
  const searchKey = (await createKey('search')).key!;
  const seconds = () => (performance.now() - started) / 1000;
  let done = false;
  let n = 0;
  const loop = async (run: () => Promise<Sample>, into: Sample[], every = EVERY_MS) => {
    while (!done) {
      const next = performance.now() + every;
      into.push(await run());
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
  };
  const loops = [
    loop(async () => {
      const at = seconds();
      const { ms, status } = await createKey('key');
      return { at, ms, status };
    }, samples.key),
    loop(async () => {
      const at = seconds();
      const { ms, status } = await get(`/v1/occupations/search?q=${encodeURIComponent(`nurse ${n++}`)}`, {
        'x-api-key': searchKey,
      });
      return { at, ms, status };
    }, samples.search),
    loop(
      async () => {
        const at = seconds();
        const { ms, status } = await get('/explore/occupations/2134');
        return { at, ms, status };
      },
      samples.explore,
      EXPLORE_EVERY_MS,
    ),
  ];
  while ((await get('/readyz')).status !== 200) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${log.slice(-5000)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  done = true;
  await Promise.all(loops);
  const total = seconds();

  // The ingest's log lines: each source's end and how long it took, so the big sources' seconds are known.
  const ends = log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; source?: string; ms?: number; rows?: number; time?: number });
  const sources = ends.filter((e) => e.source && typeof e.ms === 'number' && typeof e.time === 'number');
  const startedAt = Date.now() - total * 1000;
  const big = sources
    .filter((e) => (e.rows ?? 0) >= BIG_SOURCE_ROWS)
    .map((e) => ({
      source: e.source!,
      rows: e.rows!,
      from: (e.time! - e.ms! - startedAt) / 1000,
      to: (e.time! - startedAt) / 1000,
    }));
  const during = (list: Sample[]) => list.filter((s) => big.some((b) => s.at >= b.from && s.at <= b.to));
  const traces = log.split('\n').filter((line) => /"stack"|\n\s+at /.test(line) || line.includes('database is locked'));

  console.log(
    `machine: ${availableParallelism()} cores, load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}; first ingest ${total.toFixed(1)} s`,
  );
  console.log(
    `big sources (>= ${BIG_SOURCE_ROWS.toLocaleString('en-GB')} rows): ${big.map((b) => `${b.source} ${b.rows.toLocaleString('en-GB')} rows ${b.from.toFixed(0)}-${b.to.toFixed(0)} s`).join('; ')}`,
  );
  for (const [what, list] of Object.entries(samples)) {
    console.log(`${what.padEnd(8)} whole ingest: ${stats(list)}`);
    console.log(`${''.padEnd(8)} big sources:  ${stats(during(list))}`);
  }
  const slow = Object.entries(samples).flatMap(([what, list]) =>
    list.filter((s) => s.ms > 1000).map((s) => `${what} at ${s.at.toFixed(0)} s: ${s.ms.toFixed(0)} ms (${s.status})`),
  );
  if (slow.length > 0) console.log(`over 1 s: ${slow.slice(0, 30).join('; ')}${slow.length > 30 ? ' ...' : ''}`);
  console.log(`log lines with a stack trace or "database is locked": ${traces.length}`);
  for (const line of traces.slice(0, 3)) console.log(`  ${line.slice(0, 400)}`);
} finally {
  keyWriter.postMessage('stop');
  agent.destroy();
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
