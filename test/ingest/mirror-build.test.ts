import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildMirror } from '../../src/ingest/mirror-build.js';
import { findSource } from '../../src/ingest/registry.js';
import { httpsUpstream, mirrorUpstream } from '../../src/ingest/upstream.js';
import { routes } from '../helpers/publisher-double/routes.js';
import { onetRoutes } from '../helpers/publisher-double/routes-onet.js';
import { methodologyPageRoutes, SOC2020_PAGES } from '../helpers/publisher-double/routes-ons.js';
import { startPublisherDouble, type PublisherDouble } from '../helpers/publisher-double/server.js';
import { upstreamPath, VOLUME2_FILE } from '../helpers/upstream.js';

/**
 * `lmi mirror build` against the HTTPS publisher double: what it writes is what the mirror reader
 * finds, each source's `detect` naming the same releases its `discover` found at the publisher,
 * with the publisher's bytes. Two sources: a workbook served as it is (SOC 2020 Volume 2) and a
 * file the publisher serves inside a zip (O*NET's occupations, written as the entry).
 */
describe('a mirror built from the publishers', () => {
  let double: PublisherDouble;
  let dir: string;
  before(async () => {
    // Only the two publishers' routes: the whole set of today's publishers costs minutes to build.
    double = await startPublisherDouble();
    double.publishAll(
      routes(
        methodologyPageRoutes(SOC2020_PAGES.volume2, [[path.basename(VOLUME2_FILE), upstreamPath(VOLUME2_FILE)]]),
        onetRoutes(),
      ),
    );
    dir = mkdtempSync(path.join(tmpdir(), 'lmi-mirror-'));
  });
  after(async () => {
    await double?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes each release where the mirror reader finds it, with the publisher’s bytes', async () => {
    const sources = ['soc2020-structure', 'onet-occupations'].map((key) => findSource(key)!);
    const upstream = httpsUpstream({
      ca: double.certificates.caPem,
      connectTo: double.connectTo,
      retries: 1,
      backoffMs: 5,
      downloadDir: mkdtempSync(path.join(tmpdir(), 'lmi-dl-')),
    });
    const results = await buildMirror({
      upstream,
      sources,
      dir,
      discovery: { escoPackage: null, ncsIntervalMs: 0 },
    }).finally(() => upstream.close?.());
    assert.deepEqual(
      results.map((r) => [r.sourceKey, r.error]),
      [
        ['soc2020-structure', null],
        ['onet-occupations', null],
      ],
    );
    const mirror = mirrorUpstream(dir);
    for (const source of sources) {
      const result = results.find((r) => r.sourceKey === source.key)!;
      assert.ok(result.files.length > 0, source.key);
      const detected = await source.detect(mirror);
      assert.ok(detected.length > 0, `${source.key}: the mirror reader finds its release`);
      for (const ref of detected) {
        assert.ok(result.files.includes(ref.location.mirrorPath), ref.location.mirrorPath);
        // The real mirror holds the publisher's file under the same path: the bytes are the same.
        assert.ok(
          readFileSync(path.join(dir, ref.location.mirrorPath)).equals(
            readFileSync(upstreamPath(ref.location.mirrorPath)),
          ),
          ref.location.mirrorPath,
        );
      }
    }
  });
});
