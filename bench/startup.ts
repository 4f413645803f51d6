/**
 * What `npm start` costs on the embedded default: a first start on an empty data folder (full
 * ingest of every mirrored source while serving: time to ready, serving RSS after it), then a
 * restart on the data already ingested, through `npm start` itself (prestart build check
 * included), timed to its first 200 on a keyed pay GET.
 * Run: npm run bench:startup   (builds first; BENCH_STARTUP_DIR to keep the data folder elsewhere)
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SERVE_NODE_FLAGS } from '../src/heap.js';
import { freePort } from '../test/helpers/lmi-process.js';
import { groupCpuSeconds, memoryMiB, stop } from './processes.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'dist', 'cli', 'main.js');
const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(process.env.BENCH_STARTUP_DIR ?? tmpdir(), 'lmi-bench-startup-'));
const port = await freePort();
const env = {
  ...process.env,
  LMI_DATA_DIR: dataDir,
  LMI_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  DATABASE_URL: '',
  REDIS_URL: '',
};
const address = `http://127.0.0.1:${port}`;

console.log(
  `bench:startup on ${process.platform} ${process.arch}, node ${process.version}; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

// First start: empty folder, full ingest while serving.
let started = performance.now();
let server = spawn(process.execPath, [...SERVE_NODE_FLAGS, CLI, 'serve', '--ingest'], {
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
const log = collect(server);
await until(() => status('/healthz').then((s) => s === 200));
console.log(`first start: /healthz 200 after ${seconds(started)}`);
await until(() => status('/readyz').then((s) => s === 200), 300_000);
const ingestMs = /"ms":(\d+),"msg":"ingest done"/.exec(log.text)?.[1];
console.log(
  `first start: ready (every mirrored source ingested) after ${seconds(started)}, ${groupCpuSeconds(server.pid!).toFixed(1)} CPU s; the ingest took ${Number(ingestMs) / 1000} s`,
);
const key = (
  await run(process.execPath, [CLI, 'keys', 'create', '--email', 'bench@example.org'], { env })
).stdout.trim();
for (const url of ['/v1/occupations/2134/pay', '/v1/occupations/2134', '/v1/occupations/search?q=nurse'])
  await status(url, key);
console.log(
  `serving after the full ingest: rss ${memoryMiB(server.pid!)} MiB (peak ${memoryMiB(server.pid!, 'VmHWM')} MiB); load ${loadavg()[0]!.toFixed(2)}`,
);
await stop(server);

// Restart through `npm start` on the data already there.
started = performance.now();
server = spawn('npm', ['start', '--silent'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
const restartLog = collect(server);
await until(() => status('/v1/occupations/2134/pay', key).then((s) => s === 200));
console.log(
  `restart (npm start, data already ingested): first 200 on GET /v1/occupations/2134/pay after ${seconds(started)}, ${groupCpuSeconds(server.pid!).toFixed(2)} CPU s (npm, the build check and the server)`,
);
await until(() => status('/readyz').then((s) => s === 200), 120_000);
console.log(
  `restart: ready after ${seconds(started)} (${/"ms":(\d+),"msg":"ingest done"/.exec(restartLog.text)?.[1]} ms to recognise every release as unchanged); load ${loadavg()[0]!.toFixed(2)}`,
);
process.kill(-server.pid!, 'SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
rmSync(dataDir, { recursive: true, force: true });

function collect(child: ChildProcess): { text: string } {
  const sink = { text: '' };
  child.stdout!.on('data', (chunk: Buffer) => {
    sink.text += chunk.toString();
  });
  return sink;
}

async function status(url: string, key?: string): Promise<number> {
  return fetch(`${address}${url}`, { headers: key ? { 'x-api-key': key } : {} })
    .then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    })
    .catch(() => 0);
}

async function until(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(2)} s`;
}
