import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, rmSync } from 'node:fs';
import { examineInWorker, LayoutError, ReadLimitError } from '../../src/ingest/parse-worker.js';
import { readLimits } from '../../src/ingest/read-limits.js';
import { FileTooLargeError, mirrorUpstream } from '../../src/ingest/upstream.js';
import { makeMirror, UPSTREAM_DIR } from '../helpers/upstream.js';

const ref = {
  label: 'ESCO skills (English)',
  seriesKey: null,
  location: { mirrorPath: 'esco/skills_en.csv.gz', url: 'https://esco.ec.europa.eu/' },
};

const standards = {
  label: 'Apprenticeship standards',
  seriesKey: null,
  location: { mirrorPath: 'ifate-standards/apprenticeship-standards.json', url: 'https://www.gov.uk/' },
};

describe('parsing a release in a worker thread', async () => {
  const file = await mirrorUpstream(UPSTREAM_DIR).locate(ref.location);

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
    const mirror = makeMirror();
    try {
      mirror.write(standards.location.mirrorPath, new TextEncoder().encode('{not json'));
      const broken = await mirrorUpstream(mirror.root).locate(standards.location);
      await assert.rejects(
        examineInWorker('apprenticeship-standards', broken, standards, [], readLimits()),
        (error: unknown) => {
          assert.ok(error instanceof LayoutError);
          assert.match(error.message, /apprenticeship-standards\.json: not UTF-8 JSON/);
          return true;
        },
      );
    } finally {
      rmSync(mirror.root, { recursive: true, force: true });
    }
  });

  it('refuses, naming the cap, a file that grew past it between its download and its parse', async () => {
    const mirror = makeMirror();
    try {
      mirror.write(standards.location.mirrorPath, new TextEncoder().encode('[]'));
      const located = await mirrorUpstream(mirror.root).locate(standards.location, 1024);
      appendFileSync(located.path, ' '.repeat(2048));
      await assert.rejects(
        examineInWorker('apprenticeship-standards', located, standards, [], readLimits({ maxFileBytes: 1024 })),
        (error: unknown) => {
          assert.ok(error instanceof FileTooLargeError);
          assert.equal(
            error.message,
            'mirror:ifate-standards/apprenticeship-standards.json is 2050 bytes, over the 1024 bytes this source reads',
          );
          return true;
        },
      );
    } finally {
      rmSync(mirror.root, { recursive: true, force: true });
    }
  });

  it('refuses a file whose bytes changed after they were hashed, so the edition always names what was parsed', async () => {
    const mirror = makeMirror();
    try {
      mirror.write(standards.location.mirrorPath, new TextEncoder().encode('[]'));
      const located = await mirrorUpstream(mirror.root).locate(standards.location);
      mirror.write(standards.location.mirrorPath, new TextEncoder().encode('{}'));
      await assert.rejects(
        examineInWorker('apprenticeship-standards', located, standards, [], readLimits()),
        (error: unknown) => {
          assert.ok(error instanceof LayoutError);
          assert.match(error.message, /apprenticeship-standards\.json changed after it was read/);
          return true;
        },
      );
    } finally {
      rmSync(mirror.root, { recursive: true, force: true });
    }
  });
});
