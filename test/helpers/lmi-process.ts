import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './template-databases.js';

/**
 * The `lmi` command run as a user runs it (`npm start` runs the build in dist/): a one-off command,
 * or `lmi serve` as a process of its own (in its own process group, so stopping it also stops the
 * ingest processes it forks). The build, not tsx: tsx compiles every module again in each process
 * and worker thread the command starts, which cost a CLI test file most of its minute.
 */

const run = promisify(execFile);

/** The built CLI, compiled first when a source changed since the last build (once per test process). */
export function lmiCli(): { command: string; args: string[] } {
  ensureBuilt();
  return { command: process.execPath, args: [path.join(REPO_ROOT, 'dist', 'cli', 'main.js')] };
}

let built = false;
function ensureBuilt(): void {
  // npm test builds before it starts the shards (test/run.ts), so that they never build at once.
  if (built || process.env.LMI_TEST_BUILT === '1') return;
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'bin', 'build-if-changed.js')], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the build of dist/ failed (node bin/build-if-changed.js)');
  built = true;
}

/** Only what the command is given: no DATABASE_URL, REDIS_URL or mirror of the test runner leaks in. */
function environment(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env };
}

export async function lmiCommand(args: string[], env: Record<string, string>): Promise<string> {
  const cli = lmiCli();
  const { stdout } = await run(cli.command, [...cli.args, ...args], { cwd: REPO_ROOT, env: environment(env) });
  return stdout;
}

/** A port of 127.0.0.1 free now (the benchmarks that start servers use it too). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface LmiServer {
  readonly child: ChildProcess;
  readonly base: string;
  /** What the server wrote to stdout and stderr (its log), for a failing assertion's message. */
  readonly output: () => string;
  get(url: string, key?: string): Promise<{ status: number; body: unknown }>;
  stop(): Promise<void>;
}

/** `lmi serve <args>` on a free port of 127.0.0.1. */
export async function startLmiServer(args: string[], env: Record<string, string>): Promise<LmiServer> {
  const port = await freePort();
  const cli = lmiCli();
  const child = spawn(cli.command, [...cli.args, 'serve', ...args], {
    cwd: REPO_ROOT,
    env: environment({ HOST: '127.0.0.1', PORT: String(port), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    // The last 200 kB are enough to say what went wrong.
    log = (log + chunk.toString()).slice(-200_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  return {
    child,
    base,
    output: () => log,
    async get(url, key) {
      const ask = () => fetch(`${base}${url}`, { headers: key ? { 'x-api-key': key } : {} });
      // A GET asked again once when the connection fails: the client reuses a keep-alive socket until
      // a second before the server's timeout, and on a loaded machine the server can close it first.
      const response = await ask().catch((error: unknown) => {
        if (error instanceof TypeError) return ask();
        throw error;
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON (metrics): the text
      }
      return { status: response.status, body };
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

/** Polls `check` until it returns a value (not undefined), or fails naming `what` after `timeoutMs`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  intervalMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
