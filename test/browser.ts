/**
 * `npm run test:browser`: the tests that drive a real browser (every `*.browser.ts` under test/),
 * kept out of `npm test` because they need the system Chromium, which a fresh machine lacks.
 * Says what to install when there is none; builds (or reuses) the template databases first.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath, INSTALL_HINT } from './helpers/chromium.js';

const TEST_DIR = path.dirname(fileURLToPath(import.meta.url));

if (!chromiumPath()) {
  process.stderr.write(`test:browser: ${INSTALL_HINT}\n`);
  process.exit(1);
}

const files = readdirSync(TEST_DIR, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.browser.ts'))
  .map((file) => path.join(TEST_DIR, file))
  .sort();
if (files.length === 0) {
  process.stderr.write('test:browser: no *.browser.ts files under test/\n');
  process.exit(1);
}

const tsx = path.join(TEST_DIR, '..', 'node_modules', '.bin', 'tsx');
const run = (args: string[]) => spawnSync(tsx, args, { stdio: 'inherit' }).status ?? 1;
const built = run([path.join(TEST_DIR, 'build-templates.ts')]);
process.exit(built !== 0 ? built : run(['--test', '--test-concurrency=1', ...files]));
