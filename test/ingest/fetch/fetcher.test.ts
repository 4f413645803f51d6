import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFetcher, type PublisherFetcher } from '../../../src/ingest/fetch/fetcher.js';
import { trustedCas } from '../../../src/ingest/fetch/trust.js';
import { userAgent } from '../../../src/ingest/fetch/user-agent.js';
import { PublisherRefused, PublisherUnreachable } from '../../../src/ingest/discovery.js';
import { FileTooLargeError } from '../../../src/ingest/upstream.js';
import { startPublisherDouble, type PublisherDouble } from '../../helpers/publisher-double/server.js';
import { upstreamPath, VOLUME2_FILE } from '../../helpers/upstream.js';

const FILE = 'https://www.ons.gov.uk/file?uri=/methodology/soc2020volume2thecodingindexexcel16042025.xlsx';

describe('the publishers fetcher (an HTTPS double with a test CA)', () => {
  let double: PublisherDouble;
  let downloads: string;
  const fetchers: PublisherFetcher[] = [];
  const workbook = readFileSync(upstreamPath(VOLUME2_FILE));
  const fetcher = (extra: Partial<Parameters<typeof createFetcher>[0]> = {}) => {
    const made = createFetcher({
      userAgent: userAgent({
        override: null,
        operatorContact: 'data@example.org',
        publicUrl: 'https://lmi.example.org',
      }),
      downloadDir: downloads,
      ca: trustedCas({}, [double.certificates.caPem]),
      connectTo: double.connectTo,
      backoffMs: 5,
      ...extra,
    });
    fetchers.push(made);
    return made;
  };

  before(async () => {
    double = await startPublisherDouble();
    downloads = mkdtempSync(path.join(tmpdir(), 'lmi-downloads-'));
    double.publish(FILE, { body: workbook, contentType: 'application/vnd.ms-excel' });
  });
  after(async () => {
    for (const f of fetchers) await f.close();
    await double.stop();
  });

  it('names the service, its version and the operator in the User-Agent, and streams the file to disk with its hash', async () => {
    const mark = double.log.length;
    const result = await fetcher().download(FILE, { maxBytes: 32 * 2 ** 20 });
    assert.equal(result.kind, 'file');
    if (result.kind !== 'file') return;
    assert.equal(result.file.sha256, createHash('sha256').update(workbook).digest('hex'));
    assert.deepEqual(readFileSync(result.file.path), workbook);
    assert.ok(result.validators.etag && result.validators.lastModified);
    const [request] = double.since(mark);
    assert.match(
      request!.userAgent!,
      /^uk-lmi\/\d+\.\d+\.\d+ \(\+https:\/\/lmi\.example\.org; data@example\.org\) node\//,
    );
    assert.equal(request!.host, 'www.ons.gov.uk');
  });

  it('asks with the validators it was given, and a 304 reads no body', async () => {
    const first = await fetcher().download(FILE, { maxBytes: 32 * 2 ** 20 });
    assert.equal(first.kind, 'file');
    if (first.kind !== 'file') return;
    const mark = double.log.length;
    const again = await fetcher().download(FILE, { maxBytes: 32 * 2 ** 20, validators: first.validators });
    assert.deepEqual(again, { kind: 'not-modified', url: FILE });
    assert.deepEqual(
      double.since(mark).map((r) => [r.status, r.bytes, r.conditional]),
      [[304, 0, true]],
    );
    const byDate = await fetcher().download(FILE, {
      maxBytes: 32 * 2 ** 20,
      validators: { etag: null, lastModified: first.validators.lastModified },
    });
    assert.equal(byDate.kind, 'not-modified');
  });

  it('refuses a file whose Content-Length is over the cap before reading it, and cuts a chunked one off at the cap', async () => {
    const cap = 100_000;
    const folderBefore = readdirSync(downloads).length;
    await assert.rejects(fetcher().download(FILE, { maxBytes: cap }), (error: unknown) => {
      assert.ok(error instanceof FileTooLargeError);
      assert.equal(error.bytes, workbook.length);
      assert.equal(error.exact, true);
      assert.ok(error.sha256, 'an identity so the pipeline quarantines it once');
      return true;
    });
    const chunked = 'https://www.ons.gov.uk/file?uri=/chunked.xlsx';
    double.publish(chunked, { body: workbook, chunked: true });
    const f = fetcher();
    await assert.rejects(f.download(chunked, { maxBytes: cap }), (error: unknown) => {
      assert.ok(error instanceof FileTooLargeError);
      assert.equal(error.exact, false);
      assert.ok(error.bytes > cap && error.bytes < workbook.length);
      assert.match(error.message, /or more/);
      return true;
    });
    const leftovers = readdirSync(downloads)
      .slice(folderBefore)
      .flatMap((d) => readdirSync(path.join(downloads, d)));
    assert.deepEqual(
      leftovers.filter((name) => name.endsWith('.part')),
      [],
      'no partial file is left',
    );
  });

  it('retries a 5xx with back-off and then reads the file', async () => {
    const flaky = 'https://www.ons.gov.uk/file?uri=/flaky.xlsx';
    let calls = 0;
    double.route(flaky, (_req, res) => {
      calls += 1;
      if (calls < 3) return void res.writeHead(503).end();
      res.writeHead(200, { 'content-length': String(workbook.length) }).end(workbook);
    });
    const result = await fetcher({ retries: 3 }).download(flaky, { maxBytes: 32 * 2 ** 20 });
    assert.equal(result.kind, 'file');
    assert.equal(calls, 3);
  });

  it('gives up after its retries: a host that resets connections is unreachable', async () => {
    double.down('www.bls.gov');
    const mark = double.log.length;
    await assert.rejects(
      fetcher({ retries: 2 }).download('https://www.bls.gov/soc/ISCO_SOC_Crosswalk.xls', { maxBytes: 1e6 }),
      (error: unknown) => error instanceof PublisherUnreachable && /after 3 attempts/.test(error.message),
    );
    assert.equal(double.since(mark).length, 3);
    double.up('www.bls.gov');
  });

  it('reports 401 and 403 as a refusal, without retrying; sends the User-Agent a refusing host wants', async () => {
    const bls = 'https://www.bls.gov/soc/ISCO_SOC_Crosswalk.xls';
    double.publish(bls, { body: 'xls' });
    double.requireUserAgent('www.bls.gov');
    assert.equal((await fetcher().document(bls)).body.toString(), 'xls');
    await assert.rejects(
      fetcher({ userAgent: '' }).document(bls),
      (error: unknown) =>
        error instanceof PublisherRefused && error.status === 403 && /refuses automated clients/.test(error.message),
    );
    double.refuse('api.github.com', 401);
    const mark = double.log.length;
    await assert.rejects(fetcher().document('https://api.github.com/repos/x'), PublisherRefused);
    assert.equal(double.since(mark).length, 1);
  });

  it('follows at most five redirects, only to HTTPS, and reads only HTTPS addresses', async () => {
    for (let i = 0; i < 7; i++)
      double.route(`https://www.gov.uk/hop${i}`, (_req, res) => res.writeHead(302, { location: `/hop${i + 1}` }).end());
    double.publish('https://www.gov.uk/hop7', { body: 'arrived' });
    assert.equal((await fetcher().document('https://www.gov.uk/hop2')).body.toString(), 'arrived');
    await assert.rejects(fetcher().document('https://www.gov.uk/hop0'), /redirected more than 5 times/);
    double.route('https://www.gov.uk/downgrade', (_req, res) =>
      res.writeHead(301, { location: 'http://www.gov.uk/plain' }).end(),
    );
    await assert.rejects(fetcher().document('https://www.gov.uk/downgrade'), /not HTTPS: not followed/);
    await assert.rejects(fetcher().document('http://www.gov.uk/plain'), /only HTTPS/);
  });

  it('does not trust a certificate from a CA it was not given', async () => {
    await assert.rejects(
      fetcher({ ca: trustedCas({}) }).document(FILE),
      (error: unknown) => error instanceof PublisherUnreachable && /certificate/i.test(error.message),
    );
  });

  it('fails an answer that stalls, within its idle timeout', async () => {
    const stall = 'https://www.ons.gov.uk/stall';
    double.route(stall, (_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('x');
    });
    await assert.rejects(
      fetcher({ timeouts: { firstByteMs: 200 }, retries: 1 }).document(stall),
      (error: unknown) => error instanceof PublisherUnreachable && /stalled|no answer/.test(error.message),
    );
  });
});
