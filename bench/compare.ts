/**
 * Our server against a bare Fastify app sending the very same bytes, side by side, at 50
 * connections: the req/s ratio and both p99s of a keyed cached pay GET, a profile GET, a search
 * GET, /healthz, a 304 revalidation and a 429, on the embedded default (SQLite, in-process limits)
 * and on PostgreSQL + Redis (one replica).
 *
 * Each server runs as its own process (ours is `lmi serve` from dist/, logging at info to a file
 * as in production), and so does autocannon. Runs alternate bare/ours, then ours/bare, so drift
 * in the machine's load falls on both; the table shows medians and the load average of each
 * scenario. The data is a full ingest of the mirror into a folder (and a PostgreSQL database,
 * `lmi_bench`) that later runs reuse: an unchanged release is recognised by its hash.
 *
 * Run: npm run bench:compare
 * Env: BENCH_SECONDS (5), BENCH_ROUNDS (2), BENCH_CONNECTIONS (50), BENCH_DEPLOYMENTS (embedded,scale-out),
 *      BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/lmi_bench), BENCH_REDIS_URL (redis://127.0.0.1:6379),
 *      BENCH_SCENARIOS (names to run, comma-separated: pay,profile,search,healthz,304,429),
 *      BENCH_CPU_PROF (a folder: our server and the bare app write --cpu-prof profiles there), BENCH_LOG_LEVEL (info),
 *      BENCH_NODE_FLAGS (the flags of src/heap.ts, as bin/lmi.js runs our server; '' for none),
 *      BENCH_WARMUP (5): seconds of the keyed pay GET against each server before the rounds, shown and not
 *      counted: a fresh server's first seconds under load (its code compiled, the collection of what its
 *      warm-up left) cost more than any later ones; 0 to measure from the first request,
 *      BENCH_STARTS (0): after the rounds, start our server that many more times and run the keyed pay GET
 *      once against each, with bare just before: what state each start settles in (src/heap.ts),
 *      BENCH_BEFORE (none): the `lmi` of an earlier build (a copy of dist/ inside the checkout, e.g.
 *      dist-before/cli/main.js), served beside ours on the same data and measured in the same rounds,
 *      so that before and after share the machine's load; its answers are checked to be ours, byte for byte,
 *      BENCH_READY_SECONDS (600): how long a server may take to say ready on /readyz (its warm list,
 *      minutes on a loaded machine) before the bench gives up.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../test/helpers/lmi-process.js';
import { overSocket } from '../test/helpers/socket-requests.js';
import { memoryMiB, processCpuSeconds, stop, threadCpuSeconds } from './processes.js';
import { SERVE_NODE_FLAGS } from '../src/heap.js';
import { replayKey, type RecordedResponse } from './replay.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** BENCH_CLI: another build of `lmi` to measure (a copy of dist/ from before a change, kept inside the checkout so that it finds node_modules). */
const CLI = path.resolve(process.env.BENCH_CLI ?? path.join(ROOT, 'dist', 'cli', 'main.js'));
const BEFORE_CLI = process.env.BENCH_BEFORE ? path.resolve(process.env.BENCH_BEFORE) : null;
const READY_SECONDS = Number(process.env.BENCH_READY_SECONDS ?? 600);
const AUTOCANNON = path.join(ROOT, 'node_modules', 'autocannon', 'autocannon.js');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const STARTS = Number(process.env.BENCH_STARTS ?? 0);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? SERVE_NODE_FLAGS.join(' ')).split(' ').filter(Boolean);
/** BENCH_BEFORE_NODE_FLAGS: the earlier build's Node flags, when they are what changed (BENCH_NODE_FLAGS unless set). */
const BEFORE_NODE_FLAGS = process.env.BENCH_BEFORE_NODE_FLAGS?.split(' ').filter(Boolean) ?? NODE_FLAGS;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DEPLOYMENTS = (process.env.BENCH_DEPLOYMENTS ?? 'embedded,scale-out').split(',');
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lmi_bench';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CPU_PROF = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
const BENCH_DIR = path.join(tmpdir(), 'lmi-bench-compare');
const SECRET = 'bench-secret-bench-secret-bench-secret-00';
const run = promisify(execFile);

interface Scenario {
  /** Short name for BENCH_SCENARIOS. */
  id: string;
  name: string;
  url: string;
  /** Which key: a key with a limit never reached, or one already over its limit (the 429). */
  key: 'unlimited' | 'exhausted' | null;
  /** Revalidate with the ETag of this scenario's answer (the 304). */
  revalidate?: boolean;
  status: number;
}

const ALL_SCENARIOS: Scenario[] = [
  { id: 'pay', name: 'keyed cached pay GET', url: '/v1/occupations/2134/pay', key: 'unlimited', status: 200 },
  { id: 'profile', name: 'profile GET', url: '/v1/occupations/2134', key: 'unlimited', status: 200 },
  {
    id: 'search',
    name: 'search GET',
    url: '/v1/occupations/search?q=software%20developer',
    key: 'unlimited',
    status: 200,
  },
  { id: 'healthz', name: '/healthz', url: '/healthz', key: null, status: 200 },
  {
    id: '304',
    name: '304 revalidation (pay)',
    url: '/v1/occupations/2134/pay',
    key: 'unlimited',
    revalidate: true,
    status: 304,
  },
  { id: '429', name: '429 (key over its limit)', url: '/v1/occupations/2134/pay', key: 'exhausted', status: 429 },
];

const chosen = process.env.BENCH_SCENARIOS?.split(',');
const SCENARIOS = chosen ? ALL_SCENARIOS.filter((s) => chosen.includes(s.id)) : ALL_SCENARIOS;

interface Measured {
  rps: number;
  total: number;
  /** The server's CPU time per request, in microseconds: what its throughput would be on a machine of its own. */
  cpuUs: number;
  p99: number;
  statuses: string;
  load: number;
  logLinesPerRequest?: number;
}

/** The servers measured: bare Fastify, ours, and (BENCH_BEFORE) an earlier build of ours. */
type Which = 'bare' | 'ours' | 'before';

interface Row {
  scenario: Scenario;
  bare: Measured[];
  ours: Measured[];
  before: Measured[];
}

const children: ChildProcess[] = [];
/** Bytes and lines of each log file counted so far. */
const counted = new Map<string, { bytes: number; lines: number }>();
process.on('exit', () => {
  for (const child of children) child.kill();
});

mkdirSync(BENCH_DIR, { recursive: true });
console.log(
  `bench:compare on ${process.platform} ${process.arch}, node ${process.version}; ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds alternating`,
);
console.log(
  `ours: ${path.relative(ROOT, CLI)} ${NODE_FLAGS.join(' ')}${BEFORE_CLI ? `; before: ${path.relative(ROOT, BEFORE_CLI)} ${BEFORE_NODE_FLAGS.join(' ')}` : ''}`,
);
console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

for (const deployment of DEPLOYMENTS) {
  if (deployment !== 'embedded' && deployment !== 'scale-out')
    throw new Error(`unknown deployment ${deployment}: embedded or scale-out`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LMI_DATA_DIR: path.join(BENCH_DIR, deployment),
    LMI_SECRET: SECRET,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    DATABASE_URL: '',
    REDIS_URL: '',
  };
  if (deployment === 'scale-out') {
    await ensureDatabase(DATABASE_URL);
    Object.assign(env, { DATABASE_URL, REDIS_URL });
  }
  console.log(
    `\n=== ${deployment}${deployment === 'scale-out' ? ` (PostgreSQL ${new URL(DATABASE_URL).pathname.slice(1)}, Redis, one replica)` : ' (SQLite, in-process limits)'}`,
  );

  const ingestStarted = performance.now();
  await run(process.execPath, [CLI, 'ingest'], { env, maxBuffer: 16 * 2 ** 20 });
  console.log(
    `ingest (a full one the first time; after that unchanged releases are recognised by hash): ${((performance.now() - ingestStarted) / 1000).toFixed(1)} s`,
  );
  const keys = {
    unlimited: await createKey(env, 100_000_000),
    exhausted: await createKey(env, 1),
  };

  const logFile = path.join(BENCH_DIR, `${deployment}.log`);
  const beforeLogFile = path.join(BENCH_DIR, `${deployment}-before.log`);
  // Both builds start together (each start's warm list takes minutes on a loaded machine), and each is waited for.
  const ours = await startOurs(CLI, env, logFile, deployment);
  const before = BEFORE_CLI
    ? await startOurs(BEFORE_CLI, env, beforeLogFile, `${deployment}-before`, BEFORE_NODE_FLAGS)
    : null;
  for (const [name, server] of [['ours', ours], ...(before ? [['before', before] as const] : [])] as const)
    console.log(`${name} ready in ${(await ready(server)).toFixed(1)} s`);
  const recorded = await record(ours.address, keys);
  const recordFile = path.join(BENCH_DIR, `${deployment}-responses.json`);
  writeFileSync(recordFile, JSON.stringify(recorded));
  if (before)
    console.log(`before's answers against ours: ${sameAnswers(recorded, await record(before.address, keys))}`);
  // A folder of its own, Node's own file names: tsx's loader thread writes a profile too (the main thread's is CPU.*.0.*.cpuprofile).
  const bareProfile = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.join(CPU_PROF, `bare-${deployment}`)}`] : [];
  const bare = await startProcess(
    process.execPath,
    [...bareProfile, '--import', 'tsx', path.join(ROOT, 'bench', 'bare-server.ts'), recordFile],
    process.env,
    'pipe',
  );

  /** One autocannon run of a scenario against one server, with its CPU and (ours) log lines per request. */
  const servers = { bare, ours, before };
  const logs = { bare: null, ours: logFile, before: beforeLogFile };
  const measure = async (which: Which, url: string, headers: Record<string, string>) => {
    const server = servers[which]!;
    const log = logs[which];
    const linesBefore = log ? countLines(log) : 0;
    const cpuBefore = processCpuSeconds(server.child.pid!);
    const measured = await autocannon(`${server.address}${url}`, headers);
    measured.cpuUs = ((processCpuSeconds(server.child.pid!) - cpuBefore) * 1e6) / Math.max(1, measured.total);
    if (log) {
      // Log lines are written in batches, at the latest 250 ms after they are made.
      await new Promise((resolve) => setTimeout(resolve, 400));
      measured.logLinesPerRequest = (countLines(log) - linesBefore) / Math.max(1, measured.total);
    }
    return measured;
  };

  if (WARMUP > 0) {
    const warmed = [['ours', ours], ...(before ? [['before', before] as const] : []), ['bare', bare]] as const;
    await warmUp(
      warmed.map(([name, server]) => ({ name, pid: server.child.pid!, address: server.address })),
      keys.unlimited,
    );
  }

  const rows: Row[] = [];
  for (const scenario of SCENARIOS) {
    const row: Row = { scenario, bare: [], ours: [], before: [] };
    const headers = headersOf(scenario, keys, recorded);
    for (let round = 0; round < ROUNDS; round += 1)
      for (const which of roundOrder(round, before !== null))
        row[which].push(await measure(which, scenario.url, headers));
    rows.push(row);
    printRow(row, rows.length === 1);
  }
  console.log(`our server: rss ${memoryMiB(ours.child.pid!)} MiB after the runs; log ${logFile}`);
  await stop(ours.child);
  if (before) await stop(before.child);
  if (STARTS > 0) await measureStarts(env, keys, logFile, deployment, bare.address);
  await stop(bare.child);
}

/**
 * The keyed pay GET for WARMUP seconds against each server, before anything is counted: the
 * first seconds of a fresh server under load also pay for compiling its hot code and for
 * collecting what its warm-up (indexes, profiles) left behind, on the main thread and on V8's
 * helper threads, which a bare app has next to nothing of. Shown, so that what a fresh server
 * measures stays visible.
 */
async function warmUp(servers: Array<{ name: string; pid: number; address: string }>, key: string) {
  const pay = ALL_SCENARIOS.find((s) => s.id === 'pay')!;
  const seen: string[] = [];
  for (const { name, pid, address } of servers) {
    const before = threadCpuSeconds(pid);
    const measured = await autocannon(`${address}${pay.url}`, { 'x-api-key': key }, WARMUP);
    const after = threadCpuSeconds(pid);
    const perRequest = (cpu: number) => ((cpu * 1e6) / Math.max(1, measured.total)).toFixed(0);
    seen.push(
      `${name} ${measured.rps.toFixed(0)} req/s, CPU µs/req ${perRequest(after.main - before.main)} main thread, ${perRequest(after.others - before.others)} other threads`,
    );
  }
  console.log(`warm-up, not counted (${WARMUP} s each, keyed pay GET): ${seen.join('; ')}`);
}

/**
 * The order of a round's runs. Bare and ours alternate which goes first; with an earlier build,
 * the three turn over four rounds (bare, before, ours; ours, before, bare; bare, ours, before;
 * before, ours, bare), so that neither build always runs next to bare nor always last.
 */
function roundOrder(round: number, withBefore: boolean): readonly Which[] {
  if (!withBefore) return round % 2 === 0 ? ['bare', 'ours'] : ['ours', 'bare'];
  const orders = [
    ['bare', 'before', 'ours'],
    ['ours', 'before', 'bare'],
    ['bare', 'ours', 'before'],
    ['before', 'ours', 'bare'],
  ] as const;
  return orders[round % orders.length]!;
}

/**
 * Whether an earlier build answered every scenario as ours did: status, body and headers, in
 * their order and case, less the request id and the rate limit's remaining count, which differ
 * from one request to the next.
 */
function sameAnswers(ours: RecordedResponse[], before: RecordedResponse[]): string {
  const comparable = (r: RecordedResponse) => {
    const { 'x-request-id': _id, ratelimit: _remaining, ...headers } = r.headers;
    return JSON.stringify([r.url, r.ifNoneMatch !== null, r.status, Object.entries(headers), r.body]);
  };
  // A 429's body and Retry-After give the seconds left in the window: only the answers served from the cache are compared.
  const served = (answers: RecordedResponse[]) => answers.filter((r) => r.status < 400);
  const [mine, theirs] = [served(ours), served(before)];
  const differing = mine.filter((r, i) => !theirs[i] || comparable(r) !== comparable(theirs[i]));
  return differing.length === 0 && mine.length === theirs.length
    ? `the same status, headers and bytes in all ${mine.length} 200s and 304s`
    : `DIFFERENT in ${differing.map((r) => `${r.url} (${r.status})`).join(', ') || 'their number'}`;
}

/**
 * The keyed pay GET against STARTS fresh starts of our server, each after a run of bare: a start
 * can settle in a state that one server's rounds never leave, so the rounds above see one state
 * only. The CPU of each start is split between its main thread and the rest (V8's GC helpers,
 * libuv's pool): the slow state showed as helper threads busy all the time.
 */
async function measureStarts(
  env: NodeJS.ProcessEnv,
  keys: Record<'unlimited' | 'exhausted', string>,
  logFile: string,
  deployment: string,
  bareAddress: string,
): Promise<void> {
  const pay = ALL_SCENARIOS.find((s) => s.id === 'pay')!;
  const headers = { 'x-api-key': keys.unlimited };
  console.log(`\n${STARTS} starts of our server, the keyed pay GET once each (bare just before)`);
  console.log(
    `${'start'.padEnd(6)} ${'bare req/s'.padStart(10)} ${'ours req/s'.padStart(10)} ${'ratio'.padStart(6)} ${'ours p99'.padStart(8)} ${'CPU µs/req: main thread, other threads'.padEnd(38)}`,
  );
  const ratios: number[] = [];
  for (let start = 1; start <= STARTS; start += 1) {
    const ours = await startOurs(CLI, env, logFile, deployment);
    await ready(ours);
    await fetch(`${ours.address}${pay.url}`, { headers });
    if (WARMUP > 0) await autocannon(`${ours.address}${pay.url}`, headers, WARMUP);
    const bare = await autocannon(`${bareAddress}${pay.url}`, headers);
    const before = threadCpuSeconds(ours.child.pid!);
    const measured = await autocannon(`${ours.address}${pay.url}`, headers);
    const after = threadCpuSeconds(ours.child.pid!);
    await stop(ours.child);
    const perRequest = (seconds: number) => ((seconds * 1e6) / Math.max(1, measured.total)).toFixed(0);
    const ratio = measured.rps / bare.rps;
    ratios.push(ratio);
    console.log(
      `${String(start).padEnd(6)} ${bare.rps.toFixed(0).padStart(10)} ${measured.rps.toFixed(0).padStart(10)} ${ratio.toFixed(2).padStart(6)} ${`${measured.p99} ms`.padStart(8)} ${perRequest(after.main - before.main).padStart(4)}, ${perRequest(after.others - before.others)}`,
    );
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  console.log(
    `ratio over ${STARTS} starts: median ${median(ratios).toFixed(2)}, lowest ${sorted[0]!.toFixed(2)}, starts below 0.60: ${sorted.filter((r) => r < 0.6).length}`,
  );
}

/**
 * The ratio is the median over rounds of ours/bare in the same round (the runs are back to back,
 * so they share the machine's load of the moment), with the lowest and highest beside it. The
 * CPU columns are each server's CPU time per request and bare's over ours: on a machine others
 * share, the steadier measure of what each server costs. With an earlier build, a second line
 * gives its figures against the same bare runs, and a third ours against it, round by round.
 */
function printRow(row: Row, header: boolean): void {
  if (header) {
    console.log(
      `${'scenario'.padEnd(34)} ${'bare req/s'.padStart(10)} ${'ours req/s'.padStart(10)} ${'ratio'.padStart(6)} ${'(range)'.padEnd(11)} ${'bare p99'.padStart(8)} ${'ours p99'.padStart(8)} ${'CPU µs/req bare ours ratio'.padEnd(26)} ${'statuses (ours)'.padEnd(16)} ${'log/req'.padStart(7)} ${'load'.padStart(5)}`,
    );
  }
  const cpu = (runs: Measured[]) => median(runs.map((m) => m.cpuUs));
  const line = (name: string, base: Measured[], runs: Measured[]) => {
    const ratios = runs.map((m, i) => m.rps / base[i]!.rps);
    return [
      name.padEnd(34),
      median(base.map((m) => m.rps))
        .toFixed(0)
        .padStart(10),
      median(runs.map((m) => m.rps))
        .toFixed(0)
        .padStart(10),
      median(ratios).toFixed(2).padStart(6),
      `(${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`.padEnd(11),
      `${median(base.map((m) => m.p99))} ms`.padStart(8),
      `${median(runs.map((m) => m.p99))} ms`.padStart(8),
      `${cpu(base).toFixed(0).padStart(15)} ${cpu(runs).toFixed(0).padStart(4)} ${(cpu(base) / cpu(runs)).toFixed(2).padStart(5)}`,
      runs[runs.length - 1]!.statuses.padEnd(16),
      median(runs.map((m) => m.logLinesPerRequest ?? 0))
        .toFixed(2)
        .padStart(7),
      median([...base, ...runs].map((m) => m.load))
        .toFixed(1)
        .padStart(5),
    ].join(' ');
  };
  console.log(line(row.scenario.name, row.bare, row.ours));
  if (row.before.length === 0) return;
  console.log(line(`${row.scenario.name}: before`, row.bare, row.before));
  console.log(line(`${row.scenario.name}: ours/before`, row.before, row.ours));
}

async function autocannon(url: string, headers: Record<string, string>, seconds = SECONDS): Promise<Measured> {
  const args = [AUTOCANNON, '--json', '-c', String(CONNECTIONS), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const { stdout } = await run(process.execPath, [...args, url], { maxBuffer: 64 * 2 ** 20 });
  const result = JSON.parse(stdout) as {
    latency: { p99: number };
    requests: { average: number; total: number };
    statusCodeStats?: Record<string, { count: number }>;
  };
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}x${count}`)
    .join(' ');
  return {
    rps: result.requests.average,
    total: result.requests.total,
    cpuUs: 0,
    p99: result.latency.p99,
    statuses,
    load: loadavg()[0]!,
  };
}

function headersOf(
  scenario: Scenario,
  keys: Record<'unlimited' | 'exhausted', string>,
  recorded: RecordedResponse[],
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (scenario.key) headers['x-api-key'] = keys[scenario.key];
  if (scenario.revalidate) headers['if-none-match'] = etagOf(recorded, scenario.url, keys.unlimited);
  return headers;
}

function etagOf(recorded: RecordedResponse[], url: string, key: string): string {
  const answer = recorded.find((r) => r.url === url && r.apiKey === key && r.ifNoneMatch === null);
  if (!answer?.headers.etag) throw new Error(`no ETag recorded for ${url}`);
  return answer.headers.etag;
}

/**
 * Asks our server each scenario's request once (filling its cache) and keeps what it answered, for
 * the bare app to replay: the body, and every header in the order and case it was sent, less those
 * Node writes for any response (Date, Connection, Keep-Alive) and the length, which Fastify sets.
 */
async function record(address: string, keys: Record<'unlimited' | 'exhausted', string>): Promise<RecordedResponse[]> {
  const port = Number(new URL(address).port);
  // Spend the exhausted key's one request, so that it answers 429 from now on.
  await overSocket(port, '/v1/occupations/2134/pay', { 'x-api-key': keys.exhausted });
  const recorded: RecordedResponse[] = [];
  for (const scenario of ALL_SCENARIOS) {
    const headers = headersOf(scenario, keys, recorded);
    const response = await overSocket(port, scenario.url, headers);
    if (response.status !== scenario.status)
      throw new Error(`${scenario.name}: expected ${scenario.status}, got ${response.status}: ${response.body}`);
    const kept: Record<string, string> = {};
    for (const [name, value] of response.headers)
      if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name))
        kept[name] = value;
    const apiKey = headers['x-api-key'] ?? null;
    const ifNoneMatch = headers['if-none-match'] ?? null;
    if (
      recorded.some((r) => replayKey(r.url, r.apiKey, r.ifNoneMatch) === replayKey(scenario.url, apiKey, ifNoneMatch))
    )
      continue;
    recorded.push({
      url: scenario.url,
      apiKey,
      ifNoneMatch,
      status: response.status,
      headers: kept,
      body: response.body,
    });
  }
  return recorded;
}

async function createKey(env: NodeJS.ProcessEnv, rpm: number): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [CLI, 'keys', 'create', '--email', 'bench@example.org', '--rpm', String(rpm)],
    { env },
  );
  return stdout.trim();
}

async function startOurs(
  cli: string,
  env: NodeJS.ProcessEnv,
  logFile: string,
  deployment: string,
  nodeFlags: readonly string[] = NODE_FLAGS,
): Promise<{ child: ChildProcess; address: string }> {
  const port = await freePort();
  const profile = CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`, `--cpu-prof-name=${deployment}-${Date.now()}.cpuprofile`]
    : [];
  // pino writes its lines to stdout, here a file: what an operator's collector would receive.
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, [...nodeFlags, ...profile, cli, 'serve'], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, 'inherit'],
  });
  closeSync(log);
  children.push(child);
  return { child, address: `http://127.0.0.1:${port}` };
}

async function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdout: 'pipe',
): Promise<{ child: ChildProcess; address: string }> {
  const child = spawn(command, args, { env, stdio: ['ignore', stdout, 'inherit'] });
  children.push(child);
  const address = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
  return { child, address };
}

/** The seconds until a server says ready; rejects when it exits first (a bad configuration) rather than waiting out the bound. */
async function ready(server: { child: ChildProcess; address: string }): Promise<number> {
  const started = performance.now();
  const exited = new Promise<never>((_resolve, reject) =>
    server.child.once('exit', (code) => reject(new Error(`our server exited with ${code} before it was ready`))),
  );
  await Promise.race([waitForReady(server.address), exited]);
  return (performance.now() - started) / 1000;
}

/**
 * Polls /readyz until it answers 200, for READY_SECONDS of the clock: a start's warm list (the
 * search, the skill profiles, the placements) takes seconds on a quiet machine and minutes on a
 * loaded one, and the bench measures a ready server, never a warming one.
 */
async function waitForReady(address: string): Promise<void> {
  const deadline = performance.now() + READY_SECONDS * 1000;
  while (performance.now() < deadline) {
    const status = await fetch(`${address}/readyz`, { signal: AbortSignal.timeout(10_000) })
      .then((r) => r.status)
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${address} was not ready within ${READY_SECONDS} s (BENCH_READY_SECONDS)`);
}

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`invalid database name ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** Lines written to the log so far (counted from where the last count stopped). */
function countLines(file: string): number {
  const seen = counted.get(file) ?? { bytes: 0, lines: 0 };
  const size = statSync(file).size;
  const fd = openSync(file, 'r');
  const chunk = Buffer.alloc(4 * 2 ** 20);
  for (let at = seen.bytes; at < size;) {
    const read = readSync(fd, chunk, 0, Math.min(chunk.length, size - at), at);
    for (let i = chunk.indexOf(10); i !== -1 && i < read; i = chunk.indexOf(10, i + 1)) seen.lines += 1;
    at += read;
  }
  closeSync(fd);
  counted.set(file, { bytes: size, lines: seen.lines });
  return seen.lines;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
