import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { onlineJobAdvertsLocalSource } from '../../../src/ingest/sources/ons/online-job-adverts-local/descriptor.js';
import { onlineJobAdvertsSource } from '../../../src/ingest/sources/ons/online-job-adverts/descriptor.js';
import { explorerInChromiumForSuite } from '../../helpers/explorer-browser.js';
import { NOTICES } from '../../helpers/labour-demand-workbook.js';
import { ingestFromDouble } from '../../helpers/publisher-double/ingest.js';
import { labourDemandRoutes } from '../../helpers/publisher-double/routes-ons.js';
import { routes } from '../../helpers/publisher-double/routes.js';
import { startPublisherDouble } from '../../helpers/publisher-double/server.js';

/**
 * An occupation's page in headless Chromium once a labour demand workbook (built in ONS's layout,
 * read from the publisher double) is served: the job adverts section shows what the API answers.
 */
describe('the explorer shows new online job adverts where a release is served (system Chromium)', () => {
  const explorer = explorerInChromiumForSuite();
  const { consoleErrors } = explorer;

  before(async () => {
    const double = await startPublisherDouble();
    try {
      double.publishAll(routes(labourDemandRoutes()));
      const results = await ingestFromDouble(
        double,
        {
          store: explorer.served.store,
          sources: [onlineJobAdvertsSource, onlineJobAdvertsLocalSource],
          refreshIntervalMs: 3_600_000,
        },
        { retries: 0 },
      );
      for (const result of results) assert.equal(result.outcome, 'published', result.message ?? '');
    } finally {
      await double.stop();
    }
    explorer.served.refresh();
    // The page's first render fills the other sections' caches (career moves): done here, not under the browser's timeout.
    await explorer.served.get('/explore/occupations/2134');
  });

  it("shows 2134's latest year, its monthly chart, ONS's notices and the local areas the API gives", async () => {
    const api = (await explorer.served.get('/v1/occupations/2134/job-adverts')).json<{
      latestYear: { adverts: number; rank: number; occupationsRanked: number };
    }>();
    const local = (await explorer.served.get('/v1/occupations/2134/job-adverts/local')).json<{
      areas: { area: { name: string } }[];
    }>();
    await explorer.page.goto(`${explorer.base}/explore/occupations/2134`);
    await explorer.page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'New online job adverts' })
      .click();
    const section = explorer.page.locator('#job-adverts');
    assert.ok(await section.isVisible());
    const headline = (await section.locator('p.headline').textContent()) ?? '';
    assert.match(headline, new RegExp(`: ${api.latestYear.adverts.toLocaleString('en-GB')} \\(`));
    assert.match(
      headline,
      new RegExp(`rank ${api.latestYear.rank} of ${api.latestYear.occupationsRanked} occupations`),
    );
    const chart = section.locator('#job-adverts-chart');
    assert.equal(await chart.evaluate((el) => el.namespaceURI), 'http://www.w3.org/2000/svg');
    assert.ok(await chart.locator('text.withheld-mark').first().isVisible(), 'the suppressed March 2026 is marked');
    assert.equal(await section.locator('ul.notices li').count(), NOTICES.length);
    assert.equal(
      await section.locator('ul.notices li').first().textContent(),
      `${NOTICES[0]!.heading}: ${NOTICES[0]!.text}`,
    );
    assert.deepEqual(
      await section.locator('#job-adverts-local tbody th').allTextContents(),
      local.areas.slice(0, 10).map((a) => a.area.name),
    );
  });

  it('logged no console errors (no CSP violation, no failed request, no missing asset)', () => {
    assert.deepEqual(consoleErrors, []);
  });
});
