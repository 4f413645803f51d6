import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { decodeUtf8Strict, TextEncodingError } from '../../../src/ingest/checks/strict-text.js';
import { upstreamPath } from '../../helpers/upstream.js';

describe('strict text decoding', () => {
  const bytes = new Uint8Array(readFileSync(upstreamPath('esco/occupations_en.csv')));

  it('decodes the real ESCO occupations CSV, accents and all', () => {
    const text = decodeUtf8Strict(bytes, 'ESCO occupations');
    assert.ok(text.length > 2_000_000);
    assert.match(text, /[\u0080-\uffff]/);
  });

  it('refuses the same file re-encoded as Latin-1, naming the first bad byte', () => {
    const latin1 = new Uint8Array(Buffer.from(Buffer.from(bytes).toString('utf8'), 'latin1'));
    assert.throws(
      () => decodeUtf8Strict(latin1, 'ESCO occupations'),
      (error: unknown) => {
        assert.ok(error instanceof TextEncodingError);
        assert.match(
          error.message,
          /^ESCO occupations: not valid UTF-8 at byte \d+ \(a file saved in another encoding\?\)$/,
        );
        return true;
      },
    );
  });

  it('refuses text already damaged with U+FFFD replacement characters, naming the line', () => {
    const damaged = new TextEncoder().encode('conceptType,preferredLabel\nOccupation,caf\uFFFD owner\n');
    assert.throws(
      () => decodeUtf8Strict(damaged, 'ESCO occupations'),
      /^TextEncodingError: ESCO occupations: a U\+FFFD replacement character on line 2/,
    );
  });
});
