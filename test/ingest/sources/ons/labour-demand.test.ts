import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { onlineJobAdvertsLocalSource } from '../../../../src/ingest/sources/ons/online-job-adverts-local/descriptor.js';
import { onlineJobAdvertsSource } from '../../../../src/ingest/sources/ons/online-job-adverts/descriptor.js';
import { labourDemandRoutes } from '../../../helpers/publisher-double/routes-ons.js';
import { json, routeContext, routes } from '../../../helpers/publisher-double/routes.js';

const DATASETS = 'https://www.ons.gov.uk/employmentandlabourmarket/peopleinwork/employmentandemployeetypes/datasets';

describe('online job adverts: ONS search -> dataset -> newest edition, found only (no response is recorded)', () => {
  it('finds the national tables’ newest edition and names its file, downloading nothing', async () => {
    const context = routeContext('online-job-adverts', routes(labourDemandRoutes()));
    const discovery = await onlineJobAdvertsSource.discover!(context);
    assert.deepEqual(discovery.releases, []);
    assert.deepEqual(discovery.found, [
      {
        label: 'Labour demand by Standard Occupational Classification (SOC): current',
        seriesKey: null,
        releasedAt: '2026-09-10T06:00:00.000Z',
        url: 'https://www.ons.gov.uk/file?uri=/employmentandlabourmarket/peopleinwork/employmentandemployeetypes/datasets/labourdemandbystandardoccupationalclassificationsoc/current/labourdemandbysoc2026september.xlsx',
        pageUrl: `${DATASETS}/labourdemandbystandardoccupationalclassificationsoc`,
      },
    ]);
    assert.ok(
      context.log.every((url) => !url.includes('/file?')),
      'no data file was requested',
    );
  });

  it('the local tables are the search result naming local authorities', async () => {
    const discovery = await onlineJobAdvertsLocalSource.discover!(
      routeContext('online-job-adverts-local', routes(labourDemandRoutes())),
    );
    assert.match(discovery.found![0]!.url, /labourdemandbysoclocalauthority2026q2\.xlsx$/);
    assert.equal(
      discovery.found![0]!.pageUrl,
      `${DATASETS}/labourdemandbystandardoccupationalclassificationsocbylocalauthority`,
    );
  });

  it('no matching search result: nothing found, not an error', async () => {
    const empty = routes([
      [
        'https://api.beta.ons.gov.uk/v1/search?q=labour%20demand%20standard%20occupational%20classification&content_type=dataset_landing_page&limit=50',
        json({ count: 0, items: [] }),
      ],
    ]);
    assert.deepEqual(await onlineJobAdvertsSource.discover!(routeContext('online-job-adverts', empty)), {
      releases: [],
      found: [],
    });
  });
});
