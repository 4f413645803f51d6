import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { workingFuturesUkSource } from '../../../../../src/ingest/sources/dfe/working-futures-uk/descriptor.js';
import { listCurrentEditions } from '../../../../../src/store/editions.js';
import { WF7_PAGE, workingFuturesRoutes } from '../../../../helpers/publisher-double/routes-warwick.js';
import { bodyOf, html, routeContext, routes } from '../../../../helpers/publisher-double/routes.js';
import { startPublisherDouble, type PublisherDouble } from '../../../../helpers/publisher-double/server.js';
import { openTestStore, type TestStore } from '../../../../helpers/stores.js';
import { ingestFromDouble } from '../../../../helpers/publisher-double/ingest.js';

const WORKBOOK = `${WF7_PAGE}UK_MainTables.Main.xlsm`;

describe("Working Futures 2017-2027 UK at Warwick IER's download page (built page: only its address is evidenced)", () => {
  it('the UK workbook the page links is the release, read with the MainTables parser', async () => {
    const context = routeContext('working-futures-uk', routes(workingFuturesRoutes()));
    const { releases } = await workingFuturesUkSource.discover!(context);
    assert.deepEqual(
      releases.map((r) => [r.label, r.location, r.pageUrl, r.fingerprint]),
      [
        [
          'Working Futures 2017-2027: UK_MainTables.Main.xlsm',
          { mirrorPath: 'working-futures/UK_MainTables.Main.xlsm', url: WORKBOOK },
          WF7_PAGE,
          WORKBOOK,
        ],
      ],
    );
    assert.deepEqual(context.log, [WF7_PAGE], 'only the page was read');
    assert.equal(workingFuturesUkSource.tier, 'scrapeanddiff');
  });

  it('a reissued workbook of another name is the one linked; the second address serves when the first does not', async () => {
    const other = 'https://warwick.ac.uk/fac/soc/ier/researchthemesoverview/wf7downloads/';
    const table = routes([[other, html(`<a href="/fac/soc/ier/wf7downloads/UK_MainTables.Main_v2.xlsm">UK</a>`)]]);
    const { releases } = await workingFuturesUkSource.discover!(routeContext('working-futures-uk', table));
    assert.equal(releases[0]!.location.url, `${WF7_PAGE}UK_MainTables.Main_v2.xlsm`);
    assert.equal(releases[0]!.pageUrl, other);
  });

  it('a page with no UK workbook fails this source, naming what it links; no page at all too', async () => {
    const table = routes([[WF7_PAGE, html('<a href="EN_MainTables.Main.xlsm">England</a><a href="report.pdf">r</a>')]]);
    await assert.rejects(
      workingFuturesUkSource.discover!(routeContext('working-futures-uk', table)),
      /links no UK_MainTables\.Main\.xlsm \(EN_MainTables\.Main\.xlsm\)/,
    );
    await assert.rejects(
      workingFuturesUkSource.discover!(routeContext('working-futures-uk', routes())),
      /download page could not be read/,
    );
  });
});

describe('Working Futures UK read from the publisher double over HTTPS (sqlite)', () => {
  let double: PublisherDouble;
  let store: TestStore;
  before(async () => {
    double = await startPublisherDouble();
    store = await openTestStore('sqlite');
    for (const [url, response] of workingFuturesRoutes())
      double.publish(url, { body: Buffer.from(bodyOf(response)), contentType: response.contentType });
  });
  after(async () => {
    await double.stop();
    await store.dispose();
  });

  it('publishes the workbook fetched from the link, labelled from its Info sheet', async () => {
    const [result] = await ingestFromDouble(double, { store, sources: [workingFuturesUkSource] });
    assert.equal(result!.outcome, 'published');
    const edition = (await listCurrentEditions(store.db)).find((e) => e.sourceKey === 'working-futures-uk')!;
    assert.equal(edition.sourceUri, WORKBOOK);
    assert.match(edition.label, /^Working Futures 2017-2027: United Kingdom main tables \(SOC 2010 sub-major groups\)/);
  });
});
