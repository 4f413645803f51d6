import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appForSuite } from '../../../helpers/composition-root.js';

/** The sentences of a text: split after . ! or ? where the next word starts a sentence ("n.e.c." does not end one). */
const sentences = (text: string) =>
  text.split(/(?<!(?:^|[\s.])[a-z]\.)(?<=[.!?])\s+(?=[A-Z0-9"(])/).filter((s) => s.trim() !== '');

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');

/** Every `derivation` or `skillsDerivation` string in a response, at any depth. */
function derivationsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) derivationsIn(item, found);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      if ((key === 'derivation' || key === 'skillsDerivation') && typeof inner === 'string') found.push(inner);
      else derivationsIn(inner, found);
    }
  return found;
}

/**
 * Every route with a `derivation`, over every sixth occupation of the template database (the real
 * mirror): each derivation is at most two plain sentences, and `method` is a served docs page with
 * the heading it names.
 */
describe("a careful reader's sweep of the derivations (sqlite)", () => {
  const served = appForSuite('sqlite');

  it('says what the figures are in at most two sentences and links the method to a docs heading', async () => {
    const codes = (await served.get('/v1/occupations')).json<Array<{ soc2020: string }>>().map((o) => o.soc2020);
    const sample = codes.filter((_, i) => i % 6 === 0);
    const pages = new Map<string, string>();
    const seen = new Map<string, number>();
    for (const [i, soc] of sample.entries()) {
      const other = sample[(i + 1) % sample.length]!;
      for (const path of [
        'skills',
        'work-profile',
        'how-to-become',
        'apprenticeships',
        'vacancies',
        'projections?area=uk',
        'projections?area=england',
        'moves',
        `compare/${other}`,
      ]) {
        const res = await served.get(`/v1/occupations/${soc}/${path}`);
        if (res.statusCode !== 200) continue;
        const body = res.json<Record<string, unknown>>();
        const derivations = derivationsIn(body);
        if (derivations.length === 0 && !('method' in body)) continue;
        seen.set(path.replace(/[?/].*/, ''), (seen.get(path.replace(/[?/].*/, '')) ?? 0) + 1);
        for (const text of derivations) {
          assert.ok(sentences(text).length <= 2, `${soc} ${path}: ${sentences(text).length} sentences: ${text}`);
          assert.match(text, /[.]$/, `${soc} ${path}: ends a sentence`);
        }
        const method = body.method as string;
        assert.match(method, /^\/docs\/[a-z0-9/-]+\.md#[a-z0-9-]+$/, `${soc} ${path}`);
        const [page, anchor] = method.split('#') as [string, string];
        if (!pages.has(page)) {
          const doc = await served.app.inject({ url: page });
          assert.equal(doc.statusCode, 200, `${page} is served`);
          assert.match(String(doc.headers['content-type']), /^text\/markdown/);
          pages.set(page, doc.body);
        }
        const anchors = [...pages.get(page)!.matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1]!));
        assert.ok(anchors.includes(anchor), `${method}: no heading with that anchor in ${anchors.join(', ')}`);
      }
    }
    // Each route answered and was checked for most of the sample.
    for (const route of [
      'skills',
      'work-profile',
      'how-to-become',
      'apprenticeships',
      'vacancies',
      'projections',
      'moves',
      'compare',
    ])
      assert.ok((seen.get(route) ?? 0) >= sample.length / 2, `${route}: ${seen.get(route) ?? 0} of ${sample.length}`);
  });

  it('answers 404 for a docs page that is not there, and no key is needed for one that is', async () => {
    assert.equal((await served.app.inject({ url: '/docs/methods/nothing.md' })).statusCode, 404);
    assert.equal((await served.app.inject({ url: '/docs/methods/..%2Fpackage.json' })).statusCode, 400);
    assert.equal((await served.app.inject({ url: '/docs/methods/work-profile.md' })).statusCode, 200);
  });
});
