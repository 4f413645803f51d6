import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { examineInWorker, LayoutError, ReadLimitError } from '../../src/ingest/parse-worker.js';
import { readLimits } from '../../src/ingest/read-limits.js';
import type { UpstreamFile } from '../../src/ingest/upstream.js';
import { upstreamPath } from '../helpers/upstream.js';

function mirrorFile(relative: string): UpstreamFile {
  const bytes = new Uint8Array(readFileSync(upstreamPath(relative)));
  return { uri: `file://${upstreamPath(relative)}`, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

const ref = {
  label: 'ESCO skills (English)',
  seriesKey: null,
  location: { mirrorPath: 'esco/skills_en.csv.gz', url: 'https://esco.ec.europa.eu/' },
};

describe('parsing a release in a worker thread', () => {
  const file = mirrorFile('esco/skills_en.csv.gz');

  it('reads and checks the real ESCO skills release off the main thread', async () => {
    const examined = await examineInWorker('esco-skills', file, ref, [], readLimits());
    assert.ok(Array.isArray(examined.parsed) && examined.parsed.length > 13_000);
    assert.deepEqual(
      examined.checks.filter((c) => c.status === 'fail'),
      [],
    );
    assert.equal(examined.summary!.counts.rows, (examined.parsed as unknown[]).length);
  });

  it('stops a parse that needs more heap than the limit, with a reason naming it, and the process carries on', async () => {
    await assert.rejects(
      examineInWorker('esco-skills', file, ref, [], readLimits({ maxHeapMb: 24 })),
      (error: unknown) => {
        assert.ok(error instanceof ReadLimitError);
        assert.match(error.message, /^reading ESCO skills \(English\) needed more than its 24 MB of memory$/);
        return true;
      },
    );
  });

  it('stops a parse that takes longer than the limit', async () => {
    await assert.rejects(
      examineInWorker('esco-skills', file, ref, [], readLimits({ maxParseMs: 200 })),
      /^ReadLimitError: reading ESCO skills \(English\) took longer than 200 ms$/,
    );
  });

  it("passes on a parser's error as the release's reason", async () => {
    const broken: UpstreamFile = {
      uri: 'file:///apprenticeship-standards.json',
      bytes: new TextEncoder().encode('{not json'),
      sha256: '0'.repeat(64),
    };
    const standards = {
      label: 'Apprenticeship standards',
      seriesKey: null,
      location: { mirrorPath: 'ifate-standards/apprenticeship-standards.json', url: 'https://www.gov.uk/' },
    };
    await assert.rejects(
      examineInWorker('apprenticeship-standards', broken, standards, [], readLimits()),
      (error: unknown) => {
        assert.ok(error instanceof LayoutError);
        assert.match(error.message, /apprenticeship-standards\.json: not UTF-8 JSON/);
        return true;
      },
    );
  });
});
