import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { occupationsInDemandSource } from '../../../src/ingest/sources/dfe/occupations-in-demand/descriptor.js';
import { explorerInChromiumForSuite } from '../../helpers/explorer-browser.js';
import { cellsOf } from '../../helpers/occupations-in-demand-release.js';
import { ingestFromDouble } from '../../helpers/publisher-double/ingest.js';
import { occupationsInDemandRoutes } from '../../helpers/publisher-double/routes-ees.js';
import { routes } from '../../helpers/publisher-double/routes.js';
import { startPublisherDouble, type PublisherDouble } from '../../helpers/publisher-double/server.js';

interface DemandBody {
  latest: {
    year: number;
    level: string;
    indicators: { indicator: string; signal: string }[];
    uncertainty: string | null;
    imputation: string | null;
    capping: string | null;
  };
  previous: { year: number } | null;
}

/** "Occupations in demand" on an occupation's page, once a release read from the publisher double is served. */
describe('the demand section of the explorer in a real browser (system Chromium, JavaScript off)', () => {
  const explorer = explorerInChromiumForSuite();
  let double: PublisherDouble;
  before(async () => {
    double = await startPublisherDouble();
    double.publishAll(routes(occupationsInDemandRoutes()));
    const [result] = await ingestFromDouble(double, {
      store: explorer.served.store,
      sources: [occupationsInDemandSource],
      refreshIntervalMs: 3_600_000,
    });
    assert.equal(result!.outcome, 'published');
    explorer.served.refresh();
    // The first page built loads the classification and the search index: not what is tested here.
    await explorer.served.app.inject({ url: '/explore/occupations/2134' });
  });
  after(() => double?.stop());

  it("shows 2134's level, each indicator's signal and the publisher's caveats as the API gives them", async () => {
    const api = (await explorer.served.get('/v1/occupations/2134/demand')).json<DemandBody>();
    await explorer.page.goto(`${explorer.base}/explore/occupations/2134#demand`);
    const section = explorer.page.locator('#demand');
    assert.ok(await section.isVisible());
    assert.equal(await explorer.page.locator('#demand-heading').textContent(), 'Occupations in demand');
    const level = (await section.locator('.demand-level').textContent()) ?? '';
    const words = {
      critical: 'Critical demand',
      elevated: 'Elevated demand',
      not_in_high_demand: 'Not in high demand',
    };
    assert.ok(
      level.startsWith(`${words[api.latest.level as keyof typeof words]} in the ${api.latest.year} assessment`),
      level,
    );
    assert.ok(api.previous && level.includes(`in ${api.previous.year}, re-assessed on the same method`), level);
    const rows = section.locator('table.figures tbody tr');
    assert.equal(await rows.count(), api.latest.indicators.length);
    assert.deepEqual(
      await rows.locator('td:first-of-type').allTextContents(),
      api.latest.indicators.map((i) => i.signal),
    );
    const notes = [api.latest.uncertainty, api.latest.imputation, api.latest.capping].filter((n) => n !== null);
    assert.deepEqual(await section.locator('ul.caveats li').allTextContents(), notes);
  });

  it('says in its place why a unit group the assessment leaves out has no demand', async () => {
    const excluded = cellsOf().excluded[0]!;
    await explorer.page.goto(`${explorer.base}/explore/occupations/${excluded}#demand`);
    const text = (await explorer.page.locator('#demand .unavailable').textContent()) ?? '';
    assert.match(
      text,
      new RegExp(`^Not available\\. The 2025 assessment of occupations in demand does not assess ${excluded}`),
    );
  });

  it('logged no console errors', () => {
    assert.deepEqual(explorer.consoleErrors, []);
  });
});
