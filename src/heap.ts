/**
 * The V8 flags `lmi serve` is meant to run with (bin/lmi.js's shebang and `npm start` pass them).
 *
 * `--min-semi-space-size=16`: V8 shrinks the young generation while a process allocates little,
 * as a server does between its start and its first load. About one start in five then never grows
 * it back under that load: requests in flight outlive the small young generation's collections,
 * are promoted, and V8's marking threads never rest; the keyed cached GET costs 25-28 µs of main
 * thread CPU and 6-7 µs on the other threads instead of 18-21 and 1, for as long as the process
 * lives. With the floor, 0 of 16 starts settled there against 5 of 22 without (bench/README.md,
 * "Starts of the server"). It costs at most 32 MiB of young generation kept while idle.
 */
export const SERVE_NODE_FLAGS = ['--min-semi-space-size=16'] as const;

/** The flags of SERVE_NODE_FLAGS this process was started without. */
export function missingServeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return SERVE_NODE_FLAGS.filter((flag) => !execArgv.includes(flag));
}
