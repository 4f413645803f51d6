/**
 * The OpenAPI breaking-change check: what in the served document would break a client written
 * against the last release's (`openapi/released/<version>.json`, the highest version there).
 * api-smart-diff finds and classifies each difference by its OpenAPI 3 rules; `policyVerdict`
 * corrects them to the deprecation policy (docs/api.md): a removed path, operation, response status
 * or response field, a new required parameter or request field, a narrowed enum, a changed type are
 * breaking; additions (a new enum value in an answer included) are not. `npm run openapi:check` prints them and fails;
 * `npm run openapi:release` snapshots the served document as the package version's release.
 * test/scripts/openapi/breaking-changes.test.ts runs the check in the suite.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiDiff, type Diff } from 'api-smart-diff';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RELEASED_DIR = path.join(ROOT, 'openapi', 'released');

export interface BreakingChange {
  /** Where, as a JSON pointer into the released document (`/paths/~1v1~1demand/get`). */
  pointer: string;
  /** What changed, in api-smart-diff's words. */
  description: string;
}

const pointer = (segments: readonly (string | number)[]): string =>
  segments.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/**
 * The policy's verdict on one difference, where it is stricter or looser than api-smart-diff's
 * rules (which call a changed response type, a removed optional response field and a changed
 * parameter type non-breaking, and a new response enum value breaking): see docs/api.md.
 */
function policyVerdict(diff: Diff): boolean | undefined {
  const at = diff.path.map(String);
  const inResponse = at.includes('responses');
  const last = at[at.length - 1];
  // A new enum value in an answer is an addition: clients should ignore values they do not know.
  if (inResponse && diff.action === 'add' && at[at.length - 2] === 'enum') return false;
  // A changed type, or a type or anyOf/oneOf member taken away: a narrowed or changed type.
  if (diff.action !== 'add' && (last === 'type' || at[at.length - 2] === 'type')) return true;
  if (diff.action === 'remove' && ['anyOf', 'oneOf'].includes(at[at.length - 2] ?? '')) return true;
  // A field taken out of an answer, required or not: a client reading it breaks.
  if (inResponse && diff.action === 'remove' && at[at.length - 2] === 'properties') return true;
  return undefined;
}

/** The differences from `released` to `current` that break a client of `released`. */
export function breakingChanges(released: object, current: object): BreakingChange[] {
  return apiDiff(released, current)
    .filter((diff: Diff) => policyVerdict(diff) ?? diff.type === 'breaking')
    .map((diff) => ({
      pointer: pointer(diff.path),
      description: diff.description ?? `${diff.action} ${pointer(diff.path)}`,
    }));
}

const versionParts = (version: string): number[] => version.split('.').map((part) => Number.parseInt(part, 10));
function newerFirst(a: string, b: string): number {
  const [x, y] = [versionParts(a), versionParts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((y[i] ?? 0) !== (x[i] ?? 0)) return (y[i] ?? 0) - (x[i] ?? 0);
  return 0;
}

/** The last release's version and document, from the highest `<version>.json` in `openapi/released/`. */
export function lastReleased(dir = RELEASED_DIR): { version: string; document: object } {
  const versions = readdirSync(dir)
    .filter((file) => /^\d+\.\d+\.\d+\.json$/.test(file))
    .map((file) => file.slice(0, -'.json'.length))
    .sort(newerFirst);
  const version = versions[0];
  if (!version) throw new Error(`${dir} holds no released document (<major>.<minor>.<patch>.json)`);
  return { version, document: JSON.parse(readFileSync(path.join(dir, `${version}.json`), 'utf8')) as object };
}

async function main(argv: string[]): Promise<void> {
  const { servedDocument } = await import('../../clients/typescript/scripts/generate.js');
  const served = await servedDocument();
  if (argv.includes('--release')) {
    const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const file = path.join(RELEASED_DIR, `${version}.json`);
    writeFileSync(file, `${JSON.stringify(served, null, 2)}\n`);
    process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
    return;
  }
  const { version, document } = lastReleased();
  const changes = breakingChanges(document, served);
  for (const change of changes) process.stdout.write(`breaking: ${change.description} (${change.pointer})\n`);
  process.stdout.write(`${changes.length} breaking change(s) against the ${version} release's document\n`);
  if (changes.length > 0) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`openapi:check: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
