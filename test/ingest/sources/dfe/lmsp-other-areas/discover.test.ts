import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { publisherReach } from '../../../../../src/domain/sources.js';
import { LMSP_OTHER_AREA_SOURCES } from '../../../../../src/ingest/sources/dfe/lmsp-other-areas/descriptor.js';
import { LMSP_PATH, contentItem, lmspRoutes } from '../../../../helpers/publisher-double/routes-govuk.js';
import { json, routeContext, routes } from '../../../../helpers/publisher-double/routes.js';

const PAGE = `https://www.gov.uk${LMSP_PATH}`;
const MEDIA = 'https://assets.publishing.service.gov.uk/media';
const source = (key: string) => LMSP_OTHER_AREA_SOURCES.find((s) => s.key === key)!;
const NATIONS = ['lmsp-uk', 'lmsp-wales', 'lmsp-scotland', 'lmsp-northern-ireland'];
const REGIONS = [
  'lmsp-north-east',
  'lmsp-north-west',
  'lmsp-yorkshire-and-the-humber',
  'lmsp-east-midlands',
  'lmsp-west-midlands',
  'lmsp-east-of-england',
  'lmsp-london',
  'lmsp-south-east',
  'lmsp-south-west',
];

describe("LMSP 2020-2035, the other areas: the round page's attachments (schema-built item)", () => {
  it('registers a read source for the UK, each nation and each English region', () => {
    assert.deepEqual(
      LMSP_OTHER_AREA_SOURCES.map((s) => s.key),
      [...NATIONS, ...REGIONS],
    );
    for (const s of LMSP_OTHER_AREA_SOURCES) {
      assert.equal(publisherReach(s), 'read', s.key);
      assert.deepEqual([s.publisher, s.url], ['Department for Education', PAGE], s.key);
      assert.match(
        s.name,
        /^Labour market and skills projections 2020 to 2035: .+, by occupation \(SOC 2020 sub-major groups\)$/,
      );
    }
  });

  it('the UK and each nation read the "Nations projections" zip; only the page is requested by discovery', async () => {
    for (const key of NATIONS) {
      const context = routeContext(key, routes(lmspRoutes()));
      const discovery = await source(key).discover!(context);
      assert.deepEqual(discovery.releases, [
        {
          label: 'Labour market and skills projections: 2020 to 2035: Nations projections',
          seriesKey: null,
          location: {
            mirrorPath: 'lmsp-2020-2035/Nations_projections.zip',
            url: `${MEDIA}/66b0c2a1a3c2a28abb50d2b8/Nations_projections.zip`,
          },
          releasedAt: '2026-08-21T09:30:00.000+01:00',
          namedByPublisher: true,
          pageUrl: PAGE,
          fingerprint: `${MEDIA}/66b0c2a1a3c2a28abb50d2b8/Nations_projections.zip 1000002`,
        },
      ]);
      assert.deepEqual(context.log, [`https://www.gov.uk/api/content${LMSP_PATH}`], 'only the page was read');
    }
  });

  it('each English region reads the regions attachment, not the sub-regional ones', async () => {
    for (const key of REGIONS) {
      const { releases } = await source(key).discover!(routeContext(key, routes(lmspRoutes())));
      assert.deepEqual(
        releases.map((r) => r.label),
        ['Labour market and skills projections: 2020 to 2035: Regions projections'],
        key,
      );
    }
  });

  it("prefers an area's own workbook attached alone; workbooks of other areas only are found, not read", async () => {
    const page = routes(
      contentItem(LMSP_PATH, 'publication', [
        {
          filename: 'NE_MainTables.Main.xlsm',
          media: '6c0ffee0a3c2a28abb50d2c1',
          title: 'Regional projections: North East',
        },
        {
          filename: 'LO_MainTables.Main.xlsm',
          media: '6c0ffee0a3c2a28abb50d2c2',
          title: 'Regional projections: London',
        },
      ]),
    );
    const london = await source('lmsp-london').discover!(routeContext('lmsp-london', page));
    assert.deepEqual(
      london.releases.map((r) => r.location.url),
      [`${MEDIA}/6c0ffee0a3c2a28abb50d2c2/LO_MainTables.Main.xlsm`],
    );
    const southWest = await source('lmsp-south-west').discover!(routeContext('lmsp-south-west', page));
    assert.deepEqual(southWest.releases, []);
    assert.deepEqual(
      southWest.found!.map((f) => f.label),
      [
        'Labour market and skills projections: 2020 to 2035: Regional projections: North East',
        'Labour market and skills projections: 2020 to 2035: Regional projections: London',
      ],
    );
  });

  it('a newer page names its new attachment and date; a page without one finds nothing', async () => {
    const newer = routes(
      contentItem(
        LMSP_PATH,
        'publication',
        [{ filename: 'Nations_projections_v2.zip', media: '6c0ffee0a3c2a28abb50d2b8', title: 'Nations projections' }],
        '2027-03-01T09:30:00.000+00:00',
      ),
    );
    const { releases } = await source('lmsp-wales').discover!(routeContext('lmsp-wales', newer));
    assert.deepEqual(
      releases.map((r) => [r.location.url, r.releasedAt]),
      [[`${MEDIA}/6c0ffee0a3c2a28abb50d2b8/Nations_projections_v2.zip`, '2027-03-01T09:30:00.000+00:00']],
    );
    const none = routes(
      contentItem(LMSP_PATH, 'publication', [{ filename: 'report.pdf', media: '6c0ffee0a3c2a28abb50d2b9' }]),
    );
    assert.deepEqual(await source('lmsp-wales').discover!(routeContext('lmsp-wales', none)), {
      releases: [],
      found: [],
    });
  });

  it('a body that is no content item fails the source', async () => {
    const odd = routes([[`https://www.gov.uk/api/content${LMSP_PATH}`, json({ results: [] })]]);
    await assert.rejects(
      source('lmsp-scotland').discover!(routeContext('lmsp-scotland', odd)),
      /is not a content item/,
    );
  });
});
