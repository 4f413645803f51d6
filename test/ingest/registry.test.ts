import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { publisherReach, SOURCE_KEYS } from '../../src/domain/sources.js';
import { SOURCES } from '../../src/ingest/registry.js';
import { REPO_ROOT } from '../helpers/template-databases.js';

describe('the source registry', () => {
  it('registers every source key of the domain exactly once, and no other', () => {
    const registered = SOURCES.map((s) => s.key);
    assert.equal(new Set(registered).size, registered.length, 'a key is registered twice');
    assert.deepEqual([...registered].sort(), [...SOURCE_KEYS].sort());
  });

  it('names the publisher surface of every source that discovers releases, and of no other', () => {
    for (const source of SOURCES)
      assert.equal(
        Boolean(source.surface),
        Boolean(source.discover),
        `${source.key}: surface and discover go together`,
      );
  });

  it("matches docs/sources.md's table of what discovery reads, source by source", () => {
    const page = readFileSync(path.join(REPO_ROOT, 'docs/sources.md'), 'utf8');
    const table = /<!-- without-the-mirror:start -->([\s\S]*)<!-- without-the-mirror:end -->/.exec(page)![1]!;
    const said = new Map<string, string>();
    for (const row of table.split('\n').filter((line) => line.startsWith('| `'))) {
      const [keys, , gives] = row.split(' | ');
      const reach = /^(read|found|mirror only):/.exec(gives!)?.[1];
      for (const [, key] of keys!.matchAll(/`([a-z0-9-]+)`/g)) said.set(key!, reach ?? `unreadable: ${gives}`);
    }
    assert.deepEqual(
      Object.fromEntries([...said].sort()),
      Object.fromEntries(SOURCES.map((s) => [s.key, publisherReach(s)]).sort()),
    );
  });
});
