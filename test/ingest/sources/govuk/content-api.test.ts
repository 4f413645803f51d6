import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lmspEnglandSource } from '../../../../src/ingest/sources/dfe/lmsp-england/descriptor.js';
import { govukPage } from '../../../../src/ingest/sources/govuk/content-api.js';
import { sponsoredWorkVisasSource } from '../../../../src/ingest/sources/home-office/sponsored-work-visas/descriptor.js';
import {
  LMSP_PATH,
  VISAS_PATH,
  contentItem,
  lmspRoutes,
  visasRoutes,
} from '../../../helpers/publisher-double/routes-govuk.js';
import { json, routeContext, routes } from '../../../helpers/publisher-double/routes.js';

describe('GOV.UK Content API (schema-built items: no response is recorded)', () => {
  it("lists a page's file attachments, not its HTML ones", async () => {
    const page = await govukPage(routeContext('lmsp-england', routes(lmspRoutes())), LMSP_PATH);
    assert.deepEqual(
      page.attachments.map((a) => a.filename),
      [
        'Skills_Imperative_2035_technical_report.pdf',
        'EN_MainTables.Main.xlsm',
        'Nations_projections.zip',
        'Regions_projections.zip',
        'LSIP_projections.zip',
      ],
    );
    assert.equal(page.publicUpdatedAt, '2026-08-21T09:30:00.000+01:00');
  });

  it('follows a redirect item to its destination, and refuses a body that is no content item', async () => {
    const table = routes(lmspRoutes(), [
      [
        'https://www.gov.uk/api/content/government/publications/lmsp',
        json({
          schema_name: 'redirect',
          redirects: [{ path: '/government/publications/lmsp', destination: LMSP_PATH }],
        }),
      ],
      ['https://www.gov.uk/api/content/government/publications/odd', json({ results: [] })],
    ]);
    const page = await govukPage(routeContext('lmsp-england', table), '/government/publications/lmsp');
    assert.equal(page.basePath, LMSP_PATH);
    await assert.rejects(
      govukPage(routeContext('lmsp-england', table), '/government/publications/odd'),
      /is not a content item \(keys: results\)/,
    );
  });

  it("LMSP England: the EN_MainTables workbook attached to the round's page", async () => {
    const { releases } = await lmspEnglandSource.discover!(routeContext('lmsp-england', routes(lmspRoutes())));
    assert.equal(releases.length, 1);
    assert.equal(
      releases[0]!.location.url,
      'https://assets.publishing.service.gov.uk/media/66b0c2a1a3c2a28abb50d2b7/EN_MainTables.Main.xlsm',
    );
    assert.equal(releases[0]!.location.mirrorPath, 'lmsp-2020-2035/EN_MainTables.Main.xlsm');
    assert.equal(releases[0]!.location.member, undefined);
    assert.equal(lmspEnglandSource.tier, 'api');
  });

  it('LMSP England: a zipped workbook is read from inside the zip; no workbook is an error listing what is attached', async () => {
    const zipped = routes(
      contentItem(LMSP_PATH, 'publication', [{ filename: 'EN_MainTables.zip', media: '66b0c2a1a3c2a28abb50d2c0' }]),
    );
    const { releases } = await lmspEnglandSource.discover!(routeContext('lmsp-england', zipped));
    assert.equal(releases[0]!.location.member, 'EN_MainTables.Main.xlsm');
    const none = routes(
      contentItem(LMSP_PATH, 'publication', [{ filename: 'report.pdf', media: '66b0c2a1a3c2a28abb50d2c1' }]),
    );
    await assert.rejects(
      lmspEnglandSource.discover!(routeContext('lmsp-england', none)),
      /attaches no EN_MainTables workbook \(report\.pdf\)/,
    );
  });

  it('Home Office visas: the newest occupation dataset is the release to read; none attached is an error', async () => {
    const context = routeContext('home-office-work-visas', routes(visasRoutes()));
    const discovery = await sponsoredWorkVisasSource.discover!(context);
    const url =
      'https://assets.publishing.service.gov.uk/media/6a85c4761b45e4e555421edd/occupation-soc2020-visas-datasets-jun-2026.xlsx';
    assert.deepEqual(discovery.releases, [
      {
        label: 'Sponsored work entry clearance visas by occupation and industry (SOC 2020), year ending June 2026',
        seriesKey: null,
        location: { mirrorPath: 'home-office-visas/occupation-soc2020-visas-datasets-jun-2026.xlsx', url },
        releasedAt: '2026-08-21T09:30:00.000+01:00',
        pageUrl: `https://www.gov.uk${VISAS_PATH}`,
        fingerprint: `${url} 1000001`,
      },
    ]);
    const none = routes(
      contentItem(VISAS_PATH, 'statistical_data_set', [
        { filename: 'entry-clearance-visas-datasets-jun-2026.xlsx', media: '6a85c4761b45e4e555421ede' },
      ]),
    );
    await assert.rejects(
      sponsoredWorkVisasSource.discover!(routeContext('home-office-work-visas', none)),
      /attaches no occupation-soc2020-visas-datasets workbook \(entry-clearance-visas-datasets-jun-2026\.xlsx\)/,
    );
    assert.deepEqual(context.log, [`https://www.gov.uk/api/content${VISAS_PATH}`], 'discovery reads only the page');
  });
});
