import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readWorkbookSync } from '../../../src/ingest/formats/workbook.js';
import {
  NOTES_SHEET,
  parseVisaWorkbook,
  VISA_SHEETS,
} from '../../../src/ingest/sources/home-office/sponsored-work-visas/parse.js';
import { insertVisaRelease } from '../../../src/store/visas.js';
import type { VisaResponse } from '../../../src/schemas/visas.js';
import { publishConstructed } from '../../helpers/constructed-releases.js';
import { explorerInChromiumForSuite } from '../../helpers/explorer-browser.js';
import { visaWorkbook } from '../../helpers/visa-workbooks.js';

/** "Sponsored work visas" on an occupation's page, once a release (the built workbook, parsed) is served; Chromium, scripts off. */
describe('the visas section of the explorer in a real browser (system Chromium, JavaScript off)', () => {
  const explorer = explorerInChromiumForSuite();
  const { consoleErrors } = explorer;
  before(async () => {
    const { release } = parseVisaWorkbook(
      readWorkbookSync(visaWorkbook(), { sheets: [NOTES_SHEET, ...VISA_SHEETS.map((s) => s.sheet)] }),
    );
    await publishConstructed(explorer.served.store.db, 'home-office-work-visas', (trx, id) =>
      insertVisaRelease(trx, id, release),
    );
    explorer.served.refresh();
    // The first page the app renders loads what every page shares (tens of seconds on a loaded
    // machine): done here, outside the browser's 30-second navigation limit.
    await explorer.served.get('/explore/occupations/2231');
  });

  it("shows 2231's grants, rank, quarters and nationalities as the visas API gives them", async () => {
    const api = (await explorer.served.get('/v1/occupations/2231/visas')).json<VisaResponse>();
    await explorer.page.goto(`${explorer.base}/explore/occupations/2231#visas`);
    const section = explorer.page.locator('#visas');
    assert.ok(await section.isVisible());
    assert.equal(await explorer.page.locator('#visas-heading').textContent(), 'Sponsored work visas');
    assert.equal(await section.locator('#visa-grants').textContent(), api.latestYear.grants.toLocaleString('en-GB'));
    assert.equal(await section.locator('#visa-rank').textContent(), String(api.latestYear.rank));
    assert.equal(await section.locator('#visa-quarters tbody tr').count(), api.quarters.length);
    assert.equal(await section.locator('#visa-nationalities tbody tr').count(), api.latestYear.nationalities.length);
    assert.equal(
      await section.locator('#visa-routes tbody tr th').first().textContent(),
      api.latestYear.routes[0]!.name,
    );
    assert.match((await section.locator('p.coverage').textContent()) ?? '', /withheld the unit group/);
  });

  it('logged no console errors (no CSP violation, no failed request, no missing asset)', () => {
    assert.deepEqual(consoleErrors, []);
  });
});
