import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { forEachArrayElement, JsonArrayStream } from '../../../src/ingest/formats/json-array-stream.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const options = { what: 'the array', maxElementBytes: 1000 };

function elementsOf(text: string, chunk = Infinity): unknown[] {
  const out: unknown[] = [];
  const stream = new JsonArrayStream(options, (e) => out.push(e));
  const all = bytes(text);
  for (let at = 0; at < all.length; at += chunk) stream.write(all.subarray(at, Math.min(all.length, at + chunk)));
  assert.equal(stream.end(), out.length);
  return out;
}

describe('a JSON array read element by element', () => {
  const tricky = `\uFEFF [ {"a": "x,]}\\"[{", "b": [1, {"c": []}]}, "plain ] , string", 3.5e2 , null, [[]], {"é": "\\u00e9"} ]\n`;

  it('gives the elements JSON.parse gives, however the bytes are cut into chunks', () => {
    const expected = JSON.parse(tricky.slice(1)) as unknown[];
    for (const chunk of [1, 2, 3, 7, 64, Infinity])
      assert.deepEqual(elementsOf(tricky, chunk), expected, `chunks of ${chunk}`);
    assert.deepEqual(elementsOf('[]'), []);
    assert.deepEqual(elementsOf(' [ ] '), []);
  });

  it('refuses what is not one whole array', () => {
    assert.throws(() => elementsOf('{"standards": {}}'), /the array: not a JSON array/);
    assert.throws(() => elementsOf('[{"a": 1}, {"b": '), /cut short/);
    assert.throws(() => elementsOf('[1] [2]'), /bytes after the array's end/);
    assert.throws(() => elementsOf('[1, {"a": nope}]'), /element 2 is not UTF-8 JSON/);
    assert.throws(() => elementsOf('[1,]'), /element 2 is not UTF-8 JSON/);
  });

  it('refuses an element over the bound before decoding it, even when it spans chunks', () => {
    const big = `[{"a": 1}, {"pad": "${'x'.repeat(2000)}"}]`;
    for (const chunk of [100, Infinity])
      assert.throws(() => elementsOf(big, chunk), /element 2 is over 1000 bytes, the most an element may be/);
  });

  it('refuses bytes that are not UTF-8 inside an element', () => {
    const broken = new Uint8Array([...bytes('["'), 0xff, ...bytes('"]')]);
    assert.throws(() => forEachArrayElement(broken, options, () => undefined), /element 1 is not UTF-8 JSON/);
  });
});
