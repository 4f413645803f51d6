import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ingestSources, type IngestOptions, type SourceResult } from '../../../src/ingest/pipeline.js';
import { httpsUpstream } from '../../../src/ingest/upstream.js';
import type { PublisherDouble } from './server.js';

/**
 * One ingest run against the double over HTTPS, as the refresh schedule's child process makes it:
 * a fetcher of its own with a fresh download folder, closed after the run. Back-off is 5 ms, so a
 * publisher that is down fails at once. The run does not try every publisher first (the tests
 * count the double's requests); test/ingest/firewall-ingest.test.ts tests that.
 */
export async function ingestFromDouble(
  double: PublisherDouble,
  options: Omit<IngestOptions, 'upstream'>,
  { retries = 1 }: { retries?: number } = {},
): Promise<SourceResult[]> {
  const upstream = httpsUpstream({
    ca: double.certificates.caPem,
    connectTo: double.connectTo,
    retries,
    backoffMs: 5,
    downloadDir: mkdtempSync(path.join(tmpdir(), 'lmi-dl-')),
  });
  try {
    return await ingestSources({ tryPublishersFirst: false, ...options, upstream });
  } finally {
    await upstream.close?.();
  }
}
