import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { explorerInChromiumForSuite } from '../../helpers/explorer-browser.js';

/**
 * The explorer in headless Chromium, as a person uses it: search, open an occupation, read the
 * pay chart, follow a link. Scripts are off in the browser, as the pages need none.
 */
describe('the explorer in a real browser (system Chromium, JavaScript off)', () => {
  const explorer = explorerInChromiumForSuite();
  const { consoleErrors } = explorer;

  it('searches "software developer" and opens 2134 from the results', async () => {
    await explorer.page.goto(`${explorer.base}/explore`);
    await explorer.page.getByLabel('Job title').fill('software developer');
    await Promise.all([
      explorer.page.waitForURL(/\/explore\?q=software\+developer$/),
      explorer.page.getByRole('button', { name: 'Search' }).click(),
    ]);
    const first = explorer.page.locator('ol.matches > li').first().getByRole('link');
    assert.match((await first.textContent()) ?? '', /^Programmers and software development professionals$/);
    await Promise.all([explorer.page.waitForURL(`${explorer.base}/explore/occupations/2134`), first.click()]);
    assert.equal(
      await explorer.page.locator('h1').textContent(),
      'Programmers and software development professionals SOC 2134',
    );
  });

  it('shows the pay chart as SVG with the median the pay API serves', async () => {
    const pay = (await explorer.served.get('/v1/occupations/2134/pay')).json<{ distribution: { median: number } }>();
    const chart = explorer.page.locator('#pay-distribution-chart');
    assert.ok(await chart.isVisible());
    assert.equal(await chart.evaluate((el) => el.namespaceURI), 'http://www.w3.org/2000/svg');
    assert.equal(Number(await chart.getAttribute('data-median')), pay.distribution.median);
    assert.equal(
      await chart.locator('text.median-label').textContent(),
      `Median £${pay.distribution.median.toLocaleString('en-GB')}`,
    );
    assert.ok(((await chart.locator('line.median').boundingBox())?.height ?? 0) > 0, 'the median bar is drawn');
  });

  it("follows the link to projections, and sees the projected jobs of the occupation's group with the citation", async () => {
    await explorer.page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Projections' })
      .click();
    await explorer.page.waitForURL(`${explorer.base}/explore/occupations/2134#projections`);
    const projections = explorer.page.locator('#projections');
    assert.ok(await explorer.page.locator('#projections-heading').isVisible());
    assert.ok(await projections.locator('#projections-uk-chart').isVisible(), 'the UK projection is drawn');
    const citation = (await explorer.served.get('/v1/occupations/2134/projections')).json<{ citation: string }>()
      .citation;
    assert.equal(await projections.locator('p.citation').first().textContent(), `Cite as: ${citation}`);
  });

  it('logged no console errors (no CSP violation, no failed request, no missing asset)', () => {
    assert.deepEqual(consoleErrors, []);
  });
});
