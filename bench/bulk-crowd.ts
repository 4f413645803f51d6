/**
 * A crowd of bulk downloads against one server (issue 47): N clients downloading ASHE Table 14's
 * JSON Lines file (the largest table file) over and over as fast as they read, and N more that
 * open it and never read, while a probe sends one keyed GET after another
 * (`/v1/occupations/2134/pay`). Reported: the probe's latencies, the server process's RSS
 * (`/proc/<pid>/status`, every thread, the bulk builder's included), and how the downloads were
 * answered. The crowd starts before the file is built, so the build is inside the measure.
 *
 * Three processes, so that no client shares the server's event loop or the probe's: the server
 * (a copy of the test template, `server`), the crowd (`crowd`), and this one (the probe).
 *
 * Run: npm run bench:bulk-crowd (after the test templates exist: npx tsx test/build-templates.ts)
 *   BENCH_CLIENTS=50 BENCH_SECONDS=30 BENCH_KEYS=each|one (a key per client, or one for all)
 *   BENCH_UNCAPPED=1: the process cap (LMI_BULK_DOWNLOADS) raised above the crowd, so every
 *   download is served; unset: the default caps.
 * The server also reports its event loop's delay over the crowd (perf_hooks), the serving
 * thread's own measure, apart from the probe's round trips through a busy machine.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const KEYS = process.env.BENCH_KEYS ?? 'each';
const UNCAPPED = process.env.BENCH_UNCAPPED === '1';
const FILE = '/v1/bulk/ashe-table14/latest.jsonl';
const PROBE = '/v1/occupations/2134/pay';
const self = fileURLToPath(import.meta.url);

interface Ready {
  port: number;
  keys: string[];
}

/** One GET: its status, bytes read and milliseconds; `stall` reads nothing and never ends. */
function get(
  port: number,
  path: string,
  key: string,
  stall = false,
): Promise<{ status: number; bytes: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers: { 'x-api-key': key }, agent: false }, (res) => {
      if (stall && res.statusCode === 200) {
        res.pause();
        resolve({ status: 200, bytes: 0, ms: performance.now() - started });
        return;
      }
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function server(): Promise<void> {
  const { buildApp } = await import('../src/app.js');
  const { issueApiKey } = await import('../src/keys/api-key.js');
  const { createServices } = await import('../src/services.js');
  const { testConfig } = await import('../test/helpers/served-app.js');
  const { copyTemplate } = await import('../test/helpers/template-databases.js');
  const store = await copyTemplate('sqlite');
  const config = testConfig(store.dataDir);
  const limits = UNCAPPED ? { ...config.bulkDownloads, perProcess: 4 * CLIENTS } : config.bulkDownloads;
  const services = createServices({ ...config, bulkDownloads: limits }, store);
  const app = await buildApp(services);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const keys: string[] = [];
  for (let i = 0; i < (KEYS === 'each' ? 2 * CLIENTS + 1 : 1); i += 1)
    keys.push((await issueApiKey(store.db, { tier: config.tiers[0]!, emailHmac: null, requestsPerMinute: 1e9 })).key);
  const { port } = app.server.address() as { port: number };
  process.send!({ port, keys } satisfies Ready);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  process.on('message', (asked: string) => {
    if (asked === 'start') return delay.enable();
    delay.disable();
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    process.send!(`p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms`);
  });
  process.once('disconnect', () => void app.close().then(() => store.dispose()));
}

async function crowd(): Promise<void> {
  const { port, keys } = JSON.parse(process.argv[3]!) as Ready;
  const until = Date.now() + SECONDS * 1000;
  const answers: Record<string, number> = {};
  let bytes = 0;
  let whole = 0;
  const fast = async (key: string) => {
    while (Date.now() < until) {
      const r = await get(port, FILE, key).catch(() => ({ status: 0, bytes: 0, ms: 0 }));
      answers[r.status] = (answers[r.status] ?? 0) + 1;
      bytes += r.bytes;
      if (r.status === 200) whole += 1;
      else await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  const stalled = async (key: string) => {
    const r = await get(port, FILE, key, true).catch(() => ({ status: 0 }));
    answers[`stalled ${r.status}`] = (answers[`stalled ${r.status}`] ?? 0) + 1;
  };
  const keyOf = (i: number) => keys[KEYS === 'each' ? i : 0]!;
  await Promise.all([
    ...Array.from({ length: CLIENTS }, (_, i) => fast(keyOf(i))),
    ...Array.from({ length: CLIENTS }, (_, i) => stalled(keyOf(CLIENTS + i))),
  ]);
  process.send!({ answers, whole, mib: bytes / 2 ** 20 });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  process.exit(0);
}

function rssMiB(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) / 1024;
}

const message = <T>(child: ChildProcess) =>
  new Promise<T>((resolve) => child.once('message', resolve as (m: unknown) => void));

/** One keyed GET after another (20 ms apart) for `seconds`: their latencies' summary. */
async function probeFor(port: number, key: string, seconds: number): Promise<string> {
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  let failed = 0;
  while (Date.now() < until) {
    const r = await get(port, PROBE, key).catch(() => ({ status: 0, bytes: 0, ms: 10_000 }));
    if (r.status !== 200) failed += 1;
    latencies.push(r.ms);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  return `${latencies.length} GETs, ${failed} not 200; p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`;
}

async function probe(): Promise<void> {
  const tsx = { execArgv: ['--import', 'tsx'] };
  const serving = fork(self, ['server'], tsx);
  const ready = await message<Ready>(serving);
  const key = ready.keys.at(-1)!;
  for (let i = 0; i < 20; i += 1) await get(ready.port, PROBE, key);
  const idle = rssMiB(serving.pid!);
  const alone = await probeFor(ready.port, key, SECONDS / 3);
  const crowding = fork(self, ['crowd', JSON.stringify(ready)], tsx);
  const crowded = message<{ answers: Record<string, number>; whole: number; mib: number }>(crowding);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(serving.pid!))), 250);
  serving.send('start');
  const crowdedProbe = await probeFor(ready.port, key, SECONDS);
  const result = await crowded;
  const loop = message<string>(serving);
  serving.send('stop');
  const serverLoop = await loop;
  const after = rssMiB(serving.pid!);
  clearInterval(sampler);
  console.log(
    `${CLIENTS} reading + ${CLIENTS} stalled clients on ${FILE}, ${SECONDS} s, keys: ${KEYS}, caps: ${UNCAPPED ? 'raised' : 'default'}`,
  );
  console.log(`probe ${PROBE} alone (${SECONDS / 3} s before the crowd): ${alone}`);
  console.log(`probe ${PROBE} in the crowd: ${crowdedProbe}`);
  console.log(`server event loop delay in the crowd: ${serverLoop}`);
  console.log(
    `server RSS: idle ${idle.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB, at the end ${after.toFixed(0)} MiB`,
  );
  console.log(
    `downloads: ${JSON.stringify(result.answers)}; ${result.whole} whole files, ${result.mib.toFixed(0)} MiB read`,
  );
  crowding.kill();
  serving.disconnect();
  await new Promise((resolve) => serving.once('exit', resolve));
}

if (process.argv[2] === 'server') await server();
else if (process.argv[2] === 'crowd') await crowd();
else await probe();
