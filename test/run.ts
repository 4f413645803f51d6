/**
 * `npm test`: type-checks while the template databases build (test/build-templates.ts), stops the
 * build as soon as the type check fails, then runs the unit tier's shards (test/shards/*.ts) and
 * records how long each test file took, which the next run's shard plan reads (test/run-shard.ts).
 * `npm run test:process` (`--tier process`, test/tiers.ts) runs the tests that start processes of
 * their own; it skips the type check, which `npm test` and `npm run verify` make.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { run } from 'node:test';
import { spec, tap } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';
import { recordDurations, shardCount } from './run-shard.js';
import { requestedTier } from './tiers.js';

const TEST_DIR = path.dirname(fileURLToPath(import.meta.url));
const BIN = path.join(TEST_DIR, '..', 'node_modules', '.bin');

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
  const typecheck = tier === 'unit' ? start('tsc', ['--noEmit']) : { child: null, exit: Promise.resolve(0) };
  const interrupt = (): void => {
    stop(templates.child);
    if (typecheck.child) stop(typecheck.child);
    process.exit(130);
  };
  process.once('SIGINT', interrupt).once('SIGTERM', interrupt);
  const typed = await typecheck.exit;
  if (tier === 'unit') phase('type check');
  if (typed !== 0) {
    stop(templates.child);
    await templates.exit;
    console.error('npm test: the type check failed; the template build was stopped.');
    return typed;
  }
  // The tests that run the lmi command run the build (test/helpers/lmi-process.ts): bring it up
  // to date once here, so that the shards never build it at once.
  const build = start('node', [path.join(TEST_DIR, '..', 'bin', 'build-if-changed.js')]);
  const built = await templates.exit;
  phase('template databases');
  const compiled = await build.exit;
  phase('build of dist/');
  process.off('SIGINT', interrupt).off('SIGTERM', interrupt);
  if (compiled !== 0) console.error('npm test: the build of dist/ failed.');
  process.env.LMI_TEST_BUILT = '1';
  return built || compiled;
}

/** Logs, at each call, when the named phase ended, counted from the start of the timer (the phases overlap). */
function timer(): (name: string) => void {
  const started = performance.now();
  return (name) =>
    console.log(`npm test (${tier}): ${name} done at ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function runShards(): Promise<void> {
  const shards = shardCount();
  const files = Array.from({ length: shards }, (_, i) => path.join(TEST_DIR, 'shards', `${i + 1}.ts`));
  const durations = new Map<string, number>();
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
  });
  stream.compose(process.stdout.isTTY ? new spec() : tap).pipe(process.stdout);
}

const prepared = await prepare();
if (prepared !== 0) process.exit(prepared);
await runShards();
