import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SOURCE_KEYS } from '../../src/domain/sources.js';
import { SOURCES } from '../../src/ingest/registry.js';

describe('the source registry', () => {
  it('registers every source key of the domain exactly once, and no other', () => {
    const registered = SOURCES.map((s) => s.key);
    assert.equal(new Set(registered).size, registered.length, 'a key is registered twice');
    assert.deepEqual([...registered].sort(), [...SOURCE_KEYS].sort());
  });
});
