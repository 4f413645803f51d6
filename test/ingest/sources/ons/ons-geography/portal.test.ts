import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { checkGeography } from '../../../../../src/ingest/sources/ons/ons-geography/checks.js';
import { geographySource } from '../../../../../src/ingest/sources/ons/ons-geography/descriptor.js';
import { parseGeography } from '../../../../../src/ingest/sources/ons/ons-geography/parse.js';
import { listCurrentEditions } from '../../../../../src/store/editions.js';
import { geographyRoutes, LOOKUP_SERVICE } from '../../../../helpers/publisher-double/routes-geography.js';
import { bodyOf, json, routeContext, routes } from '../../../../helpers/publisher-double/routes.js';
import { startPublisherDouble, type PublisherDouble } from '../../../../helpers/publisher-double/server.js';
import { DIALECTS, openTestStore, type TestStore } from '../../../../helpers/stores.js';
import { upstreamPath } from '../../../../helpers/upstream.js';
import { ingestFromDouble } from '../../../../helpers/publisher-double/ingest.js';

const SERVICES = 'https://services1.arcgis.com/ESMARspQHYMw9BZ9/arcgis/rest/services';
const mirrorAreas = () =>
  parseGeography(
    new Uint8Array(readFileSync(upstreamPath('geography/DERIVED_lad23_to_region_uk.csv'))),
    new Uint8Array(readFileSync(upstreamPath('geography/DERIVED_regions_and_nations_12.csv'))),
  );
const byCode = <T extends { code: string }>(rows: T[]) => [...rows].sort((a, b) => a.code.localeCompare(b.code));

describe('Open Geography Portal (Esri JSON shapes: no response is recorded)', () => {
  const discover = async (table = routes(geographyRoutes())) => {
    const context = routeContext('ons-geography', table, {});
    const workDir = mkdtempSync(path.join(tmpdir(), 'lmi-geo-'));
    const discovery = await geographySource.discover!({ ...context, workDir });
    return { discovery, log: context.log };
  };

  it('builds the UK list from the newest vintage with both services, reading the lookup page by page', async () => {
    const { discovery, log } = await discover();
    const [release] = discovery.releases;
    assert.equal(release!.label, 'Local authority districts, April 2023 (361 UK districts) with regions and nations');
    assert.equal(log.filter((u) => u.includes(`/${LOOKUP_SERVICE}/`)).length, 2, 'two pages of the lookup');
    const areas = await geographySource.parse(
      { uri: release!.location.url, bytes: new Uint8Array(readFileSync(release!.location.builtPath!)), sha256: '' },
      release!,
      [],
    );
    // The same areas as the mirror's derived CSVs (names as ONS writes them in both).
    assert.deepEqual(
      byCode(areas).map((a) => [a.code, a.kind, a.regionCode]),
      byCode(mirrorAreas()).map((a) => [a.code, a.kind, a.regionCode]),
    );
    assert.deepEqual(checkGeography(areas), []);
    const london = areas.filter((a) => a.regionCode === 'E12000007');
    assert.equal(london.length, 33, 'London is one region of 33 districts');
    assert.deepEqual(
      areas.find((a) => a.code === 'W06000015'),
      { code: 'W06000015', name: 'Cardiff', kind: 'district', regionCode: 'W92000004', regionName: 'Wales' },
    );
  });

  it('refuses an error answered with HTTP 200, and a list with no complete vintage', async () => {
    const broken = routes(geographyRoutes(), [
      [`${SERVICES}?f=json`, json({ error: { code: 499, message: 'Token Required' } })],
    ]);
    await assert.rejects(discover(broken), /answered an error: 499 Token Required/);
    await assert.rejects(
      discover(routes(geographyRoutes(['LAD24_RGN24_EN_LU', 'LAD_APR_2023_UK_NC']))),
      /lists no year with both/,
    );
  });
});

for (const dialect of DIALECTS) {
  describe(`ONS geography from the portal through the pipeline (${dialect})`, () => {
    let double: PublisherDouble;
    let store: TestStore;
    before(async () => {
      double = await startPublisherDouble();
      store = await openTestStore(dialect);
      for (const [url, response] of geographyRoutes())
        double.publish(url, { body: Buffer.from(bodyOf(response)), contentType: response.contentType });
    });
    after(async () => {
      await double.stop();
      await store.dispose();
    });

    it('publishes the areas discovery built, then finds them unchanged', async () => {
      const run = async () => (await ingestFromDouble(double, { store, sources: [geographySource] }))[0]!;
      const first = await run();
      assert.equal(first.outcome, 'published', first.message ?? '');
      assert.equal(first.releases[0]!.rowsStored, 361 + 13);
      assert.equal((await run()).outcome, 'unchanged');
      const current = (await listCurrentEditions(store.db)).find((e) => e.sourceKey === 'ons-geography')!;
      assert.match(current.label, /^Local authority districts, April 2023 \(361 UK districts\)/);
    });
  });
}
