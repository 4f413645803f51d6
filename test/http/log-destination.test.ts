import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BatchedLogDestination } from '../../src/http/log-destination.js';
import { REPO_ROOT } from '../helpers/template-databases.js';

const run = promisify(execFile);

/** The file's text once it ends with `ending` (the write happens off this thread), or what it holds after a second. */
async function textEndingWith(file: string, ending: string): Promise<string> {
  for (let tries = 0; tries < 100; tries += 1) {
    const text = readFileSync(file, 'utf8');
    if (text.endsWith(ending)) return text;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return readFileSync(file, 'utf8');
}

describe('batched log destination', () => {
  it('hands lines on when a batch has gathered, or when the flush interval passes', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'lmi-log-')), 'out.log');
    const destination = new BatchedLogDestination({ dest: file, sync: true, mkdir: true }, 100, 60_000);
    destination.write('{"n":1}\n');
    destination.write('{"n":2}\n');
    destination.flush();
    assert.equal(await textEndingWith(file, '{"n":2}\n'), '{"n":1}\n{"n":2}\n', 'flush hands on what has gathered');
    destination.write('{"n":3}\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(readFileSync(file, 'utf8'), '{"n":1}\n{"n":2}\n', 'a short line waits for its batch');
    destination.write(`${JSON.stringify({ n: 4, padding: 'x'.repeat(20) })}\n`);
    assert.match(
      await textEndingWith(file, '"}\n'),
      /\{"n":3\}\n\{"n":4,"padding":"x+"\}\n$/,
      'a line that cannot fit goes at once, after what was gathered',
    );
    const before = readFileSync(file, 'utf8');
    for (let i = 0; i < 11; i += 1) destination.write(`{"m":${i}}\n`);
    const filled = await textEndingWith(file, '{"m":9}\n');
    assert.equal(
      filled.slice(before.length),
      Array.from({ length: 10 }, (_, i) => `{"m":${i}}\n`).join(''),
      'a full batch goes, the next line waits',
    );

    const timed = new BatchedLogDestination({ dest: file, sync: true }, 1_000_000, 20);
    timed.write('{"n":5}\n');
    assert.match(
      await textEndingWith(file, '{"n":5}\n'),
      /\{"n":5\}\n$/,
      'the interval flushes a batch that never fills',
    );
  });

  it('writes what is still gathered when the process exits', async () => {
    const script = `
      const { stdoutLogDestination } = await import(${JSON.stringify(path.join(REPO_ROOT, 'src', 'http', 'log-destination.ts'))});
      const destination = stdoutLogDestination();
      for (let i = 0; i < 3; i += 1) destination.write(JSON.stringify({ i }) + '\\n');
      process.exit(0);`;
    const { stdout } = await run(
      path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
      ['--eval', `(async () => {${script}})()`],
      { cwd: REPO_ROOT },
    );
    assert.equal(stdout, '{"i":0}\n{"i":1}\n{"i":2}\n');
  });
});
