import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Lru } from '../src/lru.js';

describe('Lru', () => {
  it('keeps the most recently used entries; asking for the newest again moves nothing but keeps it', () => {
    const dropped: number[] = [];
    const lru = new Lru<number>(3, (value) => dropped.push(value));
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('c', 3);
    assert.equal(lru.get('c'), 3);
    assert.equal(lru.get('a'), 1);
    assert.equal(lru.get('a'), 1);
    lru.set('d', 4);
    assert.equal(lru.get('b'), undefined, 'b was the least recently used');
    assert.deepEqual(dropped, [2]);
    assert.equal(lru.oldest(), 'c');
  });

  it('tells of every entry that leaves by delete or replacement, not by clear', () => {
    const dropped: number[] = [];
    const lru = new Lru<number>(10, (value) => dropped.push(value));
    lru.set('a', 1);
    lru.set('a', 2);
    lru.delete('a');
    lru.delete('a');
    lru.set('b', 3);
    lru.clear();
    assert.deepEqual(dropped, [1, 2]);
    assert.equal(lru.size, 0);
    assert.equal(lru.oldest(), undefined);
  });
});
