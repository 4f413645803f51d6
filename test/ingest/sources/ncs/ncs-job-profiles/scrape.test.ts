import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { DiscoveryContext } from '../../../../../src/ingest/discovery.js';
import { ingestSources } from '../../../../../src/ingest/pipeline.js';
import { discoveryContext } from '../../../../../src/ingest/publisher-reads.js';
import { checkJobProfiles } from '../../../../../src/ingest/sources/ncs/ncs-job-profiles/checks.js';
import { ncsJobProfilesSource } from '../../../../../src/ingest/sources/ncs/ncs-job-profiles/descriptor.js';
import { parseScrapedPages } from '../../../../../src/ingest/sources/ncs/ncs-job-profiles/pages.js';
import { parseJobProfiles } from '../../../../../src/ingest/sources/ncs/ncs-job-profiles/parse.js';
import {
  discoverJobProfiles,
  readSitemap,
  trimmed,
} from '../../../../../src/ingest/sources/ncs/ncs-job-profiles/scrape.js';
import { httpsUpstream, type Upstream } from '../../../../../src/ingest/upstream.js';
import type { AnySourceDescriptor } from '../../../../../src/ingest/source.js';
import { listEditions } from '../../../../../src/store/editions.js';
import {
  jobProfilePage,
  mirrorSlugs,
  NCS_SITEMAP,
  ncsRoutes,
  pageFromMirror,
  profileUrl,
  sitemapXml,
} from '../../../../helpers/publisher-double/routes-ncs.js';
import { bodyOf } from '../../../../helpers/publisher-double/routes.js';
import { startPublisherDouble, type PublisherDouble } from '../../../../helpers/publisher-double/server.js';
import { DIALECTS, openTestStore, type TestStore } from '../../../../helpers/stores.js';
import { upstreamPath } from '../../../../helpers/upstream.js';

const RETRIEVED = '2026-10-02T08:00:00.000Z';
const mirror = (name: string) => new Uint8Array(readFileSync(upstreamPath(`ncs-job-profiles/${name}`)));

/** A built file as the scrape writes it: the sitemap's slugs, then a line a page. */
function builtFile(slugs: string[], pages: Record<string, string | { failed: string }>): Uint8Array {
  const lines = [
    JSON.stringify({ sitemap: NCS_SITEMAP, slugs }),
    ...Object.entries(pages).map(([slug, page]) =>
      JSON.stringify(
        typeof page === 'string'
          ? { slug, url: profileUrl(slug), retrievedAt: RETRIEVED, html: trimmed(page) }
          : { slug, url: profileUrl(slug), ...page },
      ),
    ),
  ];
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

describe('NCS job-profile pages (written in the layout of DfE views and a 2026 scraper: no page is recorded)', () => {
  const slugs = mirrorSlugs();
  const fromPages = parseScrapedPages(
    builtFile(slugs, {
      'software-developer': jobProfilePage(pageFromMirror('software-developer')),
      nurse: jobProfilePage(pageFromMirror('nurse')),
    }),
  );
  const fromMirror = parseJobProfiles(mirror('ncs-profiles.json'), mirror('ncs-job-profile-slugs.json'));

  it('reads what the mirror path reads of the same pages, by section ids and headings', () => {
    assert.equal(fromPages.liveSlugs.length, 737);
    for (const slug of ['software-developer', 'nurse']) {
      const page = fromPages.profiles.find((p) => p.slug === slug)!;
      const earlier = fromMirror.profiles.find((p) => p.slug === slug)!;
      for (const field of ['title', 'alternativeTitles', 'routesIntro', 'routesListed', 'requirements', 'url'] as const)
        assert.deepEqual(page[field], earlier[field], `${slug}: ${field}`);
      assert.deepEqual(
        page.routes.map((r) => [r.kind, r.blocks.map((b) => b.heading)]),
        earlier.routes.map((r) => [r.kind, r.blocks.map((b) => b.heading)]),
        `${slug}: routes and their blocks`,
      );
      assert.equal(page.retrievedAt, RETRIEVED);
    }
    const developer = fromPages.profiles.find((p) => p.slug === 'software-developer')!;
    assert.deepEqual(developer.routes[1]!.blocks[0]!.parts, [
      {
        text: null,
        items: ['4 or 5 GCSEs at grades 9 to 4 (A* to C), or equivalent, including English and maths for a T Level'],
      },
    ]);
    assert.equal(
      developer.routes.at(-1)!.blocks[0]!.parts[0]!.text!.slice(0, 40),
      'You could build up your skills and knowl',
    );
    assert.deepEqual(fromPages.pagesLeftOut, [], 'a listed page the file has no line for is not one left out');
  });

  it('names the apprenticeships an Apprenticeship section lists or names in its text', () => {
    const page = jobProfilePage({
      title: 'Software developer',
      sections: {
        Apprenticeship: {
          text: 'You could do a Software Developer Level 4 Higher Apprenticeship or a Game Programmer Level 7 Degree Apprenticeship.',
          requirements: ['5 GCSEs at grades 9 to 4'],
        },
      },
    });
    const [profile] = parseScrapedPages(builtFile(['software-developer'], { 'software-developer': page })).profiles;
    assert.deepEqual(profile!.apprenticeshipsNamed, [
      'Software Developer Level 4 Higher Apprenticeship',
      'Game Programmer Level 7 Degree Apprenticeship',
    ]);
  });

  it('leaves out a page in a layout it does not know; more than 5% of the listed pages fails the release', () => {
    const odd = '<html><body><h1>Software developer</h1><p>This page has moved.</p></body></html>';
    const listed = slugs.slice(0, 40);
    const pages = Object.fromEntries(
      listed.map((slug, i) => [
        slug,
        i < 2 ? odd : jobProfilePage({ title: `Job ${i}`, routesListed: ['a college course'] }),
      ]),
    );
    const two = parseScrapedPages(builtFile(listed, pages));
    assert.equal(two.profiles.length, 38);
    assert.deepEqual(
      two.pagesLeftOut!.map((p) => [p.slug, p.why, p.detail]),
      listed.slice(0, 2).map((slug) => [slug, 'layout', 'no "How to become" section (id HowToBecome)']),
    );
    const layoutCheck = (release: typeof two) =>
      checkJobProfiles(release).find((c) => c.rule.includes('in a layout the parser does not recognise'));
    assert.equal(layoutCheck(two)?.status, 'warn', '2 of 40 is 5%: named, not failed');
    const three = parseScrapedPages(builtFile(listed, { ...pages, [listed[2]!]: odd }));
    assert.equal(layoutCheck(three)?.status, 'fail');
    assert.match(layoutCheck(three)!.observed ?? '', /^3 of 40 left out: /);
    assert.throws(
      () => parseScrapedPages(builtFile(listed.slice(0, 1), { [listed[0]!]: odd })),
      /no page was retrieved/,
    );
  });

  it('reads a sitemap or a sitemap index, and says what else a document is', () => {
    assert.deepEqual(readSitemap(sitemapXml([profileUrl('nurse'), 'https://x.test/a?b=1&amp;c=2'])), {
      root: 'urlset',
      locs: [profileUrl('nurse'), 'https://x.test/a?b=1&c=2'],
    });
    const index = `<?xml version="1.0"?><sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc> ${NCS_SITEMAP} </sm:loc></sm:sitemap></sm:sitemapindex>`;
    assert.deepEqual(readSitemap(index), { root: 'sitemapindex', locs: [NCS_SITEMAP] });
    assert.equal(readSitemap('<!DOCTYPE html><html><body>Not found</body></html>').root, 'html');
  });
});

describe('NCS job profiles scraped through the HTTPS publisher double', () => {
  let double: PublisherDouble;
  let upstream: Upstream;
  const work = mkdtempSync(path.join(tmpdir(), 'lmi-ncs-'));
  const few = ['software-developer', 'nurse', 'gone-profile'];
  const context = async (ncsIntervalMs: number): Promise<DiscoveryContext> =>
    (await discoveryContext(upstream.fetcher!, 'ncs-job-profiles', work, { escoPackage: null, ncsIntervalMs })).context;
  before(async () => {
    double = await startPublisherDouble();
    upstream = httpsUpstream({ ca: double.certificates.caPem, connectTo: double.connectTo, retries: 0 });
    let reads = 0;
    // The sitemap lists a different part of the profiles on each read, as the 2026 retrieval saw.
    double.route(NCS_SITEMAP, (_request, response) => {
      const listed = reads++ % 2 === 0 ? few.slice(0, 2) : few.slice(1);
      response.writeHead(200, { 'content-type': 'application/xml' }).end(sitemapXml(listed.map(profileUrl)));
    });
    for (const slug of few.slice(0, 2))
      double.publish(profileUrl(slug), { body: jobProfilePage(pageFromMirror(slug)), contentType: 'text/html' });
  });
  after(async () => {
    await upstream.close?.();
    await double.stop();
  });

  it('takes the union of three sitemap reads, then reads each page spaced by the interval; a 404 is recorded and skipped', async () => {
    const mark = double.log.length;
    const { releases } = await discoverJobProfiles(await context(50));
    const requests = double.since(mark);
    assert.deepEqual(
      requests.map((r) => [r.path, r.status]),
      [
        ['/explore-careers/sitemap.xml', 200],
        ['/explore-careers/sitemap.xml', 200],
        ['/explore-careers/sitemap.xml', 200],
        ['/job-profiles/gone-profile', 404],
        ['/job-profiles/nurse', 200],
        ['/job-profiles/software-developer', 200],
      ],
    );
    for (const [i, request] of requests.entries())
      if (i > 0)
        assert.ok(
          request.at - requests[i - 1]!.at >= 50,
          `request ${i} came ${request.at - requests[i - 1]!.at} ms after the one before`,
        );
    assert.ok(requests.every((r) => r.userAgent?.startsWith('uk-lmi')));
    const [release] = releases;
    assert.equal(release!.label, 'National Careers Service job profiles, 2 of 3 pages the sitemap lists');
    const parsed = parseScrapedPages(new Uint8Array(readFileSync(release!.location.builtPath!)));
    assert.deepEqual(
      parsed.profiles.map((p) => p.title),
      ['Nurse', 'Software developer'],
    );
    assert.deepEqual(
      parsed.pagesLeftOut!.map((p) => [p.slug, p.why]),
      [['gone-profile', 'gone']],
    );
    assert.match(parsed.pagesLeftOut![0]!.detail, /answered HTTP 404/);
    // The site said the page is gone: recorded, so the profile leaves on its own page's word.
    assert.deepEqual(parsed.pageOutcomes, [{ slug: 'gone-profile', outcome: 'gone', movedTo: null }]);
  });

  it('fingerprints the pages: the same for an unchanged site, new when a page changes', async () => {
    const fingerprint = async () => (await discoverJobProfiles(await context(1))).releases[0]!.fingerprint;
    const first = await fingerprint();
    assert.equal(await fingerprint(), first);
    double.publish(profileUrl('nurse'), {
      body: jobProfilePage({ ...pageFromMirror('nurse'), alternativeTitles: ['Registered nurse'] }),
      contentType: 'text/html',
    });
    assert.notEqual(await fingerprint(), first);
  });

  it('fails a scrape that runs over its time budget, and a sitemap that cannot be read', async () => {
    await assert.rejects(
      discoverJobProfiles(await context(1), { budgetMs: 0 }),
      /ran over its time budget of 0 s after 0 of 3 pages; nothing of it is read/,
    );
    double.withdraw(NCS_SITEMAP);
    await assert.rejects(discoverJobProfiles(await context(1)), /sitemap\.xml answered HTTP 404/);
  });
});

for (const dialect of DIALECTS) {
  describe(`NCS job profiles from the site through the pipeline (${dialect})`, () => {
    let double: PublisherDouble;
    let store: TestStore;
    before(async () => {
      double = await startPublisherDouble();
      store = await openTestStore(dialect);
      // A short sitemap (the whole one is 737 pages, too slow for a unit test): read and checked
      // like any, it is held back by the check that the sitemap lists at least 600 profiles.
      for (const [url, response] of ncsRoutes())
        if (url !== NCS_SITEMAP)
          double.publish(url, { body: Buffer.from(bodyOf(response)), contentType: response.contentType });
      const listed = ['software-developer', 'nurse', 'gone-profile'].map(profileUrl);
      double.publish(NCS_SITEMAP, { body: sitemapXml(listed), contentType: 'application/xml' });
    });
    after(async () => {
      await double.stop();
      await store.dispose();
    });
    const ingest = async (source: AnySourceDescriptor = ncsJobProfilesSource) => {
      const upstream = httpsUpstream({ ca: double.certificates.caPem, connectTo: double.connectTo, retries: 0 });
      try {
        return await ingestSources({
          store,
          upstream,
          sources: [source],
          discovery: { escoPackage: null, ncsIntervalMs: 0 },
          workDir: mkdtempSync(path.join(tmpdir(), 'lmi-ncs-run-')),
        });
      } finally {
        await upstream.close?.();
      }
    };

    it('reads the scrape in the parse worker and checks it; the same site again is not read again', async () => {
      const [first] = await ingest();
      assert.equal(first!.outcome, 'quarantined', JSON.stringify(first));
      assert.deepEqual(
        first!.releases[0]!.checks.map((c) => [c.rule, c.status, c.observed?.slice(0, 40) ?? null]),
        [
          ['at least 600 slugs in the sitemap', 'fail', '3'],
          [
            'every listed page there (the site answers 404 or its missing-profile page for these: they are served as gone)',
            'warn',
            '1 of 3 left out: gone-profile (https://n',
          ],
        ],
      );
      const [again] = await ingest();
      assert.equal(again!.outcome, 'unchanged');
      assert.equal((await listEditions(store.db, 'ncs-job-profiles')).length, 1);
    });

    it('a scrape over its time budget fails this source, with the reason', async () => {
      const [result] = await ingest({
        ...ncsJobProfilesSource,
        discover: (c) => discoverJobProfiles(c, { budgetMs: 0 }),
      });
      assert.equal(result!.outcome, 'failed');
      assert.match(result!.message!, /ran over its time budget/);
    });
  });
}
