import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * A Redis of the test's own (`redis-server` on a free port, nothing saved), to stop and start
 * again: the machine's shared Redis is never stopped, other test runs use it.
 */
export interface RedisChild {
  readonly url: string;
  readonly port: number;
  /** Kills the server (SIGKILL: an outage, not a shutdown) and waits for it to exit. */
  kill(): Promise<void>;
  /** Starts the server again on the same port. */
  restart(): Promise<void>;
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

function launch(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let said = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before it was ready: ${said}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('Ready to accept connections')) resolve(child);
    });
  });
}

export async function startRedisChild(): Promise<RedisChild> {
  const port = await freePort();
  let child: ChildProcess | null = await launch(port);
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    async restart() {
      child ??= await launch(port);
    },
  };
}
