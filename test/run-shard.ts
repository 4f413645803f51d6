/**
 * `npm test` runs the test files in a few processes (test/shards/*.ts), not one process each:
 * on two cores, starting a process that loads the app through tsx costs about 2.5 s of CPU,
 * which over some fifty files was a third of the whole run. Each shard imports its share of
 * the files, each inside a suite named after the file (so the report still gives every file's
 * duration), and the runner runs the shards in parallel. Files stay independent: each copies
 * its own template database. One file still runs alone with `npx tsx --test test/<path>.test.ts`.
 */
import { describe } from 'node:test';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const TEST_DIR = path.dirname(fileURLToPath(import.meta.url));
const SHARD_DIR = path.join(TEST_DIR, 'shards');

/**
 * Seconds the slowest files take on the two-core machine, to spread them over the shards (a
 * file not listed counts as one second). Only the balance depends on these, never a result.
 */
const SECONDS: Record<string, number> = {
  'cli/main.test.ts': 60,
  'ingest/sources/ons/ashe-table14/descriptor.test.ts': 40,
  'routes/v1/occupations/index.search.test.ts': 25,
  'routes/v1/occupations/pay/index.test.ts': 19,
  'http/rate-limit.test.ts': 15,
  'queries/skills.test.ts': 13,
  'routes/v1/occupations/skills/index.test.ts': 11,
  'routes/v1/occupations/employment/index.test.ts': 10,
  'queries/work-profile.test.ts': 10,
  'routes/v1/occupations/pay/index.regions.test.ts': 8,
  'ingest/fault-injection.test.ts': 30,
  'queries/current-editions.replicas.test.ts': 15,
  'ingest/interrupted.test.ts': 15,
  'ingest/pipeline.test.ts': 6,
  'ingest/parse-worker.test.ts': 5,
  'routes/v1/occupations/index.test.ts': 6,
  'routes/v1/occupations/work-profile/index.test.ts': 6,
  'search/title-index.test.ts': 6,
  'store/pay.test.ts': 6,
  'queries/occupations.test.ts': 5,
  'queries/pay.test.ts': 5,
  'keys/key-issuance.test.ts': 5,
  'routes/v1/meta/index.test.ts': 5,
  'store/coding-index.test.ts': 4,
  'ingest/sources/ons/soc2020-index/parse.test.ts': 3,
  'http/auth.security.test.ts': 3,
};

/** Every test file under test/, relative to it, sorted. */
export function testFiles(dir = TEST_DIR): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** The files of each shard: slowest first, each to the shard with the least so far. */
export function planShards(files: string[], shards: number): string[][] {
  const plan = Array.from({ length: shards }, () => ({ seconds: 0, files: [] as string[] }));
  const bySeconds = [...files].sort((a, b) => (SECONDS[b] ?? 1) - (SECONDS[a] ?? 1) || a.localeCompare(b));
  for (const file of bySeconds) {
    const lightest = plan.reduce((min, shard) => (shard.seconds < min.seconds ? shard : min));
    lightest.seconds += SECONDS[file] ?? 1;
    lightest.files.push(file);
  }
  return plan.map((shard) => shard.files);
}

/** Registers the files of the shard whose entry module this is (test/shards/<n>.ts). */
export function runShard(entryUrl: string): void {
  const shards = readdirSync(SHARD_DIR).filter((f) => /^\d+\.ts$/.test(f)).length;
  const shard = Number(path.basename(fileURLToPath(entryUrl), '.ts'));
  for (const file of planShards(testFiles(), shards)[shard - 1]!) {
    describe(file, async () => {
      await import(pathToFileURL(path.join(TEST_DIR, file)).href);
    });
  }
}
