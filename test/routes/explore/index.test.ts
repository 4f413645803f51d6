import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { EXPLORE_SECURITY_HEADERS } from '../../../src/explore/page.js';
import { SECTIONS } from '../../../src/explore/sections/index.js';
import { html } from '../../../src/html.js';
import { LIMITS } from '../../../src/ratelimit/policies.js';
import { buildTestApp, servedFromTemplate, type ServedApp } from '../../helpers/served-app.js';

/** The text of the first element matching an id, tags stripped (enough for the explorer's flat markup). */
function byId(markup: string, id: string): string {
  const start = markup.indexOf(`id="${id}"`);
  assert.ok(start >= 0, `no element #${id}`);
  return markup.slice(
    start,
    markup.indexOf('</section>', start) >= 0 ? markup.indexOf('</section>', start) : undefined,
  );
}

describe('the web explorer (/explore) over the template data', () => {
  let served: ServedApp;
  const open = (url: string) => served.app.inject({ url });
  before(async () => {
    served = await servedFromTemplate('sqlite');
    // Upstream text with markup in it, to see that every page escapes it.
    await served.store.db
      .updateTable('soc_descriptions')
      .set({ description: '<script>alert("x")</script> & <b>bold</b>' })
      .where('code', '=', '2134')
      .execute();
  });
  after(async () => served.close());

  it('searches a job title without a key, and links each match to its occupation', async () => {
    const response = await open('/explore?q=software+developer');
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/html/);
    const first = /<ol class="matches"><li><a href="\/explore\/occupations\/(\d{4})">/.exec(response.body);
    assert.equal(first?.[1], '2134');
    assert.match(response.body, /job title “Software developer”/);
    assert.match(response.body, /<input id="q" name="q" type="search" value="software developer"/);
  });

  it('sets a strict Content-Security-Policy and carries no script, and no key anywhere', async () => {
    for (const url of [
      '/explore',
      '/explore?q=nurse',
      '/explore/occupations/2134',
      '/explore/occupations/9999',
      '/explore/downloads',
    ]) {
      const response = await open(url);
      for (const [name, value] of Object.entries(EXPLORE_SECURITY_HEADERS))
        assert.equal(response.headers[name], value, `${name} of ${url}`);
      assert.doesNotMatch(response.body, /<script|\son[a-z]+=|javascript:/i, url);
      assert.ok(!response.body.includes(served.key), url);
    }
    assert.match(EXPLORE_SECURITY_HEADERS['content-security-policy'], /default-src 'none'/);
    assert.doesNotMatch(EXPLORE_SECURITY_HEADERS['content-security-policy'], /unsafe-inline|unsafe-eval|script-src/);
  });

  it('escapes upstream text', async () => {
    const body = (await open('/explore/occupations/2134')).body;
    assert.ok(body.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;'));
    assert.ok(!body.includes('<b>bold</b>'));
  });

  it("shows the pay API's median in the pay chart and its table, with quality, release and credit", async () => {
    const pay = (await served.get('/v1/occupations/2134/pay')).json<{
      distribution: { median: number };
      quality: string;
      provenance: { edition: string };
    }>();
    const body = (await open('/explore/occupations/2134')).body;
    const section = byId(body, 'pay');
    const median = `£${pay.distribution.median.toLocaleString('en-GB')}`;
    assert.match(
      section,
      new RegExp(`<svg class="chart" id="pay-distribution-chart"[^>]* data-median="${pay.distribution.median}"`),
    );
    assert.ok(section.includes(`>Median ${median}</text>`));
    assert.ok(section.includes(`<th scope="row">Median (50th)</th><td><span class="figure">${median}</span>`));
    // Quality in a reader's words beside the figure; the publisher's band one click away.
    const words = { precise: 'precise', reasonable: 'reliable', acceptable: 'rough: use with care' }[pay.quality];
    assert.ok(words, pay.quality);
    assert.ok(section.includes(`</strong> <span class="quality quality-${pay.quality}">${words}</span></p>`));
    const details = section.slice(section.indexOf('<details class="release">'));
    assert.ok(details.includes(`<code>${pay.quality}</code> (${words})`));
    assert.ok(!section.includes('title="quality band"'));
    assert.ok(section.includes(`<strong>Release:</strong> ${pay.provenance.edition}`));
    const credit = served.services.sources.profile('ashe-table14').attribution;
    assert.ok(section.includes(`<p class="attribution">${credit}</p>`), credit);
  });

  it('writes withheld figures as withheld, never as a number or zero', async () => {
    const pay = (await served.get('/v1/occupations/1111/pay')).json<{ distribution: Record<string, number | null> }>();
    assert.equal(pay.distribution.p90, null);
    const section = byId((await open('/explore/occupations/1111')).body, 'pay');
    assert.match(
      section,
      /<th scope="row">90th percentile<\/th><td><span class="withheld" title="withheld by the publisher">withheld<\/span>/,
    );
    // The employment series (one estimate: the Nomis counts) is written point for point, a withheld one as withheld.
    const series = (await served.get('/v1/occupations/2134/employment')).json<{
      series: Array<{ period: string; count: number | null }>;
    }>().series;
    assert.ok(series.length > 0);
    const employment = byId((await open('/explore/occupations/2134')).body, 'employment');
    for (const point of series)
      assert.match(
        employment,
        new RegExp(
          `<th scope="row">${point.period}</th><td><span class="${point.count === null ? 'withheld' : 'figure'}"`,
        ),
      );
  });

  it('shows every section, and in place of one without figures what the API says', async () => {
    const body = (await open('/explore/occupations/2134')).body;
    const sections = [
      'pay',
      'employment',
      'projections',
      'routes-in',
      'vacancies',
      'demand',
      'job-adverts',
      'skills',
      'work-profile',
      'moves',
      'visas',
    ];
    for (const id of ['about', ...sections]) assert.match(body, new RegExp(`<section id="${id}"`));
    assert.deepEqual(
      SECTIONS.map((part) => part.id),
      sections,
    );
    const document = (await open('/v1/openapi.json')).json<{ paths: Record<string, unknown> }>();
    for (const part of SECTIONS) {
      for (const path of part.api) {
        assert.ok(path in document.paths, `${part.id} names ${path}, which the API does not have`);
        assert.ok(byId(body, part.id).includes(`<code>GET ${path.replace('{soc}', '2134')}</code>`));
      }
    }
    // No job advert release in the template: the section says what the API says.
    const adverts = (await served.get('/v1/occupations/2134/job-adverts')).json<{ detail: string }>();
    assert.ok(byId(body, 'job-adverts').includes('<strong>Not available.</strong>'), adverts.detail);
    // 2134 has a work profile since O*NET's 2010 to 2019 crosswalk is followed; 9222 street cleaners has none.
    const cleaners = (await open('/explore/occupations/9222')).body;
    const problem = (await served.get('/v1/occupations/9222/work-profile')).json<{ detail: string }>();
    assert.ok(
      byId(cleaners, 'work-profile').includes('<strong>Not available.</strong> No work profile for 9222'),
      problem.detail,
    );
  });

  it("keeps each section's derivation one click away, in its source's details, as the API words it", async () => {
    const body = (await open('/explore/occupations/2134')).body;
    const derivations = [...body.matchAll(/<p class="derivation">([\s\S]*?)<\/p>/g)];
    assert.ok(derivations.length >= 5, `${derivations.length} derivations on the page`);
    for (const found of derivations) {
      const before = body.slice(0, found.index);
      const inDetails = before.lastIndexOf('<details') > before.lastIndexOf('</details>');
      // The one exception is the moves table's key: what "closeness" means, needed to read the table.
      if (!inDetails) assert.match(found[1]!, /^Closeness is/, 'a derivation shown outside the details');
    }
    const skills = (await served.get('/v1/occupations/2134/skills')).json<{ derivation: string }>();
    const skillsPart = byId(body, 'skills');
    const at = skillsPart.indexOf('<p class="derivation">');
    assert.ok(at > skillsPart.indexOf('<summary>About these figures</summary>'), 'after the summary');
    assert.ok(skillsPart.includes(html`${skills.derivation}`.markup), "the API's words");
  });

  it('shows projections for the UK and England as the API gives them, with the required citation', async () => {
    const section = byId((await open('/explore/occupations/2134')).body, 'projections');
    for (const area of ['uk', 'england']) {
      const response = await served.get(`/v1/occupations/2134/projections?area=${area}`);
      if (response.statusCode === 404) {
        assert.ok(
          section.includes(
            response
              .json<{ detail: string }>()
              .detail.replace(/&/g, '&amp;')
              .replace(/"/g, '&quot;')
              .replace(/'/g, '&#39;'),
          ),
          `${area}: the API's reason`,
        );
        continue;
      }
      const p = response.json<{
        group: { code: string };
        outlook: { baseYear: number; targetYear: number; presentable: boolean; netChange: number | null };
        citation: string;
      }>();
      assert.ok(section.includes(`sub-major group ${p.group.code} `), area);
      assert.ok(section.includes(`<th scope="row">Jobs in ${p.outlook.baseYear}</th>`));
      assert.ok(
        section.includes(
          `<p class="citation"><strong>Cite as:</strong> ${p.citation.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')}</p>`,
        ),
        `${area}: citation`,
      );
      assert.match(section, new RegExp(`<svg class="chart" id="projections-${area}-chart"`));
    }
  });

  it('shows routes in: the how-to-become profiles and apprenticeship standards the API gives, with their credit', async () => {
    const profiles = (await served.get('/v1/occupations/2134/how-to-become')).json<{
      profiles: Array<{ title: string; url: string }>;
      attribution: string;
    }>();
    const standards = (await served.get('/v1/occupations/2134/apprenticeships')).json<{
      occupations: Array<{ code: string; name: string }>;
      apprenticeshipsAvailable: number | null;
      attribution: string;
    }>();
    const routes = byId((await open('/explore/occupations/2134')).body, 'routes-in');
    assert.ok(profiles.profiles.length > 0 && standards.occupations.length > 0);
    const first = profiles.profiles[0]!;
    assert.ok(routes.includes(`<h4><a href="${first.url}" rel="noopener noreferrer">${first.title}</a>`), first.title);
    assert.ok(routes.includes(`>${standards.occupations[0]!.code} ${standards.occupations[0]!.name}</a>`));
    for (const credit of [profiles.attribution, standards.attribution])
      assert.ok(routes.includes(`<p class="attribution">${credit}</p>`), credit);
    // The count the API gives (over the standards related directly), or that it is not known: never a 0 in its place.
    if (standards.apprenticeshipsAvailable === null)
      assert.ok(routes.includes('How many apprenticeships and T Levels lead here is not known'));
    else assert.ok(routes.includes(`Approved apprenticeships: <strong>${standards.apprenticeshipsAvailable}</strong>`));
  });

  it('lists the downloadable editions with the files /v1/bulk lists, and links the change feed', async () => {
    const response = await open('/explore/downloads');
    assert.equal(response.statusCode, 200);
    const { sources } = (await served.get('/v1/bulk')).json<{
      sources: Array<{ available: boolean; editions: Array<{ csv: string; jsonl: string; rows: number }> }>;
    }>();
    const files = sources.flatMap((s) => s.editions.flatMap((e) => [e.csv, e.jsonl]));
    assert.ok(files.length >= 10);
    // Each through the explorer's keyless path, which answers a browser with the same file.
    for (const file of files)
      assert.ok(response.body.includes(`href="${file.replace(/^.*?\/v1\/bulk\//, '/explore/downloads/')}"`), file);
    const first = new URL(files[0]!).pathname;
    const keyless = await open(first.replace('/v1/bulk/', '/explore/downloads/'));
    assert.equal(keyless.statusCode, 200);
    assert.equal(keyless.body, (await served.get(first)).body);
    assert.match(response.body, /href="\/v1\/meta\/changes\.atom"/);
    assert.match(response.body, /No bulk files for: [^<]*soc-crosswalk/);
    assert.match((await open('/explore')).body, /href="\/explore\/downloads"/);
  });

  it('cuts the search to its credible answers, and offers the near misses as "did you mean"', async () => {
    const matches = await served.services.occupations.search('care worker', 20);
    const body = (await open('/explore?q=care+worker')).body;
    const listed = [...body.matchAll(/<li><a href="\/explore\/occupations\/(\d{4})">/g)].map((m) => m[1]);
    assert.deepEqual(
      listed,
      matches.filter((m) => m.matchType === 'exact' || m.confidence >= 0.5).map((m) => m.soc2020),
    );
    assert.ok(listed.includes('6135') && listed.length < matches.length);
    // The first answer below the cut (0.15 to 0.5) is not listed, and is offered as a near miss.
    const nearMiss = matches.find((m) => !listed.includes(m.soc2020) && m.confidence >= 0.15);
    assert.ok(nearMiss, 'some answer falls below the cut');
    const did = /class="did-you-mean">Not what you meant\? Try: (.*?)\?<\/p>/.exec(body)?.[1] ?? '';
    assert.ok(did.includes(`>${html`${nearMiss.matchedTitle}`.markup}</a>`), did);
  });

  it('compares up to three jobs with the figures the API serves, and refuses a fourth or a bad code', async () => {
    const body = (await open('/explore/compare?codes=2134,6135')).body;
    const pay = (await served.get('/v1/occupations/2134/pay')).json<{ distribution: { median: number } }>();
    assert.ok(body.includes(`£${pay.distribution.median.toLocaleString('en-GB')} a year`));
    const employment = (await served.get('/v1/occupations/6135/employment')).json<{ employment: { count: number } }>();
    const magnitude = 10 ** (Math.floor(Math.log10(employment.employment.count)) - 2);
    const about = (Math.round(employment.employment.count / magnitude) * magnitude).toLocaleString('en-GB');
    assert.ok(body.includes(`about ${about}`), about);
    assert.match(
      body,
      /<pre><code>&lt;iframe src=&quot;http:\/\/localhost:8080\/embed\/compare\?codes=2134,6135&quot;/,
    );
    const typed = (await open('/explore/compare?job=software+developer&job=plumber')).body;
    assert.match(typed, /Software developer|Programmers and software development professionals \(SOC 2134\)/);
    assert.match(typed, /href="\/explore\/occupations\/5315"/);
    assert.equal((await open('/explore/compare?codes=2134,6135,2237,5315')).statusCode, 400);
    assert.equal((await open('/explore/compare?codes=21x4')).statusCode, 400);
    const missing = await open('/explore/compare?codes=9999');
    assert.equal(missing.statusCode, 404);
    assert.match(missing.body, /9999/);
  });

  it('lets any site frame the widget, caches it, and limits it per client by its own policy', async () => {
    const widget = await open('/embed/compare?codes=2134,6135');
    assert.equal(widget.statusCode, 200);
    assert.match(String(widget.headers['content-security-policy']), /frame-ancestors \*;/);
    assert.equal(widget.headers['x-frame-options'], undefined);
    assert.equal(widget.headers['ratelimit-policy'], `"embed";q=${LIMITS.embed.limit};w=${LIMITS.embed.windowSeconds}`);
    assert.match(String(widget.headers['cache-control']), /^public, max-age=\d+/);
    const etag = String(widget.headers.etag);
    assert.equal(
      (await served.app.inject({ url: '/embed/compare?codes=2134,6135', headers: { 'if-none-match': etag } }))
        .statusCode,
      304,
    );
    assert.match(widget.body, /<base target="_blank">/);
    assert.match(widget.body, /href="http:\/\/localhost:8080\/explore\/compare\?codes=2134,6135"/);
    assert.doesNotMatch(widget.body, /<script/i);
    const restricted = await buildTestApp(served.store, { embedFrameAncestors: 'https://school.example' });
    const framed = await restricted.app.inject({ url: '/embed/compare?codes=2134' });
    assert.match(String(framed.headers['content-security-policy']), /frame-ancestors https:\/\/school\.example;/);
    await restricted.app.close();
  });

  it('renders a method page as HTML to a browser and as Markdown to anything else', async () => {
    const page = await served.app.inject({ url: '/docs/methods/vacancies.md', headers: { accept: 'text/html' } });
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(page.body, /<article class="method"><h1[^>]*>/);
    assert.doesNotMatch(page.body, /href="\/bench\//);
    const markdown = await served.app.inject({ url: '/docs/methods/vacancies.md' });
    assert.match(String(markdown.headers['content-type']), /^text\/markdown/);
  });

  it('answers an unknown occupation with a 404 page', async () => {
    const response = await open('/explore/occupations/9999');
    assert.equal(response.statusCode, 404);
    assert.match(response.body, /<h1>No such occupation<\/h1>/);
  });

  it('is limited per client address by its own policy, and its assets are served from here', async () => {
    const response = await open('/explore');
    assert.equal(
      response.headers['ratelimit-policy'],
      `"explore";q=${LIMITS.explore.limit};w=${LIMITS.explore.windowSeconds}`,
    );
    const css = await open('/explore/explore.css');
    assert.equal(css.statusCode, 200);
    assert.match(String(css.headers['content-type']), /^text\/css/);
    assert.equal((await open('/explore/icon.svg')).headers['content-type'], 'image/svg+xml');
  });
});
