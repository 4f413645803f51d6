/**
 * `npm test`: type-checks while the template databases build (test/build-templates.ts), stops the
 * build as soon as the type check fails, then runs the shards (test/shards/*.ts) and records how
 * long each test file took, which the next run's shard plan reads (test/run-shard.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { run } from 'node:test';
import { spec, tap } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';
import { recordDurations } from './run-shard.js';

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

async function prepare(): Promise<number> {
  const templates = start('tsx', ['test/build-templates.ts']);
  const typecheck = start('tsc', ['--noEmit']);
  const interrupt = (): void => {
    stop(templates.child);
    stop(typecheck.child);
    process.exit(130);
  };
  process.once('SIGINT', interrupt).once('SIGTERM', interrupt);
  const typed = await typecheck.exit;
  if (typed !== 0) {
    stop(templates.child);
    await templates.exit;
    console.error('npm test: the type check failed; the template build was stopped.');
    return typed;
  }
  // The tests that run the lmi command run the build (test/helpers/lmi-process.ts): bring it up
  // to date once here, so that the shards never build it at once.
  const build = start('node', [path.join(TEST_DIR, '..', 'bin', 'build-if-changed.js')]);
  const [built, compiled] = [await templates.exit, await build.exit];
  process.off('SIGINT', interrupt).off('SIGTERM', interrupt);
  if (compiled !== 0) console.error('npm test: the build of dist/ failed.');
  process.env.LMI_TEST_BUILT = '1';
  return built || compiled;
}

async function runShards(): Promise<void> {
  const shardDir = path.join(TEST_DIR, 'shards');
  const files = readdirSync(shardDir)
    .filter((file) => /^\d+\.ts$/.test(file))
    .sort()
    .map((file) => path.join(shardDir, file));
  const durations = new Map<string, number>();
  const stream = run({ files, concurrency: 2 });
  // Each shard runs its files as top-level suites named after the file (run-shard.ts).
  stream.on('test:pass', ({ name, nesting, details }) => {
    if (nesting === 0 && name.endsWith('.test.ts')) durations.set(name, details.duration_ms);
  });
  stream.on('test:fail', ({ name, nesting, details }) => {
    process.exitCode = 1;
    if (nesting === 0 && name.endsWith('.test.ts')) durations.set(name, details.duration_ms);
  });
  stream.once('end', () => recordDurations(durations));
  stream.compose(process.stdout.isTTY ? new spec() : tap).pipe(process.stdout);
}

const prepared = await prepare();
if (prepared !== 0) process.exit(prepared);
await runShards();
