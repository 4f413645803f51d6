import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Files under `dir` that name the careers-review set (its folder, or the bench that scores it). */
function naming(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|js|json|cjs|mjs)$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((file) => /careers-review/.test(readFileSync(path.join(root, file), 'utf8')));
}

describe('the careers-review set (bench/careers-review/) measures the service and is never read by it', () => {
  it('is named by no file under src/', () => {
    // The same search finds the bench that does read it, so an empty answer for src/ is not a blind one.
    assert.ok(naming('bench').includes(path.join('bench', 'careers-review.ts')));
    assert.deepEqual(naming('src'), []);
  });
});
