import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFetcher } from '../../src/ingest/fetch/fetcher.js';
import { discoveryContext } from '../../src/ingest/publisher-reads.js';
import { httpsUpstream } from '../../src/ingest/upstream.js';

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

  it("name a file discovery built by the publisher's address it came from, not by the temporary file", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lmi-built-'));
    const builtPath = path.join(dir, 'open-geography.json');
    writeFileSync(builtPath, '{"features":[]}');
    const url = 'https://services1.arcgis.com/ESMARspQHYMw9BZ9/arcgis/rest/services/LAD_APR_2023_UK_NC/FeatureServer/0';
    const upstream = httpsUpstream({ downloadDir: dir });
    try {
      const file = await upstream.fetch({ mirrorPath: 'geography/open-geography.json', url, builtPath });
      assert.equal(file.uri, url);
      assert.equal(new TextDecoder().decode(file.bytes), '{"features":[]}');
    } finally {
      await upstream.close?.();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
