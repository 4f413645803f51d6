import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import net, { type AddressInfo } from 'node:net';
import { ingestSources } from '../../src/ingest/pipeline.js';
import { SOURCES } from '../../src/ingest/registry.js';
import { httpsUpstream } from '../../src/ingest/upstream.js';
import { serve, type ServedApp } from '../helpers/served-app.js';
import { openTestStore } from '../helpers/stores.js';

interface IngestStatus {
  publishers: Array<{
    host: string;
    reachable: boolean;
    kind: string | null;
    reason: string | null;
    sources: string[];
  }>;
  sources: Array<{ sourceKey: string; lastOutcome: string | null; nextCheck: string | null }>;
}

/** Every publisher host the registry's discovering sources name: what a firewall must be seen to block. */
const PUBLISHER_HOSTS = [...new Set(SOURCES.filter((s) => s.discover).map((s) => new URL(s.url).host))].sort();

describe('behind a firewall with no mirror, the first /v1/meta/ingest answer names every unreachable publisher', () => {
  const silent = net.createServer(() => undefined);
  const held = new Set<net.Socket>();
  silent.on('connection', (socket) => held.add(socket));
  let refusedPort: number;

  before(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    refusedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
  });
  after(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  for (const wall of ['refusing', 'silent'] as const) {
    it(`a ${wall} firewall: every publisher named with why, each source failed and due again in seconds`, async () => {
      const store = await openTestStore('sqlite');
      let served: ServedApp | null = null;
      const toPort = wall === 'refusing' ? refusedPort : (silent.address() as AddressInfo).port;
      const upstream = httpsUpstream({
        connectTo: [{ host: '*', port: 443, toHost: '127.0.0.1', toPort }],
        // One attempt: what is asserted is the same after a retry, and each source whose discovery
        // reads a host not tried first (six of them) would otherwise wait out two connect bounds.
        retries: 0,
        // Two seconds: each request's TLS context (the CA bundle parsed) is made on this loop, a dozen at once.
        timeouts: { connectMs: 2_000, firstByteMs: 2_000, totalMs: 10_000 },
      });
      try {
        // Served first: building the app blocks the loop longer than the 300 ms connect bound.
        served = await serve(store);
        const started = Date.now();
        const run = ingestSources({ store, upstream, sources: SOURCES, refreshIntervalMs: 6 * 3_600_000 });
        // The first answer after the publishers were tried: the run itself may still be going.
        let status: IngestStatus;
        do {
          await new Promise((resolve) => setTimeout(resolve, 100));
          status = (await served.app.inject({ url: '/v1/meta/ingest' })).json<IngestStatus>();
        } while (status.publishers.length === 0 && Date.now() - started < 60_000);
        assert.ok(Date.now() - started < 60_000, `named within 60 s (${Date.now() - started} ms)`);
        assert.deepEqual(status.publishers.map((p) => p.host).sort(), PUBLISHER_HOSTS);
        for (const p of status.publishers) {
          assert.equal(p.reachable, false, p.host);
          assert.equal(p.kind, wall === 'refusing' ? 'refused' : 'timed out', `${p.host}: ${p.reason}`);
          assert.match(p.reason!, wall === 'refusing' ? /connection refused/ : /no connection within 2 s/, p.host);
          assert.ok(p.sources.length > 0, p.host);
        }
        const results = await run;
        for (const r of results.filter((r) => SOURCES.find((s) => s.key === r.sourceKey)?.discover))
          assert.equal(r.outcome, 'failed', r.sourceKey);
        const after = (await served.app.inject({ url: '/v1/meta/ingest' })).json<IngestStatus>();
        const failed = after.sources.filter((s) => s.lastOutcome === 'failed');
        assert.ok(failed.length > 0);
        for (const s of failed)
          assert.ok(Date.parse(s.nextCheck!) - Date.now() < 10_000, `${s.sourceKey} retried in seconds`);
        // What is not ingested says why, naming the publishers.
        const occupations = await served.get('/v1/occupations/2136');
        assert.equal(occupations.statusCode, 503);
        assert.match(
          occupations.json<{ detail: string }>().detail,
          /cannot reach the publishers .*www\.ons\.gov\.uk \((refused|timed out)/,
        );
      } finally {
        await served?.close();
        await upstream.close?.();
        await store.dispose();
      }
    });
  }
});
