import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createHash } from 'node:crypto';
import { publisherReach } from '../../../../../src/domain/sources.js';
import { socCrosswalkSource } from '../../../../../src/ingest/sources/ons/soc-crosswalk/descriptor.js';
import type { UpstreamFile } from '../../../../../src/ingest/upstream.js';
import { RELATIONSHIP_PAGE, relationshipRoutes } from '../../../../helpers/publisher-double/routes-ons.js';
import { bodyOf, html, routeContext, routeKey, routes } from '../../../../helpers/publisher-double/routes.js';
import { relationshipWorkbook } from '../../../../helpers/relationship-workbook.js';

const PAGE = `https://www.ons.gov.uk${RELATIONSHIP_PAGE}`;
const FILE = (name: string) => `https://www.ons.gov.uk/file?uri=${RELATIONSHIP_PAGE}/${name}`;
const upstreamFile = (uri: string, bytes: Uint8Array): UpstreamFile => ({
  uri,
  bytes,
  sha256: createHash('sha256').update(bytes).digest('hex'),
});

describe("SOC 2010 / SOC 2020 relationship tables at ONS: read from ONS's own workbook", () => {
  it('reads the workbook the relationship page links, and finds the unit-group table in it', async () => {
    const table = routes(relationshipRoutes());
    const context = routeContext('soc-crosswalk', table);
    const { releases, found } = await socCrosswalkSource.discover!(context);
    assert.equal(found, undefined);
    assert.equal(releases.length, 1);
    const [release] = releases;
    assert.equal(
      release!.label,
      'SOC 2010 to SOC 2020 relationship tables, ONS: soc2010soc2020relationshiptables16042025.xlsx (16 April 2025)',
    );
    assert.equal(release!.location.url, FILE('soc2010soc2020relationshiptables16042025.xlsx'));
    assert.equal(release!.releasedAt, '2025-04-16');
    assert.ok(
      context.log.every((url) => !url.includes('/file?')),
      'discovery requests no data file (the pipeline downloads it)',
    );
    assert.equal(publisherReach(socCrosswalkSource), 'read');

    const bytes = bodyOf(table.get(routeKey(release!.location.url))!);
    const crosswalk = await socCrosswalkSource.parse(upstreamFile(release!.location.url, bytes), release!, []);
    assert.equal(crosswalk.bases.length, 369);
    assert.deepEqual(socCrosswalkSource.check(crosswalk, release!), []);
  });

  it('the newest dated workbook leads; the others are companions, searched in turn', async () => {
    const table = routes(
      relationshipRoutes(
        [
          'soc2010soc2020relationshiptables16042025.xlsx',
          'soc2010soc2020relationshiptables20260827.xlsx',
          'soc2020userguide.pdf',
        ],
        relationshipWorkbook(),
      ),
    );
    const [release] = (await socCrosswalkSource.discover!(routeContext('soc-crosswalk', table))).releases;
    assert.equal(release!.location.url, FILE('soc2010soc2020relationshiptables20260827.xlsx'));
    assert.deepEqual(
      release!.companions!.map((c) => c.url),
      [FILE('soc2010soc2020relationshiptables16042025.xlsx')],
    );
    assert.equal(release!.releasedAt, '2026-08-27');

    // A newest workbook without the table (here, a contents sheet only) gives way to the next.
    const { utils, write } = await import('@e965/xlsx');
    const book = utils.book_new();
    utils.book_append_sheet(book, utils.aoa_to_sheet([['Contents']]), 'Contents');
    const contentsOnly = new Uint8Array(write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const parsed = await socCrosswalkSource.parse(upstreamFile(release!.location.url, contentsOnly), release!, [
      upstreamFile(release!.companions![0]!.url, relationshipWorkbook({ shares: 'proportion' })),
    ]);
    assert.equal(parsed.bases.length, 369);
    await assert.rejects(
      socCrosswalkSource.parse(upstreamFile(release!.location.url, contentsOnly), release!, []),
      /no workbook holds the unit-group table from SOC 2010 to SOC 2020 \(soc2010soc2020relationshiptables20260827\.xlsx: sheet "Contents" has no header row naming SOC 2010 and SOC 2020\)/,
    );
  });

  it('a page that links no workbook fails this source, naming the page', async () => {
    const table = routes([[PAGE, html('<html><body><a href="/file?uri=/x/guide.pdf">Guide</a></body></html>')]]);
    await assert.rejects(socCrosswalkSource.discover!(routeContext('soc-crosswalk', table)), /links no workbook/);
    await assert.rejects(socCrosswalkSource.discover!(routeContext('soc-crosswalk', routes())), /could not be read/);
  });
});
