/**
 * `npm test` runs the test files in a few processes (test/shards/*.ts), not one process each:
 * on two cores, starting a process that loads the app through tsx costs about 2.5 s of CPU,
 * which over some fifty files was a third of the whole run. Each shard imports its share of
 * the files, each inside a suite named after the file (so the report still gives every file's
 * duration), and the runner runs the shards in parallel. Files stay independent: each copies
 * its own template database. One file still runs alone with `npx tsx --test test/<path>.test.ts`.
 */
import { after, before, describe } from 'node:test';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { requestedTier, tierOf } from './tiers.js';

const TEST_DIR = path.dirname(fileURLToPath(import.meta.url));
const SHARD_DIR = path.join(TEST_DIR, 'shards');

/**
 * How long each file took in the last run that ran it (milliseconds, by path under test/),
 * recorded by test/run.ts; not committed. Only the balance of the shards depends on these,
 * never a result; a file never timed counts as one second.
 */
const DURATIONS_FILE = path.join(TEST_DIR, '.durations.json');
/**
 * A full run's recorded durations, committed (a copy of DURATIONS_FILE, never edited by hand), so
 * that a fresh clone, as in CI, balances its shards by measurement too.
 */
const COMMITTED_DURATIONS_FILE = path.join(TEST_DIR, 'shard-durations.json');
const UNKNOWN_MS = 1000;

function readDurations(file: string): Record<string, number> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

function measuredDurations(): Record<string, number> {
  return { ...readDurations(COMMITTED_DURATIONS_FILE), ...readDurations(DURATIONS_FILE) };
}

/** Adds this run's durations to the file, keeping those of files this run did not reach. */
export function recordDurations(durations: ReadonlyMap<string, number>): void {
  const merged = { ...readDurations(DURATIONS_FILE), ...Object.fromEntries(durations) };
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
}

/** Every test file of the tier (tiers.ts) under test/, relative to it, sorted; only those whose path contains LMI_TEST_ONLY when it is set. */
function testFiles(tier = requestedTier(), dir = TEST_DIR): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => tierOf(dir, file) === tier)
    .filter((file) => !process.env.LMI_TEST_ONLY || file.includes(process.env.LMI_TEST_ONLY))
    .sort();
}

/** The shard entry modules (test/shards/<n>.ts) a run uses: LMI_TEST_SHARDS of them (test/run.ts sets it), or all. */
export function shardCount(): number {
  const available = readdirSync(SHARD_DIR).filter((f) => /^\d+\.ts$/.test(f)).length;
  const asked = Number(process.env.LMI_TEST_SHARDS);
  return Number.isInteger(asked) && asked > 0 ? Math.min(asked, available) : available;
}

/** The files of each shard: slowest first, each to the shard with the least so far. */
function planShards(
  files: string[],
  shards: number,
  durations: Record<string, number> = measuredDurations(),
): string[][] {
  const ms = (file: string): number => durations[file] ?? UNKNOWN_MS;
  const plan = Array.from({ length: shards }, () => ({ ms: 0, files: [] as string[] }));
  const slowestFirst = [...files].sort((a, b) => ms(b) - ms(a) || a.localeCompare(b));
  for (const file of slowestFirst) {
    const lightest = plan.reduce((min, shard) => (shard.ms < min.ms ? shard : min));
    lightest.ms += ms(file);
    lightest.files.push(file);
  }
  return plan.map((shard) => shard.files);
}

/**
 * CPU time (user + system, all threads of the shard's process, in milliseconds) each file's tests
 * took, and the whole shard's (its process from start to exit: what is not in any file's tests is
 * loading the modules, which every suite of a shard starts at once). Much less sensitive to other
 * work on the machine than wall time. test/run.ts reads these from LMI_TEST_CPU_DIR.
 */
export interface ShardCpu {
  files: Record<string, number>;
  totalMs: number;
}

const cpuMs = (usage: NodeJS.CpuUsage): number => (usage.user + usage.system) / 1000;

/** Registers the files of the shard whose entry module this is (test/shards/<n>.ts). */
export function runShard(entryUrl: string): void {
  const shard = Number(path.basename(fileURLToPath(entryUrl), '.ts'));
  const cpu: ShardCpu = { files: {}, totalMs: 0 };
  for (const file of planShards(testFiles(), shardCount())[shard - 1] ?? []) {
    describe(file, async () => {
      await import(pathToFileURL(path.join(TEST_DIR, file)).href);
      let running: NodeJS.CpuUsage;
      before(() => {
        running = process.cpuUsage();
      });
      after(() => {
        cpu.files[file] = cpuMs(process.cpuUsage(running));
      });
    });
  }
  const dir = process.env.LMI_TEST_CPU_DIR;
  if (dir)
    process.once('exit', () => {
      cpu.totalMs = cpuMs(process.cpuUsage());
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `${shard}.json`), JSON.stringify(cpu));
    });
}
