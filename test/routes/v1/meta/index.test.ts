import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ingestSources } from '../../../../src/ingest/pipeline.js';
import { socStructureSource } from '../../../../src/ingest/sources/ons/soc2020-structure/descriptor.js';
import { mirrorUpstream } from '../../../../src/ingest/upstream.js';
import { DIALECTS_ABOVE_STORE } from '../../../helpers/stores.js';
import { VOLUME2_FILE, alteredVolume2, makeMirror } from '../../../helpers/upstream.js';
import { appForSuite } from '../../../helpers/composition-root.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`metadata endpoints (${dialect})`, () => {
    const served = appForSuite(dialect);

    it('lists every source with its current release, without a key', async () => {
      const res = await served.app.inject({ url: '/v1/meta/sources' });
      assert.equal(res.statusCode, 200);
      const sources = res.json<Record<string, unknown>[]>();
      assert.deepEqual(
        sources.map((s) => s.key),
        served.services.sources.profiles.map((s) => s.key),
      );
      const structure = sources.find((s) => s.key === 'soc2020-structure')!;
      assert.deepEqual(Object.keys(structure).sort(), [
        'cadence',
        'currentEdition',
        'currentEditionPublished',
        'key',
        'licence',
        'name',
        'newestRelease',
        'publisher',
        'status',
        'tier',
        'upstream',
        'url',
      ]);
      // The tests' configuration reads the mirror; the surface is what LMI_UPSTREAM=publishers follows.
      assert.deepEqual(structure.upstream, {
        mode: 'mirror',
        reads: true,
        surface: 'ONS methodology page (links to the coding index workbook)',
        description:
          "Read from the local mirror of the publishers' files (LMI_UPSTREAM). With LMI_UPSTREAM=publishers, found at Office for National Statistics: ONS methodology page (links to the coding index workbook).",
      });
      assert.equal(structure.newestRelease, null, 'nothing found beyond what is served');
      assert.equal(
        structure.status,
        'Serving the release "SOC 2020 Volume 2: the coding index, version 12 (16 April 2025)".',
      );
      assert.equal(structure.publisher, 'Office for National Statistics');
      assert.equal(structure.licence, 'Open Government Licence v3.0');
      assert.equal(structure.currentEdition, 'SOC 2020 Volume 2: the coding index, version 12 (16 April 2025)');
      assert.match(String(structure.currentEditionPublished), ISO);
    });

    it('lists editions newest first with their checks, filtered by source', async () => {
      const res = await served.app.inject({ url: '/v1/meta/editions?source=soc2020-structure' });
      assert.equal(res.statusCode, 200);
      const [edition] = res.json<Record<string, unknown>[]>();
      assert.deepEqual(
        Object.keys(edition!).sort(),
        ['checks', 'detectedAt', 'id', 'label', 'publishedAt', 'seriesKey', 'sourceKey', 'sourceUri', 'status'].sort(),
      );
      assert.match(String(edition!.id), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      assert.equal(edition!.status, 'published');
      assert.deepEqual(edition!.checks, []);
      assert.match(String(edition!.sourceUri), /soc2020volume2thecodingindexexcel16042025\.xlsx$/);
      assert.deepEqual((await served.app.inject({ url: '/v1/meta/editions?source=no-such-source' })).json(), []);
    });

    it('reports ingest runs and quarantined releases, never cached', async () => {
      const mirror = makeMirror();
      mirror.write(
        VOLUME2_FILE,
        alteredVolume2((sheets) => sheets['SOC2020 framework']!.splice(10, 1)),
      );
      await ingestSources({
        store: served.store,
        upstream: mirrorUpstream(mirror.root),
        sources: [socStructureSource],
        refreshIntervalMs: 6 * 3_600_000,
      });

      const res = await served.app.inject({ url: '/v1/meta/ingest' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.equal(res.headers.etag, undefined);
      const body = res.json();
      const run = body.sources.find((s: { sourceKey: string }) => s.sourceKey === 'soc2020-structure');
      assert.match(run.lastRun, ISO);
      assert.match(run.lastSuccess, ISO);
      assert.ok(run.lastRun > run.lastSuccess, 'the quarantining run is the last run but not a success');
      assert.equal(run.lastOutcome, 'quarantined');
      assert.match(run.message, /minor groups: 104 \(observed: 103\)/);
      assert.equal(run.upstream, 'mirror');
      const untilNext = Date.parse(run.nextCheck) - Date.parse(run.lastRun);
      assert.ok(untilNext > 5.9 * 3_600_000 && untilNext < 6.1 * 3_600_000, 'next check one interval on');
      assert.equal(body.quarantined.length, 1);
      assert.deepEqual(Object.keys(body.quarantined[0]).sort(), ['detectedAt', 'id', 'label', 'sourceKey']);

      const editions = (await served.app.inject({ url: '/v1/meta/editions' })).json();
      assert.equal(editions[0].status, 'quarantined', 'newest first');
      assert.equal(editions[0].checks[0].status, 'fail');
      assert.equal(editions[1].status, 'published');

      // The previous release keeps serving.
      const occupations = await served.app.inject({ url: '/v1/occupations', headers: { 'x-api-key': served.key } });
      assert.equal(occupations.json().length, 412);
    });
  });
}
