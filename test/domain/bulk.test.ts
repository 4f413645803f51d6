import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { asciiJson, csvLine, flatten } from '../../src/domain/bulk.js';

describe('bulk file lines', () => {
  it('flattens nested fields into dotted columns, in their order', () => {
    assert.deepEqual(flatten({ soc2020: '2134', area: { slug: 'uk', name: 'United Kingdom' }, median: null }), [
      ['soc2020', '2134'],
      ['area.slug', 'uk'],
      ['area.name', 'United Kingdom'],
      ['median', null],
    ]);
  });

  it('writes RFC 4180 cells: null empty, quotes doubled, commas and line breaks quoted', () => {
    assert.equal(
      csvLine(['a', null, 1.5, true, 'x,y', 'say "hi"', 'two\nlines']),
      'a,,1.5,true,"x,y","say ""hi""","two\nlines"\r\n',
    );
  });

  it('escapes non-ASCII in JSON for a header value', () => {
    const text = asciiJson({ credit: '© Crown copyright – ONS' });
    assert.match(text, /^[\x20-\x7e]+$/);
    assert.deepEqual(JSON.parse(text), { credit: '© Crown copyright – ONS' });
  });
});
