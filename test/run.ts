/**
 * `npm test`: type-checks while the template databases build (test/build-templates.ts), stops the
 * build as soon as the type check fails, then runs the unit tier's shards (test/shards/*.ts) and
 * records how long each test file took, which the next run's shard plan reads (test/run-shard.ts).
 * `npm run test:process` (`--tier process`, test/tiers.ts) runs the tests that start processes of
 * their own; it skips the type check, which `npm test` and `npm run verify` make.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { run } from 'node:test';
import { spec, tap } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';
import { databaseServerCpuMs, reapedChildrenCpuMs } from './cpu-time.js';
import { recordDurations, shardCount, type ShardCpu } from './run-shard.js';
import { requestedTier } from './tiers.js';

const TEST_DIR = path.dirname(fileURLToPath(import.meta.url));
const BIN = path.join(TEST_DIR, '..', 'node_modules', '.bin');
const TYPECHECK_BUILD_INFO = path.join(TEST_DIR, '..', 'dist', '.typecheck.tsbuildinfo');

/** A command in its own process group, so stopping it also stops what it started (tsx runs node). */
function start(command: string, args: string[]): { child: ChildProcess; exit: Promise<number> } {
  const executable = command === 'node' ? process.execPath : path.join(BIN, command);
  const child = spawn(executable, args, { stdio: 'inherit', detached: true });
  const exit = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  return { child, exit };
}

function stop(child: ChildProcess): void {
  if (child.exitCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

const tier = requestedTier();
// The shards inherit these: which tier's files to plan, and over how many processes.
process.env.LMI_TEST_TIER = tier;
// One shard per core: each runs its files one after another, so more shards than cores only
// split the CPU between them (the database server and Redis take their share too).
process.env.LMI_TEST_SHARDS ??= String(availableParallelism());

async function prepare(): Promise<number> {
  const phase = timer();
  const templates = start('tsx', ['test/build-templates.ts']);
  // Incremental: a run after a change checks again only what the change can affect (the build
  // info, under dist/ like the build's own, is this checkout's).
  const typecheck =
    tier === 'unit'
      ? start('tsc', ['--noEmit', '--incremental', '--tsBuildInfoFile', TYPECHECK_BUILD_INFO])
      : { child: null, exit: Promise.resolve(0) };
  // The tests that run the lmi command run the build (test/helpers/lmi-process.ts): bring it up
  // to date once here, so that the shards never build it at once. It runs beside the type check
  // (with the templates reused, one would otherwise wait for the other) and is stopped with it.
  const build = start('node', [path.join(TEST_DIR, '..', 'bin', 'build-if-changed.js')]);
  const interrupt = (): void => {
    stop(templates.child);
    if (typecheck.child) stop(typecheck.child);
    stop(build.child);
    process.exit(130);
  };
  process.once('SIGINT', interrupt).once('SIGTERM', interrupt);
  const typed = await typecheck.exit;
  if (tier === 'unit') phase('type check');
  if (typed !== 0) {
    stop(templates.child);
    stop(build.child);
    await Promise.all([templates.exit, build.exit]);
    console.error('npm test: the type check failed; the template build and the build of dist/ were stopped.');
    return typed;
  }
  const built = await templates.exit;
  phase('template databases');
  const compiled = await build.exit;
  phase('build of dist/');
  process.off('SIGINT', interrupt).off('SIGTERM', interrupt);
  if (compiled !== 0) console.error('npm test: the build of dist/ failed.');
  process.env.LMI_TEST_BUILT = '1';
  // dist/ is now the build of these sources: the ingest's worker threads run it rather than
  // compiling their modules again under tsx (src/ingest/worker-job.ts).
  if (compiled === 0) process.env.LMI_WORKERS_FROM_DIST = '1';
  return built || compiled;
}

/**
 * Logs, at each call, when the named phase ended, counted from the start of the timer (the phases
 * overlap), with the CPU time of the processes that ended since the last call and of the database
 * server, and the load average.
 */
function timer(): (name: string) => void {
  const started = performance.now();
  let children = reapedChildrenCpuMs();
  let server = databaseServerCpuMs();
  return (name) => {
    const [nowChildren, nowServer] = [reapedChildrenCpuMs(), databaseServerCpuMs()];
    const cpu = `CPU ${seconds(nowChildren - children)} (+ database server ${seconds(nowServer - server)})`;
    [children, server] = [nowChildren, nowServer];
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(`npm test (${tier}): ${name} done at ${seconds(performance.now() - started)}; ${cpu}; load ${load}`);
  };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** Each file's wall time and CPU time (run-shard.ts), slowest first: where the time goes. */
function printTable(durations: ReadonlyMap<string, number>, cpuDir: string): void {
  const shards = readdirSync(cpuDir).map(
    (file) => JSON.parse(readFileSync(path.join(cpuDir, file), 'utf8')) as ShardCpu,
  );
  const cpu = Object.assign({}, ...shards.map((shard) => shard.files)) as Record<string, number>;
  const rows = [...durations].sort(([, a], [, b]) => b - a);
  const total = { wall: 0, cpu: 0 };
  const lines = rows.map(([file, wall]) => {
    total.wall += wall;
    total.cpu += cpu[file] ?? 0;
    return `${seconds(wall).padStart(8)}${seconds(cpu[file] ?? 0).padStart(8)}  ${file}`;
  });
  const shardTotal = shards.reduce((sum, shard) => sum + shard.totalMs, 0);
  console.log(`\nnpm test (${tier}): each file's tests (wall, and CPU of its shard's process while they ran)`);
  console.log(`${'wall'.padStart(8)}${'CPU'.padStart(8)}  file\n${lines.join('\n')}`);
  console.log(`${seconds(total.wall).padStart(8)}${seconds(total.cpu).padStart(8)}  total of the files' tests`);
  console.log(
    `${''.padStart(8)}${seconds(shardTotal - total.cpu).padStart(8)}  loading modules (the shards' CPU outside any file's tests)`,
  );
}

async function runShards(): Promise<void> {
  const shards = shardCount();
  const files = Array.from({ length: shards }, (_, i) => path.join(TEST_DIR, 'shards', `${i + 1}.ts`));
  const durations = new Map<string, number>();
  const cpuDir = mkdtempSync(path.join(tmpdir(), 'lmi-test-cpu-'));
  process.env.LMI_TEST_CPU_DIR = cpuDir;
  const phase = timer();
  const stream = run({ files, concurrency: shards });
  // Each shard runs its files as top-level suites named after the file (run-shard.ts).
  stream.on('test:pass', ({ name, nesting, details }) => {
    if (nesting === 0 && name.endsWith('.test.ts')) durations.set(name, details.duration_ms);
  });
  stream.on('test:fail', ({ name, nesting, details }) => {
    process.exitCode = 1;
    if (nesting === 0 && name.endsWith('.test.ts')) durations.set(name, details.duration_ms);
  });
  stream.once('end', () => {
    recordDurations(durations);
    phase(`${durations.size} test files in ${shards} shards`);
    // The shards write their CPU times as they exit, which is before the stream ends.
    printTable(durations, cpuDir);
    rmSync(cpuDir, { recursive: true, force: true });
  });
  stream.compose(process.stdout.isTTY ? new spec() : tap).pipe(process.stdout);
}

const prepared = await prepare();
if (prepared !== 0) process.exit(prepared);
await runShards();
