import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AnySourceDescriptor } from '../../../../../src/ingest/source.js';
import { apsOccupationSource } from '../../../../../src/ingest/sources/ons/aps-occupation/descriptor.js';
import { NOMIS_DEFINITION } from '../../../../../src/ingest/sources/ons/aps-occupation/nomis.js';
import { sponsoredWorkVisasSource } from '../../../../../src/ingest/sources/home-office/sponsored-work-visas/descriptor.js';
import { listCurrentEditions } from '../../../../../src/store/editions.js';
import { visasRoutes } from '../../../../helpers/publisher-double/routes-govuk.js';
import { NOMIS_CODELIST_URL, nomisCodelist, nomisRoutes } from '../../../../helpers/publisher-double/routes-nomis.js';
import { json, routeContext, routes } from '../../../../helpers/publisher-double/routes.js';
import { startPublisherDouble, type PublisherDouble } from '../../../../helpers/publisher-double/server.js';
import { openTestStore, type TestStore } from '../../../../helpers/stores.js';
import { ingestFromDouble } from '../../../../helpers/publisher-double/ingest.js';

const HOUR = 3_600_000;
const NOMIS_HOST = 'www.nomisweb.co.uk';
const P2022 = { year: 2022, released: '2023-02-14 07:00:00' };
const P2025 = { year: 2025, released: '2026-02-17 07:00:00' };
const discover = (table: ReturnType<typeof routes>) =>
  apsOccupationSource.discover!(routeContext('aps-occupation', table));

describe('aps-occupation: Nomis NM_218_1 periods (definition and codelist built in third-party-documented shapes)', () => {
  it('finds every Jan-Dec period, not the rolling ones, each asked for in five pages and fingerprinted', async () => {
    const { releases } = await discover(routes(nomisRoutes([P2022, P2025])));
    assert.deepEqual(
      releases.map((r) => [r.seriesKey, r.releasedAt, r.fingerprint, r.companions!.length]),
      [
        ['2022', '2023-02-14', 'NM_218_1 2022-12 released 2023-02-14 07:00:00', 4],
        ['2025', '2026-02-17', 'NM_218_1 2025-12 released 2026-02-17 07:00:00', 4],
      ],
    );
    assert.match(
      releases[1]!.location.url,
      /^https:\/\/www\.nomisweb\.co\.uk\/api\/v01\/dataset\/NM_218_1\.data\.csv\?/,
    );
    assert.match(releases[1]!.location.url, /&date=2025-12&/);
    assert.equal(releases[1]!.pageUrl, 'https://www.nomisweb.co.uk/datasets/apsnew');
  });

  it('without a release annotation, fingerprints a period by the dataset last update (one code: an object, not a list)', async () => {
    const codelist = nomisCodelist([P2025]) as { structure: { codelists: { codelist: { code: object[] }[] } } };
    const [list] = codelist.structure.codelists.codelist;
    const janDec = { description: { value: 'Jan 2025-Dec 2025', lang: 'en' }, value: '2025-12' };
    const table = routes(nomisRoutes([P2025], '2026-02-17 07:00:00'), [
      [NOMIS_CODELIST_URL, json({ structure: { codelists: { codelist: { ...list, code: janDec } } } })],
    ]);
    const [release] = (await discover(table)).releases;
    assert.equal(release!.fingerprint, 'NM_218_1 2025-12 dataset updated 2026-02-17 07:00:00');
    assert.equal(release!.releasedAt, null);
  });

  it('refuses a codelist it does not recognise, naming what it saw', async () => {
    const withCodes = (code: unknown) =>
      routes(nomisRoutes([P2025]), [
        [NOMIS_CODELIST_URL, json({ structure: { codelists: { codelist: [{ id: 'CL_218_1_TIME', code }] } } })],
      ]);
    await assert.rejects(
      discover(withCodes([{ value: '2025-12', description: { value: 'Oct 2024-Sep 2025' } }])),
      /period 2025-12 is named "Oct 2024-Sep 2025", not "Jan 2025-Dec 2025"/,
    );
    await assert.rejects(
      discover(withCodes([{ value: 2025, description: { value: '2025' } }])),
      /offers no January-December period .*its first codes: 2025 "2025"/,
    );
    await assert.rejects(
      discover(routes(nomisRoutes([P2025]), [[NOMIS_CODELIST_URL, json({ structure: { codelists: null } })]])),
      /is not one Nomis codelist/,
    );
    await assert.rejects(
      discover(routes(nomisRoutes([P2025]), [[NOMIS_DEFINITION, json({ structure: { keyfamilies: null } })]])),
      /is not a Nomis dataset definition naming NM_218_1's time codelist/,
    );
  });
});

describe('aps-occupation read from the Nomis double through the pipeline (sqlite)', () => {
  let double: PublisherDouble;
  let store: TestStore;
  before(async () => {
    double = await startPublisherDouble();
    store = await openTestStore('sqlite');
  });
  after(async () => {
    await double.stop();
    await store.dispose();
  });
  const ingest = (sources: AnySourceDescriptor[]) =>
    ingestFromDouble(double, { store, sources, refreshIntervalMs: 6 * HOUR }, { retries: 0 });
  const dataGets = (mark: number) =>
    double
      .since(mark)
      .filter((r) => r.path.includes('.data.csv'))
      .map((r) => /date=(\d{4})-12/.exec(decodeURIComponent(r.path))![1]);

  it('reads the period offered, then a new one only, then nothing while neither changes', async () => {
    double.publishAll(routes(nomisRoutes([P2022])));
    let mark = double.log.length;
    const [first] = await ingest([apsOccupationSource]);
    assert.equal(first!.outcome, 'published', first!.message ?? '');
    assert.deepEqual(dataGets(mark), ['2022', '2022', '2022', '2022', '2022']);
    assert.ok(
      double.since(mark).every((r) => r.userAgent),
      'every request says who asks',
    );

    double.publishAll(routes(nomisRoutes([P2022, P2025])));
    mark = double.log.length;
    const [second] = await ingest([apsOccupationSource]);
    assert.deepEqual(
      second!.releases.map((r) => [r.label.match(/Dec (\d{4})$/)![1], r.outcome]),
      [
        ['2022', 'unchanged'],
        ['2025', 'published'],
      ],
    );
    assert.deepEqual(dataGets(mark), ['2025', '2025', '2025', '2025', '2025'], 'the unchanged 2022 is not asked for');
    const current = (await listCurrentEditions(store.db)).filter((e) => e.sourceKey === 'aps-occupation');
    assert.deepEqual(current.map((e) => e.label).sort(), [
      // As Nomis names them: the dataset's name in its definition, the period's in its codelist.
      'annual population survey - regional - occupation (SOC2020) by sex by employment type: Jan 2022-Dec 2022',
      'annual population survey - regional - occupation (SOC2020) by sex by employment type: Jan 2025-Dec 2025',
    ]);

    mark = double.log.length;
    const [third] = await ingest([apsOccupationSource]);
    assert.equal(third!.outcome, 'unchanged');
    assert.deepEqual(dataGets(mark), []);
  });

  it("reports Nomis down for this source only: another publisher's source is still read", async () => {
    double.publishAll(routes(visasRoutes()));
    double.down(NOMIS_HOST);
    try {
      const results = await ingest([apsOccupationSource, sponsoredWorkVisasSource]);
      const byKey = Object.fromEntries(results.map((r) => [r.sourceKey, r]));
      assert.equal(byKey['aps-occupation']!.outcome, 'failed');
      assert.match(byKey['aps-occupation']!.message!, /www\.nomisweb\.co\.uk/);
      assert.equal(
        byKey['home-office-work-visas']!.outcome,
        'published',
        byKey['home-office-work-visas']!.message ?? '',
      );
    } finally {
      double.up(NOMIS_HOST);
    }
    const current = (await listCurrentEditions(store.db)).filter((e) => e.sourceKey === 'aps-occupation');
    assert.equal(current.length, 2, 'the periods read before keep serving');
  });
});
