import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { explorerInChromiumForSuite } from '../../helpers/explorer-browser.js';

interface MovesBody {
  moves: Array<{ soc2020: string; title: string; pay: { differencePounds: number | null } }>;
}

/** "Moves from here" on an occupation's page, in headless Chromium with scripts off. */
describe('the moves section of the explorer in a real browser (system Chromium, JavaScript off)', () => {
  const explorer = explorerInChromiumForSuite();
  const { consoleErrors } = explorer;

  it('lists the moves of 6135 the API gives, and draws each pay difference as the API gives it', async () => {
    const api = (await explorer.served.get('/v1/occupations/6135/moves?limit=10')).json<MovesBody>();
    await explorer.page.goto(`${explorer.base}/explore/occupations/6135#moves`);
    const section = explorer.page.locator('#moves');
    assert.ok(await section.isVisible());
    assert.equal(await explorer.page.locator('#moves-heading').textContent(), 'Moves from here');
    const rows = section.locator('table.moves tbody tr');
    assert.equal(await rows.count(), api.moves.length);
    assert.equal(await rows.first().getByRole('link').textContent(), `${api.moves[0]!.soc2020} ${api.moves[0]!.title}`);
    const chart = explorer.page.locator('#moves-pay-chart');
    assert.equal(await chart.evaluate((el) => el.namespaceURI), 'http://www.w3.org/2000/svg');
    const drawn = api.moves.filter((m) => m.pay.differencePounds !== null);
    assert.ok(drawn.length > 0);
    assert.equal(await chart.locator('rect.pay-difference').count(), drawn.length);
    for (const move of drawn) {
      const bar = chart.locator(`rect.pay-difference[data-soc="${move.soc2020}"]`);
      assert.equal(Number(await bar.getAttribute('data-difference')), move.pay.differencePounds);
      assert.ok(((await bar.boundingBox())?.width ?? 0) > 0, `the bar of ${move.soc2020} is drawn`);
    }
  });

  it('follows a move to its own page', async () => {
    const first = explorer.page.locator('#moves table.moves tbody tr').first().getByRole('link');
    const href = await first.getAttribute('href');
    await Promise.all([explorer.page.waitForURL(`${explorer.base}${href}`), first.click()]);
    assert.match((await explorer.page.locator('h1').textContent()) ?? '', / SOC \d{4}$/);
    assert.ok(await explorer.page.locator('#moves').isVisible());
  });

  it('logged no console errors (no CSP violation, no failed request, no missing asset)', () => {
    assert.deepEqual(consoleErrors, []);
  });
});
