import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const run = promisify(execFile);

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
  cycle?: { name: string }[];
}

describe('the layers of src (.dependency-cruiser.cjs)', () => {
  it('point one way, ingest -> domain <- store <- queries <- routes, with no import circles', async () => {
    const { stdout } = await run(
      path.join(root, 'node_modules', '.bin', 'depcruise'),
      ['src', '--output-type', 'json'],
      { cwd: root, maxBuffer: 64 * 2 ** 20 },
    ).catch(
      // depcruise exits non-zero when it finds violations; its JSON is still on stdout.
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
    );
    const { summary } = JSON.parse(stdout) as { summary: { violations: Violation[]; totalCruised: number } };
    assert.ok(
      summary.totalCruised > 100,
      `only ${summary.totalCruised} modules were read: the resolver lost track of the .js -> .ts imports`,
    );
    const described = summary.violations.map(
      (v) => `${v.rule.name}: ${v.from} -> ${v.cycle ? v.cycle.map((c) => c.name).join(' -> ') : v.to}`,
    );
    assert.deepEqual(described, []);
  });
});
