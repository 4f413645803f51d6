import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './template-databases.js';

/**
 * The `lmi` command run as a user runs it, from source through tsx: a one-off command, or
 * `lmi serve` as a process of its own (in its own process group, so stopping it also stops the
 * ingest processes it forks).
 */

const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const CLI = ['src/cli/main.ts'];
const run = promisify(execFile);

/** Only what the command is given: no DATABASE_URL, REDIS_URL or mirror of the test runner leaks in. */
function environment(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env };
}

export async function lmiCommand(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await run(TSX, [...CLI, ...args], { cwd: REPO_ROOT, env: environment(env) });
  return stdout;
}

function freePort(): Promise<number> {
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
  const child = spawn(TSX, [...CLI, 'serve', ...args], {
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
      const response = await fetch(`${base}${url}`, { headers: key ? { 'x-api-key': key } : {} });
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
