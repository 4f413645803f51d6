import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { truncateSync } from 'node:fs';
import path from 'node:path';
import { buildApp, type App } from '../../src/app.js';
import { ingestSources } from '../../src/ingest/pipeline.js';
import { essVacanciesSource } from '../../src/ingest/sources/dfe/ess-vacancies/descriptor.js';
import { mirrorUpstream } from '../../src/ingest/upstream.js';
import { issueApiKey } from '../../src/keys/api-key.js';
import { createServices } from '../../src/services.js';
import { listCurrentEditions, publishEdition, recordDetectedEdition } from '../../src/store/editions.js';
import { insertSocGroups, socGroupsOfEdition } from '../../src/store/occupations.js';
import { testConfig } from '../helpers/served-app.js';
import { DIALECTS, type TestStore } from '../helpers/stores.js';
import { copyTemplate } from '../helpers/template-databases.js';
import { makeMirror, upstreamPath } from '../helpers/upstream.js';

/** The bound a replica is configured with here (5 s in production): how stale its editions and cached responses may be. */
const MAX_AGE_MS = 300;

for (const dialect of DIALECTS) {
  describe(`an edition change by another process is seen by every replica within the bound (${dialect})`, () => {
    let store: TestStore;
    let replicas: App[];
    let key: string;
    before(async () => {
      store = await copyTemplate(dialect);
      replicas = await Promise.all(
        [0, 1].map(() => buildApp(createServices(testConfig(store.dataDir), store, { editionsMaxAgeMs: MAX_AGE_MS }))),
      );
      key = (
        await issueApiKey(store.db, {
          tier: { name: 'free', requestsPerMinute: 60 },
          emailHmac: null,
          requestsPerMinute: 1_000_000,
        })
      ).key;
    });
    after(async () => {
      for (const app of replicas) await app.close();
      await store.dispose();
    });
    const get = (app: App, url: string) => app.inject({ url, headers: { 'x-api-key': key } });
    const settle = () => new Promise((resolve) => setTimeout(resolve, MAX_AGE_MS + 50));

    it('a release quarantined by a separate ingest shows in /v1/meta/editions and /v1/meta/ingest of both replicas, cached or not', async () => {
      const url = '/v1/meta/editions?source=ess-vacancies';
      const before = await Promise.all(replicas.map((app) => get(app, url)));
      for (const app of replicas)
        assert.equal((await get(app, url)).headers.etag, before[0]!.headers.etag, 'served from the response cache');

      // What `lmi ingest` elsewhere does: an oversized release is read, held back and recorded.
      const mirror = makeMirror();
      mirror.copy('ess/data-employer-skills-survey.csv');
      truncateSync(path.join(mirror.root, 'ess/data-employer-skills-survey.csv'), 40 * 1024 * 1024);
      const [result] = await ingestSources({
        store,
        upstream: mirrorUpstream(mirror.root),
        sources: [essVacanciesSource],
      });
      assert.equal(result!.outcome, 'quarantined');

      await settle();
      for (const app of replicas) {
        const editions = (await get(app, url)).json<Array<{ id: string; status: string }>>();
        assert.equal(editions.length, before[0]!.json<unknown[]>().length + 1);
        assert.deepEqual(editions.find((e) => e.id === result!.releases[0]!.editionId)?.status, 'quarantined');
        const ingest = (await get(app, '/v1/meta/ingest')).json<{ quarantined: Array<{ id: string }> }>();
        assert.ok(ingest.quarantined.some((e) => e.id === result!.releases[0]!.editionId));
      }
    });

    it("a release published by another process changes both replicas' cached keyed responses", async () => {
      assert.equal(
        (await get(replicas[0]!, '/v1/occupations/2134')).json().title,
        'Programmers and software development professionals',
      );
      assert.equal(
        (await get(replicas[1]!, '/v1/occupations/2134')).json().title,
        'Programmers and software development professionals',
      );
      const [previous] = (await listCurrentEditions(store.db)).filter((e) => e.sourceKey === 'soc2020-structure');
      const groups = (await socGroupsOfEdition(store.db, previous!.id)).map((g) =>
        g.code === '2134' ? { ...g, title: 'Programmers and software developers' } : g,
      );
      const detected = await recordDetectedEdition(store.db, {
        sourceKey: 'soc2020-structure',
        label: 'Volume 2, revised',
        seriesKey: null,
        sourceUri: upstreamPath('soc2020/revised.xlsx'),
        sha256: 'e'.repeat(64),
      });
      await publishEdition(store.db, detected, [], (trx) => insertSocGroups(trx, detected.id, groups));

      await settle();
      for (const app of replicas)
        assert.equal((await get(app, '/v1/occupations/2134')).json().title, 'Programmers and software developers');
    });
  });
}
