import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The memo itself, and the current editions it is keyed by (their own cache of the editions table). */
const MECHANISM = ['src/queries/editions-memo.ts', 'src/queries/current-editions.ts'];

/**
 * Caches of something else than values derived from the current editions, each with why: the memo
 * keeps values in memory by edition, these keep other things, so the idioms are theirs to use.
 */
const NOT_PER_EDITION_VALUES: Record<string, string> = {
  'src/queries/bulk/file-cache.ts':
    'bulk files on disk, keyed by content hash (a superseded edition keeps serving its own file): two first requests share one build',
};

/**
 * The hand-written shapes of "a value derived from the current editions, rebuilt when they change":
 * each is what src/queries/editions-memo.ts does once (in-flight builds shared, failures forgotten,
 * dropped on change, warmed from one list).
 */
const IDIOMS: Array<{ what: string; pattern: RegExp }> = [
  { what: 'a field holding a build under way', pattern: /\bPromise<[^;=]*>\s*\|\s*null\b/ },
  { what: 'a build started unless one is under way', pattern: /\?\?=\s*(?:this\.)?\w+\(/ },
  { what: 'builds under way by key', pattern: /new Map<[^>]*,\s*Promise</ },
  {
    what: 'a kept value checked against the current editions',
    pattern: /this\.\w+\?\.(?:key|editionId|edition\.id)\s*[!=]==?/,
  },
  {
    // A value (not a flag or a message: string, number, boolean) kept in a field until built.
    what: 'a kept value in a field that starts empty',
    pattern:
      /^\s*(?:private\s+)?(?:readonly\s+)?\w+\s*:\s*(?!\s|(?:string|number|boolean)\b)[^=()]*\|\s*null\s*=\s*null\s*;/,
  },
];

function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

/** Every line of the read side outside the mechanism that matches an idiom, as `file:line: what`. */
function handWrittenMemos(): string[] {
  const found: string[] = [];
  for (const file of sourcesUnder('src/queries').filter(
    (f) => !MECHANISM.includes(f) && !(f in NOT_PER_EDITION_VALUES),
  )) {
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const { what, pattern } of IDIOMS) if (pattern.test(line)) found.push(`${file}:${i + 1}: ${what}`);
    });
  }
  return found;
}

describe('per-edition values (src/queries/editions-memo.ts)', () => {
  it('are kept only by the memo: no query keeps one by hand', () => {
    assert.deepEqual(
      handWrittenMemos(),
      [],
      'declare the value with `current.memos.memo({ name, sources, build })` (docs/architecture.md, "Per-edition values")',
    );
  });

  it('knows each idiom when it sees it', () => {
    const samples = [
      'private building: Promise<SkillProfilesView> | null = null;',
      'this.building ??= this.build(key, texts).finally(() => {',
      'private readonly periods = new Map<string, Promise<string[]>>();',
      'if (this.built?.editionId !== edition.id) {',
      'if (this.view?.key === key) return this.view;',
      'private view: CodingIndexView | null = null;',
      'private built: { editionId: string; localAreas: LocalArea[] } | null = null;',
    ];
    for (const sample of samples)
      assert.ok(
        IDIOMS.some(({ pattern }) => pattern.test(sample)),
        sample,
      );
    for (const sample of [
      'known.soc2010 ??= profile.soc2010;',
      'const row = rows.find((r) => r.editionId === edition.id);',
      'pending: string | null = null;',
    ])
      assert.ok(!IDIOMS.some(({ pattern }) => pattern.test(sample)), sample);
  });
});
