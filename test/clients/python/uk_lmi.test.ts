import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { issueApiKey } from '../../../src/keys/api-key.js';
import { REPO_ROOT } from '../../helpers/template-databases.js';
import { servedFromTemplate, type ServedApp } from '../../helpers/served-app.js';

const run = promisify(execFile);
const PYTHON_CLIENT = path.join(REPO_ROOT, 'clients', 'python');

describe('the Python client (clients/python) against the real server, by its own unittest suite', () => {
  let served: ServedApp;
  let baseUrl: string;
  let limitedKey: string;
  before(async () => {
    served = await servedFromTemplate('sqlite');
    await served.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(served.app.server.address() as AddressInfo).port}`;
    ({ key: limitedKey } = await issueApiKey(served.store.db, {
      tier: served.services.config.tiers[0]!,
      emailHmac: null,
      requestsPerMinute: 1,
    }));
  });
  after(async () => served.close());

  it('passes `python3 -m unittest` run with the base URL and keys in the environment', async () => {
    // Asynchronous: the server answering the tests runs in this process.
    const result = await run('python3', ['-m', 'unittest', 'discover', '-s', 'tests', '-t', '.', '-v'], {
      cwd: PYTHON_CLIENT,
      env: {
        ...process.env,
        PYTHONPATH: path.join(PYTHON_CLIENT, 'src'),
        PYTHONDONTWRITEBYTECODE: '1',
        LMI_BASE_URL: baseUrl,
        LMI_API_KEY: served.key,
        LMI_LIMITED_KEY: limitedKey,
      },
      timeout: 120_000,
    }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
      assert.fail(`python3 -m unittest failed:\n${error.stderr ?? ''}${error.stdout ?? ''}${error.message}`);
    });
    assert.match(result.stderr, /^OK$/m, result.stderr);
    assert.doesNotMatch(result.stderr, /skipped/, 'no Python test may be skipped');
  });
});
