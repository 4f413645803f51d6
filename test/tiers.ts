/**
 * The two tiers of the suite, as ONS's dp-dataset-api separates unit from component tests:
 * - `unit`: everything that runs inside the test process (pure functions, the store, queries,
 *   routes through `app.inject`, the ingest pipeline against the publisher double). `npm test`.
 * - `process`: what starts processes of its own: the built `lmi` command (the CLI, `lmi serve`
 *   end to end, an interrupted ingest) and the architecture checks that run dependency-cruiser and
 *   jscpd. `npm run test:process`; CI runs both, each as its own step.
 * A file's tier follows from what it imports, so a new file needs no list kept by hand.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Tier = 'unit' | 'process';
const TIERS: readonly Tier[] = ['unit', 'process'];

/** Helpers that start the `lmi` command (test/helpers/lmi-process.ts and what is built on it). */
const PROCESS_HELPERS = /helpers\/(lmi-process|publishers-e2e)\.js['"]/;

/** The tier of a test file, by its path under test/. */
export function tierOf(testDir: string, file: string): Tier {
  if (file.startsWith('architecture/')) return 'process';
  return PROCESS_HELPERS.test(readFileSync(path.join(testDir, file), 'utf8')) ? 'process' : 'unit';
}

/** The tier `npm test` runs (test/run.ts) asked for by `--tier`, or given to its shards through the environment. */
export function requestedTier(argv: readonly string[] = process.argv): Tier {
  const at = argv.indexOf('--tier');
  const asked = at >= 0 ? argv[at + 1] : process.env.LMI_TEST_TIER;
  if (asked === undefined) return 'unit';
  if (!TIERS.includes(asked as Tier)) throw new Error(`--tier ${asked}: the tiers are ${TIERS.join(', ')}`);
  return asked as Tier;
}
