import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { publisherReach } from '../../../../../src/domain/sources.js';
import { socCrosswalkSource } from '../../../../../src/ingest/sources/ons/soc-crosswalk/descriptor.js';
import { RELATIONSHIP_PAGE, relationshipRoutes } from '../../../../helpers/publisher-double/routes-ons.js';
import { html, routeContext, routes } from '../../../../helpers/publisher-double/routes.js';

const PAGE = `https://www.ons.gov.uk${RELATIONSHIP_PAGE}`;
const FILE = (name: string) => `https://www.ons.gov.uk/file?uri=${RELATIONSHIP_PAGE}/${name}`;

describe("SOC 2010 / SOC 2020 relationship tables at ONS: found, never read (ONS's layout is unseen)", () => {
  it('names the workbook the relationship page links, downloading nothing', async () => {
    const context = routeContext('soc-crosswalk', routes(relationshipRoutes()));
    const discovery = await socCrosswalkSource.discover!(context);
    assert.deepEqual(discovery.releases, []);
    assert.deepEqual(discovery.found, [
      {
        label:
          'SOC 2010 to SOC 2020 relationship tables at ONS: soc2010soc2020relationshiptables16042025.xlsx (16 April 2025)',
        seriesKey: null,
        releasedAt: '2025-04-16',
        url: FILE('soc2010soc2020relationshiptables16042025.xlsx'),
        pageUrl: PAGE,
      },
    ]);
    assert.ok(
      context.log.every((url) => !url.includes('/file?')),
      'no data file was requested',
    );
    // The mirror's copy is still what is read; at ONS the source is only found.
    assert.equal(publisherReach(socCrosswalkSource), 'found');
  });

  it('a newer dated workbook sorts last, so it is the one named', async () => {
    const table = routes(
      relationshipRoutes([
        'soc2010soc2020relationshiptables20260827.xlsx',
        'soc2010soc2020relationshiptables16042025.xlsx',
        'soc2020userguide.pdf',
      ]),
    );
    const { found } = await socCrosswalkSource.discover!(routeContext('soc-crosswalk', table));
    assert.deepEqual(
      found!.map((f) => f.releasedAt),
      ['2025-04-16', '2026-08-27'],
    );
    assert.equal(found!.at(-1)!.url, FILE('soc2010soc2020relationshiptables20260827.xlsx'));
  });

  it('a page that links no workbook fails this source, naming the page', async () => {
    const table = routes([[PAGE, html('<html><body><a href="/file?uri=/x/guide.pdf">Guide</a></body></html>')]]);
    await assert.rejects(socCrosswalkSource.discover!(routeContext('soc-crosswalk', table)), /links no workbook/);
    await assert.rejects(socCrosswalkSource.discover!(routeContext('soc-crosswalk', routes())), /could not be read/);
  });
});
