import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { zipSync } from 'fflate';
import type { AnySourceDescriptor } from '../../../../src/ingest/source.js';
import { iscoUsSocCrosswalkSource } from '../../../../src/ingest/sources/bls/isco-us-soc-crosswalk/descriptor.js';
import { onetAbilitiesSource } from '../../../../src/ingest/sources/onet/onet-abilities/descriptor.js';
import { onetInterestsSource } from '../../../../src/ingest/sources/onet/onet-interests/descriptor.js';
import { onetOccupationsSource } from '../../../../src/ingest/sources/onet/onet-occupations/descriptor.js';
import { packageEntryBytes } from '../../../../src/ingest/sources/package-entry.js';
import { onetSoc2010CrosswalkSource } from '../../../../src/ingest/sources/onet/onet-soc-2010-crosswalk/descriptor.js';
import { onetSoc2018CrosswalkSource } from '../../../../src/ingest/sources/onet/onet-soc-2018-crosswalk/descriptor.js';
import { onetSoc2019CrosswalkSource } from '../../../../src/ingest/sources/onet/onet-soc-2019-crosswalk/descriptor.js';
import { listCurrentEditions } from '../../../../src/store/editions.js';
import {
  BLS_CROSSWALK,
  ONET_TEXT_ZIP,
  onetRoutes,
  onetTextZip,
} from '../../../helpers/publisher-double/routes-onet.js';
import { bodyOf, html, routeContext, routes } from '../../../helpers/publisher-double/routes.js';
import { startPublisherDouble, type PublisherDouble } from '../../../helpers/publisher-double/server.js';
import { DIALECTS_ABOVE_STORE, openTestStore, type TestStore } from '../../../helpers/stores.js';
import { ingestFromDouble } from '../../../helpers/publisher-double/ingest.js';

const context = (key: string) => routeContext(key, routes(onetRoutes()));

describe('O*NET discovery (hand-written page forms: no page is recorded)', () => {
  it('the three database sources read their entry of the newest text zip the database page links', async () => {
    for (const [source, entry, renamed] of [
      [onetOccupationsSource, 'Occupation Data.txt'],
      [onetInterestsSource, 'Interests.txt', 'Career Interest Types.txt'],
      [onetAbilitiesSource, 'Abilities.txt'],
    ] as const) {
      const { releases } = await source.discover!(context(source.key));
      assert.equal(releases.length, 1);
      assert.deepEqual(releases[0]!.location, {
        mirrorPath: `onet/${entry}`,
        url: ONET_TEXT_ZIP,
        member: `db_30_3_text/${renamed ?? entry}`,
      });
      assert.match(releases[0]!.label, /^O\*NET 30\.3 Database: /);
      assert.equal(releases[0]!.fingerprint, ONET_TEXT_ZIP);
      assert.equal(source.tier, 'api');
    }
  });

  it('interests are read from Interests.txt before 30.3, from Career Interest Types.txt since', async () => {
    const member = async (links: string[]) => {
      const page = html(links.map((l) => `<a href="/dl_files/database/${l}">x</a>`).join(''));
      const table = routes([['https://www.onetcenter.org/database.html', page]]);
      return (await onetInterestsSource.discover!(routeContext('onet-interests', table))).releases[0]!.location.member;
    };
    assert.equal(await member(['db_30_2_text.zip']), 'db_30_2_text/Interests.txt');
    assert.equal(await member(['db_29_3_text.zip']), 'db_29_3_text/Interests.txt');
    assert.equal(await member(['db_30_3_text.zip']), 'db_30_3_text/Career Interest Types.txt');
    assert.equal(await member(['db_31_0_text.zip']), 'db_31_0_text/Career Interest Types.txt');
  });

  it('newest by (major, minor), not page order: 31.0 beats 30.10 beats 30.3', async () => {
    const page = (links: string[]) =>
      routeContext(
        'onet-occupations',
        routes([
          [
            'https://www.onetcenter.org/database.html',
            html(links.map((l) => `<a href="/dl_files/database/${l}">x</a>`).join('')),
          ],
        ]),
      );
    const newest = async (links: string[]) =>
      (await onetOccupationsSource.discover!(page(links))).releases[0]!.location.url.split('/').pop();
    assert.equal(await newest(['db_30_3_text.zip', 'db_30_10_text.zip', 'db_30_9_text.zip']), 'db_30_10_text.zip');
    assert.equal(await newest(['db_31_0_csv.zip', 'db_31_0_text.zip', 'db_30_10_text.zip']), 'db_31_0_text.zip');
    await assert.rejects(newest(['db_31_0_excel.zip']), /links no database text download/);
  });

  it('the taxonomy crosswalks follow their pages’ links, resolved against the page', async () => {
    const urls = await Promise.all(
      [onetSoc2019CrosswalkSource, onetSoc2018CrosswalkSource, onetSoc2010CrosswalkSource].map(
        async (s) => (await s.discover!(context(s.key))).releases[0]!.location,
      ),
    );
    assert.deepEqual(urls, [
      {
        mirrorPath: 'onet-taxonomy/2010_to_2019_Crosswalk.xlsx',
        url: 'https://www.onetcenter.org/taxonomy/2019/walk/2010_to_2019_Crosswalk.xlsx',
      },
      {
        mirrorPath: 'onet-taxonomy/2019_to_SOC_Crosswalk.xlsx',
        url: 'https://www.onetcenter.org/taxonomy/2019/walk/2019_to_SOC_Crosswalk.xlsx',
      },
      {
        mirrorPath: 'onet/ONET_to_US2010SOC.xlsx',
        url: 'https://www.onetcenter.org/taxonomy/2010/soc/ONET_to_US2010SOC.xlsx',
      },
    ]);
    assert.equal(onetSoc2019CrosswalkSource.tier, 'scrapeanddiff');
  });

  it('a renamed 2010 crosswalk is still found by its name’s pattern; a page without it is an error', async () => {
    const page = (href: string) =>
      routeContext(
        'onet-soc-2010-crosswalk',
        routes([['https://www.onetcenter.org/taxonomy/2010/soc.html', html(`<a href="${href}">x</a>`)]]),
      );
    const found = await onetSoc2010CrosswalkSource.discover!(page('/taxonomy/2010/soc/2010_to_SOC_Crosswalk.xls'));
    assert.equal(
      found.releases[0]!.location.url,
      'https://www.onetcenter.org/taxonomy/2010/soc/2010_to_SOC_Crosswalk.xls',
    );
    await assert.rejects(onetSoc2010CrosswalkSource.discover!(page('/report.pdf')), /links no ONET_to_US2010SOC\.xlsx/);
  });

  it('an entry is read from inside the zip; a zip without it is refused; a plain file passes through', () => {
    const zip = bodyOf(onetRoutes().find(([url]) => url === ONET_TEXT_ZIP)![1]);
    const text = new TextDecoder().decode(packageEntryBytes(zip, ['db_30_3_text/Occupation Data.txt'], 'zip'));
    assert.match(text, /^O\*NET-SOC Code\tTitle\tDescription/);
    assert.throws(
      () => packageEntryBytes(zip, ['db_30_3_text/Abilities.txt'], 'O*NET 30.3'),
      /package has no .*Abilities/,
    );
    const plain = new TextEncoder().encode('O*NET-SOC Code\tTitle');
    assert.equal(packageEntryBytes(plain, ['db_30_3_text/Occupation Data.txt'], 'x'), plain);
    const nested = zipSync({ 'x/db_30_3_text/Interests.txt': new TextEncoder().encode('i') });
    assert.equal(new TextDecoder().decode(packageEntryBytes(nested, ['db_30_3_text/Interests.txt'], 'x')), 'i');
  });

  it('BLS: the crosswalk at its fixed address, read with conditional GET', async () => {
    const { releases } = await iscoUsSocCrosswalkSource.discover!(context('isco-us-soc-crosswalk'));
    assert.equal(releases[0]!.location.url, BLS_CROSSWALK);
    assert.equal(iscoUsSocCrosswalkSource.tier, 'api');
  });
});

const HOUR = 3_600_000;

/**
 * Discovery, download and parse sit above the store: what O*NET and BLS stage is the same on both
 * dialects, which the template build shows on every run (the mirror's O*NET and BLS files into
 * SQLite and PostgreSQL through the same pipeline) and test/store/database.parity.test.ts compares
 * row by row; the fetch state a download through the double records is written and read on both
 * in test/ingest/publishers-pipeline.test.ts. So these run on `DIALECTS_ABOVE_STORE`.
 */
for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`O*NET and BLS read from the publisher double over HTTPS (${dialect})`, () => {
    let double: PublisherDouble;
    let store: TestStore;
    before(async () => {
      double = await startPublisherDouble();
      store = await openTestStore(dialect);
      for (const [url, response] of onetRoutes())
        double.publish(url, { body: Buffer.from(bodyOf(response)), contentType: response.contentType });
    });
    after(async () => {
      await double.stop();
      await store.dispose();
    });
    const ingest = (sources: AnySourceDescriptor[]) =>
      ingestFromDouble(double, { store, sources, refreshIntervalMs: 6 * HOUR });

    it('publishes Occupation Data and Interests from one download of the release zip, named by the release', async () => {
      const mark = double.log.length;
      const results = await ingest([onetOccupationsSource, onetInterestsSource]);
      assert.deepEqual(
        results.map((r) => [r.sourceKey, r.outcome]),
        [
          ['onet-occupations', 'published'],
          ['onet-interests', 'published'],
        ],
      );
      const current = await listCurrentEditions(store.db);
      const occupations = current.find((e) => e.sourceKey === 'onet-occupations')!;
      assert.equal(occupations.label, 'O*NET 30.3 Database: O*NET Occupation Data, 1,016 O*NET-SOC 2019 occupations');
      assert.equal(occupations.sourceUri, ONET_TEXT_ZIP);
      assert.match(
        current.find((e) => e.sourceKey === 'onet-interests')!.label,
        /^O\*NET 30\.3 Database: O\*NET Interests, 923 occupations/,
      );
      const zipGets = double.since(mark).filter((r) => r.path.endsWith('_text.zip') && r.status === 200);
      assert.ok(zipGets.length >= 1 && zipGets.length <= 2, `the zip was downloaded ${zipGets.length} times`);
    });

    it('BLS refusing (HTTP 403) is outcome refused, and the crosswalk read before keeps serving', async () => {
      const [first] = await ingest([iscoUsSocCrosswalkSource]);
      assert.equal(first!.outcome, 'published');
      const before = (await listCurrentEditions(store.db)).find((e) => e.sourceKey === 'isco-us-soc-crosswalk')!;
      double.refuse('www.bls.gov', 403);
      const [refused] = await ingest([iscoUsSocCrosswalkSource]);
      assert.equal(refused!.outcome, 'refused');
      assert.match(JSON.stringify(refused), /www\.bls\.gov refuses automated clients \(HTTP 403\)/);
      const after = (await listCurrentEditions(store.db)).find((e) => e.sourceKey === 'isco-us-soc-crosswalk')!;
      assert.equal(after.id, before.id);
    });
  });
}

/**
 * The first lines of a real Abilities.txt (30.1's layout: LAYOUTS.md Part 1 §5.1, from
 * `atharvshukla76/HCL-Hackathon-PathFinder` `data/onet/Abilities.txt` @ e3413be2323b). O*NET's
 * "File Structure Changes" list none from 28.3 to 30.1; no 31.0 file has been seen.
 */
const ABILITIES_30_1 = [
  'O*NET-SOC Code\tElement ID\tElement Name\tScale ID\tData Value\tN\tStandard Error\tLower CI Bound\tUpper CI Bound\tRecommend Suppress\tNot Relevant\tDate\tDomain Source',
  '11-1011.00\t1.A.1.a.1\tOral Comprehension\tIM\t4.62\t8\t0.1830\t4.2664\t4.9836\tN\tn/a\t08/2023\tAnalyst',
  '11-1011.00\t1.A.1.a.1\tOral Comprehension\tLV\t4.88\t8\t0.1250\t4.6300\t5.1200\tN\tN\t08/2023\tAnalyst',
  '11-1011.00\t1.A.2.a.2\tManual Dexterity\tLV\t0.00\t8\t0.0000\t0.0000\t0.0000\tN\tY\t08/2023\tAnalyst',
].join('\r\n');

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`O*NET 31.0 (August 2026), the newest database, read from the double (${dialect})`, () => {
    let double: PublisherDouble;
    let store: TestStore;
    const release31 = 'https://www.onetcenter.org/dl_files/database/db_31_0_text.zip';
    before(async () => {
      double = await startPublisherDouble();
      store = await openTestStore(dialect);
      const zip = onetTextZip('db_31_0_text', { 'Abilities.txt': new TextEncoder().encode(ABILITIES_30_1) });
      for (const [url, response] of onetRoutes(zip, '31_0'))
        double.publish(url, { body: Buffer.from(bodyOf(response)), contentType: response.contentType });
    });
    after(async () => {
      await double.stop();
      await store.dispose();
    });

    it('discovery picks db_31_0_text.zip over 30.x, and its three database files parse in the layouts read today', async () => {
      const sources = [onetOccupationsSource, onetInterestsSource, onetAbilitiesSource];
      const results = await ingestFromDouble(double, { store, sources, refreshIntervalMs: 6 * HOUR });
      assert.deepEqual(
        results.map((r) => [r.sourceKey, r.outcome, r.message]),
        sources.map((s) => [s.key, 'published', null]),
      );
      const current = (await listCurrentEditions(store.db)).filter((e) => sources.some((s) => s.key === e.sourceKey));
      assert.equal(current.length, 3);
      for (const edition of current) {
        assert.equal(edition.sourceUri, release31);
        assert.match(edition.label, /^O\*NET 31\.0 Database: /);
      }
    });
  });
}
