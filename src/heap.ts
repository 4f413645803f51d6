/**
 * The V8 flags `lmi serve` is meant to run with (bin/lmi.js's shebang and `npm start` pass them).
 *
 * `--min-semi-space-size=16`: about one start in five otherwise settles, for as long as the process
 * lives, in a state where the keyed cached GET costs 25-28 µs of main-thread CPU and 6-7 µs on V8's
 * helper threads instead of 18-21 and 1. A trace of such a start shows the old generation growing
 * by hundreds of MiB under load: requests in flight promoted, marking never at rest. V8 shrinks the
 * young generation while a process allocates little, as a server does between its start and its
 * first load; the floor keeps it. Measured: 0 of 28 starts slow with it, 6 of 34 without, and no
 * more memory once ready (bench/README.md, "Starts of the server").
 */
export const SERVE_NODE_FLAGS = ['--min-semi-space-size=16'] as const;

/** The flags of SERVE_NODE_FLAGS this process was started without. */
export function missingServeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return SERVE_NODE_FLAGS.filter((flag) => !execArgv.includes(flag));
}
