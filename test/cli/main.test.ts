import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { lmiCli } from '../helpers/lmi-process.js';
import { VOLUME2_FILE, alteredVolume2, makeMirror } from '../helpers/upstream.js';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function lmi(
  args: string[],
  env: Record<string, string>,
  /** Kill the command after this long (0: never): for a command that must exit by itself. */
  timeout = 0,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const cli = lmiCli();
    const { stdout, stderr } = await run(cli.command, [...cli.args, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      timeout,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('the lmi command (embedded SQLite)', () => {
  let dataDir: string;
  let env: Record<string, string>;
  before(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'lmi-cli-'));
    env = { LMI_DATA_DIR: dataDir };
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('--version prints the package version and nothing else', async () => {
    const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
    const printed = await lmi(['--version'], env);
    assert.equal(printed.code, 0);
    assert.equal(printed.stdout, `${version}\n`);
  });

  it('keys create prints the new key on stdout and nothing else; list shows its prefix; revoke revokes it', async () => {
    const created = await lmi(['keys', 'create', '--email', 'someone@example.org'], env);
    assert.equal(created.code, 0);
    assert.match(created.stdout, /^lmi_[A-Za-z0-9_-]{43}\n$/);
    const prefix = created.stdout.slice(0, 12);

    const listed = await lmi(['keys', 'list'], env);
    assert.match(listed.stdout, new RegExp(`^${prefix}  free  created \\S+  live$`, 'm'));
    assert.ok(!listed.stdout.includes(created.stdout.trim()), 'list never shows a key');

    assert.equal((await lmi(['keys', 'revoke', prefix], env)).code, 0);
    assert.match(
      (await lmi(['keys', 'list'], env)).stdout,
      new RegExp(`^${prefix}  free  created \\S+  revoked `, 'm'),
    );
    const again = await lmi(['keys', 'revoke', prefix], env);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /no live key has the prefix/);
  });

  it('keys create refuses an unknown tier and a bad address, naming the valid tiers', async () => {
    const tier = await lmi(['keys', 'create', '--email', 'a@example.org', '--tier', 'gold'], env);
    assert.equal(tier.code, 1);
    assert.match(tier.stderr, /unknown tier "gold"; tiers: free, partner/);
    assert.equal((await lmi(['keys', 'create', '--email', 'nope'], env)).code, 1);
  });

  it('ingest publishes the real framework, then finds it unchanged', async () => {
    const first = await lmi(['ingest', 'soc2020-structure', 'soc2020-index', 'soc2020-descriptions'], env);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /soc2020-structure\s+published/);
    assert.match(
      first.stdout,
      /published\s+SOC 2020 Volume 2: the coding index, version 12 \(16 April 2025\) \(551 rows\)/,
    );
    assert.match(first.stdout, /soc2020-index\s+published/);
    assert.match(first.stdout, /soc2020-descriptions\s+published/);
    assert.match(first.stdout, /^3 source\(s\), 0 failed or quarantined$/m);
    const second = await lmi(['ingest', 'soc2020-structure'], env);
    assert.match(second.stdout, /soc2020-structure\s+unchanged/);
  });

  it('search prints the matches as a table, the exact default entry first', async () => {
    const result = await lmi(['search', "doctor's", 'receptionist', '--limit', '3'], env);
    assert.equal(result.code, 0, result.stderr);
    const lines = result.stdout.trimEnd().split('\n');
    assert.match(lines[0]!, /^#\s+SOC\s+conf\.\s+match\s+matched title\s+unit group$/);
    assert.match(lines[2]!, /^1\s+4216\s+1\.000\s+exact\s+Doctor's receptionist\s+Receptionists$/);
    assert.equal(lines.length, 5);
  });

  it('search exits by itself when REDIS_URL is set (it opens no Redis connection)', async () => {
    const redis = process.env.LMI_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const result = await lmi(['search', 'nurse', '--limit', '1'], { ...env, REDIS_URL: redis }, 60_000);
    assert.equal(result.code, 0, `killed after 60 s, or failed: ${result.stderr}`);
    assert.match(result.stdout, /^1\s+\d{4}\s/m);
  });

  it('ingest exits non-zero when a source is quarantined, saying why', async () => {
    const mirror = makeMirror();
    mirror.write(
      VOLUME2_FILE,
      alteredVolume2((sheets) => sheets['SOC2020 framework']!.splice(7, 1)),
    );
    const result = await lmi(['ingest', 'soc2020-structure'], { ...env, LMI_UPSTREAM_DIR: mirror.root });
    assert.equal(result.code, 1);
    assert.match(result.stdout, /soc2020-structure\s+quarantined/);
    assert.match(result.stdout, /unit groups: 412 \(observed: 411\)/);
  });

  it('ingest refuses an unknown source, listing the valid ones', async () => {
    const result = await lmi(['ingest', 'nope'], env);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /unknown source nope; valid sources: soc2020-structure/);
  });

  it('stops with a one-line message naming a bad variable', async () => {
    const result = await lmi(['db', 'migrate'], { ...env, PORT: 'abc' });
    assert.equal(result.code, 1);
    assert.equal(result.stderr, 'lmi: configuration: PORT must be a whole number from 1 to 65535, got "abc"\n');
  });
});
