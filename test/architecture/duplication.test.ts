import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const run = promisify(execFile);

/** Runs of this many lines may not appear twice in src/ (migrations aside: each is a frozen record of a schema change). */
const MIN_LINES = 10;

describe('copy-paste in src (jscpd)', () => {
  it(`finds no run of ${MIN_LINES} or more lines written twice`, async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'lmi-jscpd-'));
    try {
      await run(
        path.join(root, 'node_modules', '.bin', 'jscpd'),
        [
          '--min-lines',
          String(MIN_LINES),
          '--format',
          'typescript',
          '--ignore',
          '**/migrations/**',
          '--reporters',
          'json',
          '--output',
          out,
          '--silent',
          'src',
        ],
        { cwd: root },
      );
      const report = JSON.parse(readFileSync(path.join(out, 'jscpd-report.json'), 'utf8')) as {
        statistics: { total: { sources: number } };
        duplicates: {
          firstFile: { name: string; start: number; end: number };
          secondFile: { name: string; start: number; end: number };
        }[];
      };
      assert.ok(report.statistics.total.sources > 100, `only ${report.statistics.total.sources} files were read`);
      const clones = report.duplicates.map(
        (d) =>
          `${d.firstFile.name}:${d.firstFile.start}-${d.firstFile.end} ~ ${d.secondFile.name}:${d.secondFile.start}-${d.secondFile.end}`,
      );
      assert.deepEqual(clones, []);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
