import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { publisherReach } from '../../../../../src/domain/sources.js';
import { LMSP_OTHER_AREA_SOURCES } from '../../../../../src/ingest/sources/dfe/lmsp-other-areas/descriptor.js';
import { LMSP_PATH, contentItem, lmspRoutes } from '../../../../helpers/publisher-double/routes-govuk.js';
import { json, routeContext, routes } from '../../../../helpers/publisher-double/routes.js';

const PAGE = `https://www.gov.uk${LMSP_PATH}`;
const MEDIA = 'https://assets.publishing.service.gov.uk/media';
const source = (key: string) => LMSP_OTHER_AREA_SOURCES.find((s) => s.key === key)!;

describe("LMSP 2020-2035, the other areas: the round page's attachments, found only (schema-built item)", () => {
  it('each nation finds the "Nations projections" attachment; nothing is downloaded', async () => {
    for (const key of ['lmsp-uk', 'lmsp-wales', 'lmsp-scotland', 'lmsp-northern-ireland']) {
      const context = routeContext(key, routes(lmspRoutes()));
      const discovery = await source(key).discover!(context);
      assert.deepEqual(discovery.releases, []);
      assert.deepEqual(discovery.found, [
        {
          label: 'Labour market and skills projections: 2020 to 2035: Nations projections',
          seriesKey: null,
          releasedAt: '2026-08-21T09:30:00.000+01:00',
          url: `${MEDIA}/66b0c2a1a3c2a28abb50d2b8/Nations_projections.zip`,
          pageUrl: PAGE,
        },
      ]);
      assert.deepEqual(context.log, [`https://www.gov.uk/api/content${LMSP_PATH}`], 'only the page was read');
      assert.equal(publisherReach(source(key)), 'found');
    }
  });

  it('the English regions find the regions attachment, not the sub-regional ones', async () => {
    const { found } = await source('lmsp-english-regions').discover!(
      routeContext('lmsp-english-regions', routes(lmspRoutes())),
    );
    assert.deepEqual(
      found!.map((f) => f.label),
      ['Labour market and skills projections: 2020 to 2035: Regions projections'],
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
    const { found } = await source('lmsp-wales').discover!(routeContext('lmsp-wales', newer));
    assert.deepEqual(
      found!.map((f) => [f.url, f.releasedAt]),
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
