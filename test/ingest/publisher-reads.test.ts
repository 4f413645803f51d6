import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFetcher } from '../../src/ingest/fetch/fetcher.js';
import { discoveryContext } from '../../src/ingest/publisher-reads.js';

describe('discovery work folders', () => {
  it("are made in a fresh data folder's downloads folder that does not exist yet, and removed after", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lmi-fresh-'));
    const downloads = path.join(dataDir, 'downloads');
    const fetcher = createFetcher({ downloadDir: downloads, userAgent: 'uk-lmi tests' });
    try {
      const { context, dispose } = await discoveryContext(fetcher, 'soc2020-structure', downloads, {
        escoPackage: null,
        ncsIntervalMs: 0,
      });
      assert.equal(path.dirname(context.workDir), downloads);
      assert.ok(existsSync(context.workDir));
      await dispose();
      assert.ok(!existsSync(context.workDir));
    } finally {
      await fetcher.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
