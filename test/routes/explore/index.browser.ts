import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../helpers/chromium.js';
import { servedFromTemplate, type ServedApp } from '../../helpers/served-app.js';

/**
 * The explorer in headless Chromium, as a person uses it: search, open an occupation, read the
 * pay chart, follow a link. Scripts are off in the browser, as the pages need none.
 */
describe('the explorer in a real browser (system Chromium, JavaScript off)', () => {
  let served: ServedApp;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let page: Page;
  let base: string;
  const consoleErrors: string[] = [];

  before(async () => {
    served = await servedFromTemplate('sqlite');
    await served.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(served.app.server.address() as AddressInfo).port}`;
    browser = await launchChromium({ javaScriptEnabled: false });
    page = await browser.context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    page.on('requestfailed', (request) => consoleErrors.push(`request failed: ${request.url()}`));
  });
  after(async () => {
    await browser?.close();
    await served?.close();
  });

  it('searches "software developer" and opens 2134 from the results', async () => {
    await page.goto(`${base}/explore`);
    await page.getByLabel('Job title').fill('software developer');
    await Promise.all([
      page.waitForURL(/\/explore\?q=software\+developer$/),
      page.getByRole('button', { name: 'Search' }).click(),
    ]);
    const first = page.locator('ol.matches > li').first().getByRole('link');
    assert.match((await first.textContent()) ?? '', /^2134 Programmers and software development professionals$/);
    await Promise.all([page.waitForURL(`${base}/explore/occupations/2134`), first.click()]);
    assert.equal(await page.locator('h1').textContent(), '2134 Programmers and software development professionals');
  });

  it('shows the pay chart as SVG with the median the pay API serves', async () => {
    const pay = (await served.get('/v1/occupations/2134/pay')).json<{ distribution: { median: number } }>();
    const chart = page.locator('#pay-distribution-chart');
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
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Projections' }).click();
    await page.waitForURL(`${base}/explore/occupations/2134#projections`);
    const projections = page.locator('#projections');
    assert.ok(await page.locator('#projections-heading').isVisible());
    assert.ok(await projections.locator('#projections-uk-chart').isVisible(), 'the UK projection is drawn');
    const citation = (await served.get('/v1/occupations/2134/projections')).json<{ citation: string }>().citation;
    assert.equal(await projections.locator('p.citation').first().textContent(), `Cite as: ${citation}`);
  });

  it('logged no console errors (no CSP violation, no failed request, no missing asset)', () => {
    assert.deepEqual(consoleErrors, []);
  });
});
