import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { issueApiKey } from '../../../../src/keys/api-key.js';
import { publishEdition, recordDetectedEdition } from '../../../../src/store/editions.js';
import { jsonLines, type Json } from '../../../helpers/bulk-files.js';
import { appForSuite } from '../../../helpers/composition-root.js';
import { serve, testConfig, type ServedApp } from '../../../helpers/served-app.js';
import { DIALECTS, DIALECTS_ABOVE_STORE } from '../../../helpers/stores.js';
import { copyTemplate } from '../../../helpers/template-databases.js';

/** The folders of a source's files on the replica's disk: `<edition>/<content hash>`. */
function onDisk(served: ServedApp, source: string): string[] {
  const dir = path.join(served.store.dataDir, 'bulk', source);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((edition) => readdirSync(path.join(dir, edition)).map((h) => `${edition}/${h}`));
}

// On both dialects: the builder's worker opens its own connection to the store (src/bulk-build-worker.ts).
for (const dialect of DIALECTS) {
  describe(`bulk files built once, on disk (${dialect})`, () => {
    const served = appForSuite(dialect);

    it('builds a file once however many ask for it at once, then sends it from disk', async () => {
      const before = served.services.bulkFiles.builds;
      const [first, second] = await Promise.all([
        served.get('/v1/bulk/soc2020-structure/latest.csv'),
        served.get('/v1/bulk/soc2020-structure/latest.csv'),
      ]);
      assert.equal(first.statusCode, 200, first.body.slice(0, 300));
      assert.equal(second.body, first.body);
      assert.equal(first.body.split('\r\n').length - 2, 412);
      assert.equal(served.services.bulkFiles.builds, before + 1);
      const again = await served.get('/v1/bulk/soc2020-structure/latest.csv', { 'accept-encoding': 'gzip' });
      assert.equal(again.headers['content-encoding'], 'gzip');
      assert.equal(served.services.bulkFiles.builds, before + 1, 'the gzipped file was built with the plain one');
      const [folder, ...others] = onDisk(served, 'soc2020-structure');
      assert.deepEqual(others, []);
      assert.deepEqual(readdirSync(path.join(served.store.dataDir, 'bulk', 'soc2020-structure', folder!)).sort(), [
        'csv',
        'csv.gz',
        'csv.json',
      ]);
    });
  });
}

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`bulk files after a supersede (${dialect})`, () => {
    const served = appForSuite(dialect);

    it("serves the new edition's file, and drops the files of what is no longer served", async () => {
      const old = jsonLines((await served.get('/v1/bulk/ons-geography/latest.jsonl')).body);
      assert.ok(old.rows.length > 300);
      const previous = (await served.services.currentEditions.latest('ons-geography'))!;
      assert.deepEqual(
        onDisk(served, 'ons-geography').map((f) => f.split('/')[0]),
        [previous.id],
      );
      const later = await recordDetectedEdition(served.store.db, {
        sourceKey: 'ons-geography',
        label: 'Local authority districts, a later release',
        seriesKey: previous.seriesKey,
        sourceUri: 'test://later/ons-geography',
        sha256: 'f'.repeat(64),
      });
      await publishEdition(served.store.db, later, [], async () => 0, { counts: {}, levels: {} });
      served.refresh();
      const res = await served.get('/v1/bulk/ons-geography/latest.jsonl');
      assert.equal(res.statusCode, 200, res.body.slice(0, 300));
      assert.equal((jsonLines(res.body).provenance.edition as Json).id, later.id);
      // The superseded edition's folder went when the new one's file was built: its file is no longer served.
      assert.deepEqual(
        onDisk(served, 'ons-geography').map((f) => f.split('/')[0]),
        [later.id],
      );
    });
  });

  describe(`bulk downloads at once (${dialect})`, () => {
    /** A real server: a client that stops reading holds its download open. */
    let served: ServedApp | undefined;
    let port: number;
    const keys: string[] = [];
    const responses: http.ServerResponse[] = [];
    /** The two downloads the first test leaves stalled, for the second. */
    let stalled: Array<{ req: http.ClientRequest; body: () => Promise<string> }> = [];
    after(async () => {
      for (const { req } of stalled) req.destroy();
      await served?.close();
    });

    /** Starts a download and stops reading at once: answers its status and headers, and the request, to end it later. */
    const stall = (key: string, file = 'ashe-table14/latest.jsonl') =>
      new Promise<{ res: http.IncomingMessage; req: http.ClientRequest; body: () => Promise<string> }>(
        (resolve, reject) => {
          const req = http.get({ port, host: '127.0.0.1', path: `/v1/bulk/${file}`, headers: { 'x-api-key': key } });
          req.on('error', () => undefined);
          req.once('response', (res) => {
            res.pause();
            const body = () =>
              new Promise<string>((done) => {
                let text = '';
                res.setEncoding('utf8');
                res.on('data', (chunk: string) => (text += chunk));
                res.on('end', () => done(text));
                res.resume();
              });
            resolve({ res, req, body });
          });
          req.once('error', reject);
        },
      );

    it('refuses a key its third download at once (429) and the server its third (503), with Retry-After', async () => {
      const store = await copyTemplate(dialect);
      served = await serve(store, { bulkDownloads: { perKey: 2, perProcess: 3 } });
      served.app.server.on('request', (_req, res: http.ServerResponse) => responses.push(res));
      await served.app.listen({ host: '127.0.0.1', port: 0 });
      port = (served.app.server.address() as AddressInfo).port;
      for (let i = 0; i < 2; i += 1) {
        const issued = await issueApiKey(store.db, {
          tier: testConfig(store.dataDir).tiers[0]!,
          emailHmac: null,
          requestsPerMinute: 1_000,
        });
        keys.push(issued.key);
      }
      const held = [await stall(served.key), await stall(served.key)];
      for (const { res } of held) assert.equal(res.statusCode, 200);
      const perKey = await stall(served.key);
      assert.equal(perKey.res.statusCode, 429);
      assert.equal(perKey.res.headers['retry-after'], '10');
      const problem = JSON.parse(await perKey.body()) as Json;
      assert.equal(problem.status, 429);
      assert.match(String(problem.detail), /as many as a key may at once \(2\)/);

      held.push(await stall(keys[0]!));
      assert.equal(held[2]!.res.statusCode, 200);
      const full = await stall(keys[1]!);
      assert.equal(full.res.statusCode, 503);
      assert.equal(full.res.headers['retry-after'], '10');
      assert.match(String((JSON.parse(await full.body()) as Json).detail), /as many bulk files as it sends at once/);

      // A download that ends (its client gone) gives its slot back.
      held[0]!.req.destroy();
      let next = await stall(keys[1]!, 'soc2020-structure/latest.csv');
      for (let tries = 0; next.res.statusCode === 503 && tries < 50; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        next = await stall(keys[1]!, 'soc2020-structure/latest.csv');
      }
      assert.equal(next.res.statusCode, 200);
      assert.equal((await next.body()).split('\r\n').length - 2, 412);
      held[0] = held[2]!;
      held.length = 2;
      stalled = held;
    });

    it('holds a small buffer for a client that stops reading, never the file, and sends it whole once it reads', async () => {
      const file = await served!.services.bulk.file('ashe-table14', 'latest', 'jsonl');
      const { bytes } = await served!.services.bulkFiles.ready(file);
      assert.ok(bytes > 8 * 2 ** 20, `the file is only ${bytes} bytes`);
      const sending = responses.filter((r) => r.statusCode === 200 && !r.writableFinished && !r.destroyed);
      assert.equal(sending.length, 2);
      // Wait until the stalled downloads stop moving: the socket's buffers are full.
      const written = () => sending.map((r) => r.socket?.bytesWritten ?? 0).join(',');
      for (let last = ''; written() !== last;) {
        last = written();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      for (const res of sending) {
        const queued = res.writableLength + (res.socket?.writableLength ?? 0);
        assert.ok(queued < 2 ** 20, `${queued} bytes queued in memory for a stalled client`);
        assert.ok((res.socket?.bytesWritten ?? 0) < bytes, 'the whole file went to a client that reads nothing');
      }
      const body = await stalled[0]!.body();
      assert.equal(Buffer.byteLength(body), bytes);
      assert.equal(jsonLines(body).rows.length, 40788);
    });
  });
}
