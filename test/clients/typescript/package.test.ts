import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { OPERATIONS } from '../../../clients/typescript/src/operations.js';
import { REPO_ROOT } from '../../helpers/template-databases.js';

const run = promisify(execFile);

/** What a program outside the repository does with the packed client: import it by name and call it. */
const CONSUMER = `
import { createLmiClient, LmiProblemError, OPERATIONS } from '@uk-lmi/client';
const lmi = createLmiClient({
  baseUrl: 'http://lmi.invalid',
  apiKey: 'lmi_key',
  fetch: async (request) => new Response(JSON.stringify({ type: '/problems/occupation-not-found', title: 'Occupation not found',
    status: 404, detail: 'No SOC 2020 unit group 9999', instance: new URL(request.url).pathname, requestId: 'r1',
    key: request.headers.get('x-api-key') }), { status: 404, headers: { 'content-type': 'application/json' } }),
});
const error = await lmi.getOccupation({ params: { path: { soc: '9999' } } }).catch((e) => e);
console.log(JSON.stringify({ problem: error instanceof LmiProblemError, kind: error.kind, key: error.problem.key,
  instance: error.problem.instance, operations: Object.keys(OPERATIONS).length }));
`;

describe('the TypeScript client packed (clients/typescript/package.json) and used outside the repository', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lmi-client-pack-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('packs built JavaScript with its types, and imports by name from a directory elsewhere', async () => {
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], {
      cwd: path.join(REPO_ROOT, 'clients', 'typescript'),
    });
    const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
    const files = packed!.files.map((f) => f.path).sort();
    for (const file of ['dist/index.js', 'dist/index.d.ts', 'dist/openapi.d.ts', 'dist/operations.js', 'package.json'])
      assert.ok(files.includes(file), `${file} is not in the package: ${files.join(', ')}`);
    assert.deepEqual(
      files.filter((f) => f.startsWith('src/')),
      [],
      'the package ships JavaScript, not the TypeScript sources',
    );

    const app = path.join(dir, 'app');
    const installed = path.join(app, 'node_modules', '@uk-lmi', 'client');
    mkdirSync(installed, { recursive: true });
    await run('tar', ['-xzf', path.join(dir, packed!.filename), '-C', installed, '--strip-components=1']);
    // Its one dependency, as `npm install` would fetch it; linked from the checkout's install so the test needs no registry.
    symlinkSync(path.join(REPO_ROOT, 'node_modules', 'openapi-fetch'), path.join(app, 'node_modules', 'openapi-fetch'));
    writeFileSync(path.join(app, 'consumer.mjs'), CONSUMER);
    const result = await run(process.execPath, ['consumer.mjs'], { cwd: app });
    assert.deepEqual(JSON.parse(result.stdout), {
      problem: true,
      kind: 'occupation-not-found',
      key: 'lmi_key',
      instance: '/v1/occupations/9999',
      operations: Object.keys(OPERATIONS).length,
    });
  });
});
