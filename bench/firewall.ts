/**
 * Behind a firewall with no mirror, at the default fetch settings (issue 47's done-when: the first
 * `/v1/meta/ingest` answer names every unreachable publisher within 60 s). Starts `lmi serve
 * --ingest` (compiled build) on a fresh SQLite folder with LMI_UPSTREAM=publishers and every
 * publisher's port 443 sent (LMI_UPSTREAM_CONNECT_TO) to: a closed port of 127.0.0.1 (`refusing`),
 * a port that accepts and never answers (`silent`, the TLS handshake never ends), and 192.0.2.1
 * (`blackhole`, TEST-NET-1, never routed: the SYN is dropped, or refused at once where no route
 * exists). Polls /v1/meta/ingest every 250 ms and prints how long after the process started the
 * first answer named every publisher host, and with which kind. No LMI_FETCH_* variable is set.
 *
 * Run: npm run build && npx tsx bench/firewall.ts (BENCH_WALLS=refusing,silent,blackhole)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SOURCES } from '../src/ingest/registry.js';
import { freePort } from '../test/helpers/lmi-process.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'dist', 'cli', 'main.js');
const WALLS = (process.env.BENCH_WALLS ?? 'refusing,silent,blackhole').split(',');
const GIVE_UP_S = 180;
const HOSTS = [...new Set(SOURCES.filter((s) => s.discover).map((s) => new URL(s.url).host))].sort();

interface Publisher {
  host: string;
  reachable: boolean;
  kind: string | null;
}

const silent = net.createServer(() => undefined);
const held = new Set<net.Socket>();
silent.on('connection', (socket) => held.add(socket));
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
const closedPort = await freePort();

async function wall(name: string): Promise<string> {
  const target =
    name === 'refusing'
      ? `127.0.0.1:${closedPort}`
      : name === 'silent'
        ? `127.0.0.1:${(silent.address() as AddressInfo).port}`
        : '192.0.2.1:443';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lmi-bench-firewall-'));
  const port = await freePort();
  const started = performance.now();
  const server = spawn(process.execPath, [CLI, 'serve', '--ingest'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LMI_DATA_DIR: dataDir,
      LMI_UPSTREAM: 'publishers',
      LMI_UPSTREAM_CONNECT_TO: `*:443:${target}`,
      LMI_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const seconds = () => (performance.now() - started) / 1000;
  let listening: number | null = null;
  try {
    for (;;) {
      if (seconds() > GIVE_UP_S) return `${name}: not every publisher named after ${GIVE_UP_S} s`;
      await new Promise((resolve) => setTimeout(resolve, 250));
      const answer = await fetch(`http://127.0.0.1:${port}/v1/meta/ingest`).catch(() => null);
      if (!answer) continue;
      listening ??= seconds();
      // Anything but the status document (a 429 or 503 problem while starting) is no answer yet.
      const { publishers = [] } = (await answer.json()) as { publishers?: Publisher[] };
      const named = publishers.filter((p) => !p.reachable).map((p) => p.host);
      if (HOSTS.every((h) => named.includes(h))) {
        const kinds = [...new Set(publishers.map((p) => p.kind))].join(', ');
        return `${name} (to ${target}): every one of ${HOSTS.length} publisher hosts named unreachable (${kinds}) ${seconds().toFixed(1)} s after the start, ${(seconds() - listening).toFixed(1)} s after the first answer`;
      }
    }
  } finally {
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  for (const name of WALLS) console.log(await wall(name));
  console.log(
    `load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}`,
  );
} finally {
  for (const socket of held) socket.destroy();
  silent.close();
}
