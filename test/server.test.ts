import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { missingServeFlags, SERVE_NODE_FLAGS } from '../src/heap.js';
import { prettyLogs } from '../src/server.js';
import { REPO_ROOT } from './helpers/template-databases.js';

const run = promisify(execFile);

/** Colours off in the child, whatever the runner's environment forces. */
function withoutForceColor(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _force, ...rest } = env;
  return rest;
}

describe('log format', () => {
  it('is pretty on a terminal or when asked, JSON otherwise', () => {
    assert.equal(prettyLogs('auto', true), true);
    assert.equal(prettyLogs('auto', false), false);
    assert.equal(prettyLogs('json', true), false);
    assert.equal(prettyLogs('pretty', false), true);
  });

  it('pretty: one readable line per event through pino-pretty, with the request and no JSON', async () => {
    // A process of its own, since pino-pretty writes to the process's stdout from its worker thread.
    const script = `(async () => {
      const { default: Fastify } = await import('fastify');
      const { loggerOptions } = await import(${JSON.stringify(path.join(REPO_ROOT, 'src', 'app.ts'))});
      const app = Fastify({ logger: loggerOptions('info', ${'${PRETTY}'}) });
      app.get('/hello', async () => ({ ok: true }));
      await app.inject({ url: '/hello?api_key=secret-value' });
      app.log.info({ source: 'ashe-table14', bytes: 2048, rows: 12 }, 'ingest published: ashe-table14');
      await app.close();
    })();`;
    const output = async (pretty: boolean) =>
      (
        await run(
          path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
          ['-e', script.replace('${PRETTY}', String(pretty))],
          { cwd: REPO_ROOT, env: { ...withoutForceColor(process.env), NO_COLOR: '1' } },
        )
      ).stdout;
    const pretty = await output(true);
    const lines = pretty.trim().split('\n');
    const time = String.raw`^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: `;
    assert.ok(
      lines.some((l) => new RegExp(`${time}request completed .*"statusCode":200`).test(l)),
      pretty,
    );
    assert.ok(
      lines.some((l) =>
        new RegExp(`${time}ingest published: ashe-table14 \\{"source":"ashe-table14","bytes":2048,"rows":12\\}$`).test(
          l,
        ),
      ),
      pretty,
    );
    assert.match(pretty, /"url":"\/hello\?api_key=\[redacted\]"/);
    assert.equal(lines.length, 3, 'one line per event');
    assert.ok(!pretty.includes('secret-value'));
    assert.ok(!lines.some((l) => l.startsWith('{')), 'no JSON line');
    const json = (await output(false)).trim().split('\n');
    assert.ok(
      json.every((l) => JSON.parse(l) !== null),
      'JSON when not pretty',
    );
  });
});

describe('the node flags of lmi serve', () => {
  const shebang = readFileSync(path.join(REPO_ROOT, 'bin', 'lmi.js'), 'utf8').split('\n')[0]!;

  it('bin/lmi.js and npm start both pass them', () => {
    const start = (
      JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
    ).scripts.start;
    for (const flag of SERVE_NODE_FLAGS) {
      assert.ok(shebang.split(' ').includes(flag), `${flag} in ${shebang}`);
      assert.ok(start.split(' ').includes(flag), `${flag} in ${start}`);
    }
  });

  it("the shebang's line starts node with them, and a process is told which it lacks", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lmi-shebang-'));
    try {
      const script = path.join(dir, 'flags.mjs');
      writeFileSync(script, `${shebang}\nconsole.log(JSON.stringify(process.execArgv));\n`);
      chmodSync(script, 0o755);
      const execArgv = JSON.parse((await run(script)).stdout) as string[];
      assert.deepEqual(missingServeFlags(execArgv), []);
      assert.deepEqual(missingServeFlags([]), [...SERVE_NODE_FLAGS]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
