import { describe, it, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { InflateLimitError, maybeGunzip, unzipBounded } from '../../../src/ingest/formats/inflate.js';
import { readLimits, useReadLimits } from '../../../src/ingest/read-limits.js';
import { upstreamPath } from '../../helpers/upstream.js';

const MiB = 1024 * 1024;

/** A zip whose central directory claims its one entry unpacks to 100 bytes: only the inflate itself can be trusted. */
function lyingZipBomb(size: number): Uint8Array {
  const zip = zipSync({ 'Table 14.1a bomb 2024.xlsx': [new Uint8Array(size), { level: 1 }] });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let i = zip.length - 22; i >= 0; i--) {
    if (view.getUint32(i, true) === 0x02014b50) {
      view.setUint32(i + 24, 100, true);
      break;
    }
  }
  return zip;
}

describe('bounded inflate', () => {
  afterEach(() => useReadLimits(readLimits()));

  it('unpacks the real ESCO skills file and the real ASHE zip within their limits', () => {
    assert.equal(
      maybeGunzip(new Uint8Array(readFileSync(upstreamPath('esco/skills_en.csv.gz'))), 'skills').length,
      9_494_315,
    );
    const entries = unzipBounded(
      new Uint8Array(readFileSync(upstreamPath('ashe-table14/ashetable142024provisional.zip'))),
      () => true,
      'the zip',
    );
    assert.equal(entries.size, 22);
    assert.equal(
      [...entries.values()].reduce((n, e) => n + e.length, 0),
      11_535_665,
    );
  });

  it('stops a gzip bomb at the limit instead of inflating it', () => {
    useReadLimits(readLimits({ maxInflatedBytes: 1 * MiB }));
    assert.throws(
      () => maybeGunzip(new Uint8Array(gzipSync(new Uint8Array(16 * MiB), { level: 1 })), 'skills_en.csv.gz'),
      (error: unknown) => {
        assert.ok(error instanceof InflateLimitError);
        assert.equal(error.message, 'skills_en.csv.gz unpacks to more than 1 MiB, the limit for this source');
        return true;
      },
    );
  });

  it('stops a zip bomb whose directory lies about its size', () => {
    useReadLimits(readLimits({ maxInflatedBytes: 1 * MiB }));
    assert.throws(
      () => unzipBounded(lyingZipBomb(16 * MiB), () => true, 'the release zip'),
      /^InflateLimitError: the release zip, Table 14\.1a bomb 2024\.xlsx unpacks to more than 1 MiB/,
    );
  });

  it('refuses a truncated zip', () => {
    const bytes = new Uint8Array(readFileSync(upstreamPath('ashe-table14/ashetable142024provisional.zip')));
    assert.throws(
      () => unzipBounded(bytes.subarray(0, bytes.length / 2), () => true, 'the release zip'),
      /no end of central directory \(a truncated file\?\)/,
    );
  });
});
