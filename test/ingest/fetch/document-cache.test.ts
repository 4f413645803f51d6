import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFetcher } from '../../../src/ingest/fetch/fetcher.js';
import { trustedCas } from '../../../src/ingest/fetch/trust.js';
import { discoveryContext } from '../../../src/ingest/publisher-reads.js';
import { startPublisherDouble, type PublisherDouble } from '../../helpers/publisher-double/server.js';

const PAGE = 'https://www.ons.gov.uk/methodology/soc2020volume2codingrulesandconventions';
const API = 'https://api.beta.ons.gov.uk/v1/datasets/ashe-tables-14/editions';
const MODIFIED = new Date('2025-04-16T09:30:00Z');

describe("discovery's documents, kept between runs and asked for conditionally (an HTTPS double)", () => {
  let double: PublisherDouble;
  let dataDir: string;
  const cacheDir = () => path.join(dataDir, 'publisher-documents');

  before(async () => {
    double = await startPublisherDouble();
    dataDir = mkdtempSync(path.join(tmpdir(), 'lmi-documents-'));
    double.publish(PAGE, { body: '<html><a href="/file?uri=/x.xlsx">Volume 2</a></html>', lastModified: MODIFIED });
    double.publish(API, { body: JSON.stringify({ items: [{ edition: '2024' }] }), contentType: 'application/json' });
  });
  after(async () => {
    await double.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** One run's discovery, as the pipeline makes it: a fetcher of its own, the data folder's kept documents. */
  const run = async (which = { page: true, api: true }) => {
    const fetcher = createFetcher({
      userAgent: 'uk-lmi tests',
      downloadDir: path.join(dataDir, 'downloads'),
      ca: trustedCas({}, [double.certificates.caPem]),
      connectTo: double.connectTo,
      retries: 0,
    });
    const mark = double.log.length;
    const discovery = await discoveryContext(
      fetcher,
      'ashe-table14',
      path.join(dataDir, 'downloads'),
      { escoPackage: null, ncsIntervalMs: 0 },
      cacheDir(),
    );
    try {
      const page = which.page ? await discovery.context.getText(PAGE) : null;
      const api = which.api ? await discovery.context.getJson<{ items: Array<{ edition: string }> }>(API) : null;
      await discovery.finish();
      const requests = double.since(mark).map((r) => ({ path: r.path, status: r.status, conditional: r.conditional }));
      return { page, api, counts: { ...discovery.counts }, requests };
    } finally {
      await discovery.dispose();
      await fetcher.close();
    }
  };

  it('downloads each document whole the first time, then sends its validators and answers a 304 from the kept copy', async () => {
    const first = await run();
    assert.deepEqual(first.counts, { downloaded: 2, notModified: 0 });
    assert.ok(first.requests.every((r) => r.status === 200 && !r.conditional));

    const second = await run();
    assert.deepEqual(second.counts, { downloaded: 0, notModified: 2 });
    assert.deepEqual(
      second.requests.map((r) => [r.status, r.conditional]),
      [
        [304, true],
        [304, true],
      ],
    );
    // The same documents, whichever way they came.
    assert.deepEqual(second.page, first.page);
    assert.deepEqual(second.page!.date, MODIFIED.toISOString());
    assert.deepEqual(second.api, first.api);
  });

  it('downloads a document that changed in full, and answers with its new contents', async () => {
    double.publish(API, { body: JSON.stringify({ items: [{ edition: '2025' }] }), contentType: 'application/json' });
    const changed = await run();
    assert.deepEqual(changed.counts, { downloaded: 1, notModified: 1 });
    assert.deepEqual(changed.api, { items: [{ edition: '2025' }] });
    assert.deepEqual(
      changed.requests.map((r) => [r.status, r.conditional]),
      [
        [304, true],
        [200, true],
      ],
    );
    assert.deepEqual((await run()).counts, { downloaded: 0, notModified: 2 }, 'the new copy is kept');
  });

  it('asks without validators, and so reads in full, when a kept body is corrupt or missing', async () => {
    const folder = path.join(cacheDir(), 'ashe-table14');
    const bodies = readdirSync(folder).filter((name) => name.endsWith('.body'));
    assert.equal(bodies.length, 2);
    writeFileSync(path.join(folder, bodies[0]!), 'not what was kept');
    rmSync(path.join(folder, bodies[1]!));
    const after = await run();
    assert.deepEqual(after.counts, { downloaded: 2, notModified: 0 });
    assert.ok(after.requests.every((r) => r.status === 200 && !r.conditional));
    assert.match(after.page!.text, /Volume 2/);
    assert.deepEqual(after.api, { items: [{ edition: '2025' }] });
  });

  it('forgets a document its source has not read for three runs', async () => {
    const apiOnly = { page: false, api: true };
    for (let i = 0; i < 2; i++) await run(apiOnly);
    assert.deepEqual((await run()).counts, { downloaded: 0, notModified: 2 }, 'kept while unused for two runs');
    for (let i = 0; i < 3; i++) await run(apiOnly);
    const back = await run();
    assert.deepEqual(back.counts, { downloaded: 1, notModified: 1 });
    assert.deepEqual(back.requests[0], { path: new URL(PAGE).pathname, status: 200, conditional: false });
  });
});
