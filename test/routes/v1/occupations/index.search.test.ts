import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ingestSources } from '../../../../src/ingest/pipeline.js';
import { codingIndexSource } from '../../../../src/ingest/sources/ons/soc2020-index/descriptor.js';
import { mirrorUpstream } from '../../../../src/ingest/upstream.js';
import { parsingOnce } from '../../../helpers/shared-parse.js';
import { DIALECTS_ABOVE_STORE } from '../../../helpers/stores.js';
import { withdrawSources } from '../../../helpers/template-databases.js';
import { VOLUME2_FILE, alteredVolume2, makeMirror } from '../../../helpers/upstream.js';
import { appForSuite } from '../../../helpers/composition-root.js';

/** A new release of the coding index: the real one with a title added to 5114. */
const WITH_QUANTUM_GARDENER = alteredVolume2(
  (sheets) => {
    const rows = sheets['SOC2020 coding index']!;
    const header = rows[0]!.map(String);
    const added = [...rows.find((r) => r[header.indexOf('SOC_2020')] === 5114)!];
    added[header.indexOf('UNIQUE ID')] = 'zzzz';
    added[header.indexOf('RECNO')] = 99_999;
    added[header.indexOf('D')] = null;
    added[header.indexOf('INDEXOCC')] = 'Gardener, quantum';
    added[header.indexOf('INDEXOCC_-_natural_word_order')] = 'Quantum gardener';
    added[header.indexOf('ADD')] = null;
    added[header.indexOf('IND')] = null;
    rows.push(added);
  },
  ['Information', 'SOC2020 coding index', 'Abbreviations'],
);
/** Both dialects ingest that release; it is parsed once. */
const codingIndexOnce = parsingOnce(codingIndexSource, DIALECTS_ABOVE_STORE.length);

interface Match {
  soc2020: string;
  title: string;
  matchedTitle: string;
  qualifier: string | null;
  confidence: number;
  matchType: string;
  titleShare: number | null;
}

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`GET /v1/occupations/search (${dialect})`, () => {
    const served = appForSuite(dialect);
    const search = async (query: string): Promise<{ status: number; body: Match[] & Record<string, unknown> }> => {
      const res = await served.app.inject({
        url: `/v1/occupations/search?${query}`,
        headers: { 'x-api-key': served.key },
      });
      return { status: res.statusCode, body: res.json() };
    };

    it('ranks an exact title first with confidence 1.0, the default entry before others: "nurse" -> 2237', async () => {
      const { status, body } = await search('q=nurse');
      assert.equal(status, 200);
      assert.deepEqual(body[0], {
        soc2020: '2237',
        title: 'Other registered nursing professionals',
        matchedTitle: 'Nurse',
        qualifier: null,
        confidence: 1,
        matchType: 'exact',
        titleShare: body[0]!.titleShare,
      });
      assert.ok((body[0]?.titleShare ?? 0) > 0.5, 'most "nurse"s are 2237');
      assert.ok(
        body.some((m) => m.soc2020 === '6131'),
        'the other "nurse" entries follow',
      );
      assert.ok(body.findIndex((m) => m.soc2020 === '6131') > 0);
    });

    it('lists each unit group once, at most `limit` matches, fuzzy ones with confidence strictly between 0 and 1', async () => {
      for (const q of ['nurse', 'manager', 'software developer', 'teacher']) {
        const { body } = await search(`q=${encodeURIComponent(q)}&limit=50`);
        assert.ok(body.length > 0 && body.length <= 50);
        assert.equal(new Set(body.map((m) => m.soc2020)).size, body.length, `${q}: each code once`);
        for (const m of body) {
          if (m.matchType === 'exact') assert.equal(m.confidence, 1);
          else assert.ok(m.confidence > 0 && m.confidence < 1, `${q}: ${m.matchedTitle} ${m.confidence}`);
        }
        const firstFuzzy = body.findIndex((m) => m.matchType === 'fuzzy');
        if (firstFuzzy >= 0)
          assert.ok(
            body.slice(firstFuzzy).every((m) => m.matchType === 'fuzzy'),
            'exact matches come first',
          );
      }
      assert.equal((await search('q=manager')).body.length, 10, 'default limit 10');
      assert.equal((await search('q=manager&limit=1')).body.length, 1);
    });

    it('ranks the groups of a shared exact title by what it most often means in UK employment, not by index order', async () => {
      const top = async (q: string) => (await search(`q=${encodeURIComponent(q)}&limit=10`)).body;
      const teacher = await top('teacher');
      // Secondary and primary teachers, not TEFL (2317), the index's first "Teacher" record.
      assert.ok(['2313', '2314'].includes(teacher[0]!.soc2020), teacher[0]!.soc2020);
      assert.ok(['2313', '2314'].includes(teacher[1]!.soc2020), teacher[1]!.soc2020);
      assert.equal(teacher[0]!.matchType, 'exact');
      assert.equal(teacher[0]!.matchedTitle, 'Teacher');
      assert.ok(teacher[0]!.qualifier !== null, 'the qualifier that decides the code stays visible');
      assert.equal(
        (await top('accountant'))[0]!.soc2020,
        '2421',
        'chartered and certified accountants, not book-keepers',
      );
      assert.equal(
        (await top('civil engineer'))[0]!.soc2020,
        '2121',
        'the professional, not construction trades n.e.c.',
      );
      assert.notEqual((await top('manager'))[0]!.soc2020, '1257', 'not hire services managers');
      const customerService = (await top('customer service advisor'))[0]!;
      assert.deepEqual(
        [customerService.soc2020, customerService.matchType, customerService.matchedTitle, customerService.confidence],
        ['7219', 'exact', 'Customer service adviser', 1],
      );
      for (const [q, soc] of [
        ['nurse', '2237'],
        ['care worker', '6135'],
        ['personal assistant', '4215'],
        ['electrician', '5241'],
        ['cleaner', '9223'],
        // The bare title's default entry (flagged, unqualified) and the larger group, not "[qualified]" 3231.
        ['teaching assistant', '6112'],
        ['hca', '6131'],
      ] as const)
        assert.equal((await top(q))[0]!.soc2020, soc, q);
      for (const q of ['teacher', 'manager', 'customer service advisor']) {
        const body = await top(q);
        const exact = body.filter((m) => m.matchType === 'exact');
        for (const m of exact) assert.ok(m.titleShare !== null && m.titleShare > 0 && m.titleShare <= 1, q);
        // Each share is rounded to three decimals: the sum may pass 1 by half a thousandth per share.
        assert.ok(exact.reduce((sum, m) => sum + m.titleShare!, 0) <= 1 + exact.length * 0.0005, q);
        assert.ok(
          exact.every((m, i) => i === 0 || m.titleShare! <= exact[i - 1]!.titleShare!),
          `${q}: by share`,
        );
      }
    });

    it('answers an empty array (200) when no candidate is credible, and a probability as a fuzzy confidence', async () => {
      // "sparky" reaches titles only by a few letters: no answer rather than a machine-tool operator.
      const none = await search('q=sparky');
      assert.equal(none.status, 200);
      assert.deepEqual(none.body, []);
      const typo = (await search('q=electrcian&limit=3')).body;
      assert.equal(typo[0]!.soc2020, '5241');
      assert.ok(typo[0]!.confidence > 0.6 && typo[0]!.confidence < 1, `${typo[0]!.confidence}`);
      assert.ok(typo[1]!.confidence < typo[0]!.confidence, 'later answers are less likely');
    });

    it('finds what no title spells in the unit groups\' own texts, never as confident as a title: "cutting hair"', async () => {
      for (const [query, code] of [
        ['cutting hair', '6221'],
        ['delivering babies', '2231'],
        // Phrases a title matches by a word or two ("Driving instructor" at 0.55 before): the texts answer.
        ['driving lorries', '8211'],
        ['working in a shop', '7111'],
      ] as const) {
        const first = (await search(`q=${encodeURIComponent(query)}`)).body[0]!;
        assert.equal(first.soc2020, code, query);
        assert.equal(first.matchType, 'fuzzy', query);
        assert.ok(first.confidence > 0 && first.confidence < 0.5, `${query}: ${first.confidence}`);
        // It reports one of the group's coding-index titles, as every match does.
        const exact = (await search(`q=${encodeURIComponent(first.matchedTitle)}&limit=20`)).body;
        assert.ok(
          exact.some((m) => m.soc2020 === code && m.matchType === 'exact'),
          `${query}: ${first.matchedTitle}`,
        );
      }
    });

    it('tolerates possessives, plurals, misspellings, case, punctuation and word order', async () => {
      const top = async (q: string) => (await search(`q=${encodeURIComponent(q)}&limit=3`)).body[0]!;
      assert.equal((await top("doctor's receptionist")).soc2020, '4216');
      assert.equal((await top('doctors receptionist')).soc2020, '4216');
      assert.equal((await top('Electrcian')).soc2020, '5241');
      assert.equal((await top('nurses')).soc2020, '2237');
      assert.equal((await top('  SOFTWARE   DEVELOPER!! ')).soc2020, '2134');
      assert.equal((await top('developer software')).soc2020, '2134');
      assert.equal((await top('care worker')).soc2020, '6135');
      const community = (await search('q=nurse%20community&limit=5')).body;
      assert.equal(community[0]!.soc2020, '2232');
    });

    it('resolves a see-other-entry title to its target: "advisor" reaches the "adviser" entries', async () => {
      const advisor = (await search('q=advisor&limit=20')).body;
      const adviser = (await search('q=adviser&limit=20')).body;
      assert.ok(advisor.length > 0);
      assert.ok(advisor.some((m) => adviser.some((n) => n.soc2020 === m.soc2020)));
    });

    it('rejects bad parameters with a 400 listing what is valid', async () => {
      const cases: Array<[string, RegExp]> = [
        ['', /`q` is required/],
        ['q=', /`q` must be 1 to 200 characters long after trimming spaces \(it is 0\)/],
        ['q=%20%20%20', /after trimming spaces \(it is 0\)/],
        [`q=${'a'.repeat(201)}`, /`q` must be 1 to 200 characters long/],
        ['q=nurse&limit=0', /`limit` must be a whole number from 1 to 50/],
        ['q=nurse&limit=51', /`limit` must be a whole number from 1 to 50/],
        ['q=nurse&limit=ten', /`limit` must be a whole number from 1 to 50/],
        ['q=nurse&limit=2.5', /`limit` must be a whole number/],
        ['q=nurse&lmit=5', /`lmit` is not a parameter of this endpoint/],
      ];
      for (const [query, detail] of cases) {
        const res = await served.app.inject({
          url: `/v1/occupations/search?${query}`,
          headers: { 'x-api-key': served.key },
        });
        assert.equal(res.statusCode, 400, query);
        assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
        const body = res.json();
        assert.equal(body.type, '/problems/invalid-parameter');
        assert.match(body.detail, detail, query);
        assert.equal(body.invalidParams.length, 1);
      }
      const padded = await search(`q=${encodeURIComponent(`  ${'a'.repeat(200)}  `)}`);
      assert.equal(padded.status, 200, '200 characters after trimming is allowed');
    });

    it('never fails on odd input', async () => {
      for (const q of [
        '!!!',
        '&&',
        '%F0%9F%91%A9%E2%80%8D%F0%9F%94%AC',
        "'; drop table editions; --",
        'a',
        '9999',
        'x'.repeat(200),
      ]) {
        const { status, body } = await search(`q=${q.startsWith('%') ? q : encodeURIComponent(q)}`);
        assert.equal(status, 200, q);
        assert.ok(Array.isArray(body));
      }
    });

    it('rebuilds the index, without a restart, when a new coding index edition is published, answering from the old build meanwhile', async () => {
      assert.notEqual((await search('q=quantum%20gardener')).body[0]?.matchType, 'exact');
      const mirror = makeMirror();
      mirror.write(VOLUME2_FILE, WITH_QUANTUM_GARDENER);
      const [result] = await ingestSources({
        store: served.store,
        upstream: mirrorUpstream(mirror.root),
        sources: [codingIndexOnce],
      });
      assert.equal(result!.outcome, 'published');
      served.services.currentEditions.invalidate();
      // The rebuild has started off the request path: this search is answered at once from the old build, and says so.
      const during = await served.app.inject({
        url: '/v1/occupations/search?q=quantum%20gardener',
        headers: { 'x-api-key': served.key },
      });
      assert.equal(during.statusCode, 200);
      assert.equal(during.headers['lmi-stale'], 'rebuilding');
      assert.equal(during.headers['cache-control'], 'no-store');
      assert.equal(during.headers.etag, undefined, 'no validator for an answer about to be superseded');
      assert.notEqual(during.json<Match[]>()[0]?.matchType, 'exact', 'the old build: no quantum gardener yet');
      await served.services.codingIndex.search();
      const after = await served.app.inject({
        url: '/v1/occupations/search?q=quantum%20gardener',
        headers: { 'x-api-key': served.key },
      });
      assert.equal(after.headers['lmi-stale'], undefined);
      assert.notEqual(after.headers['cache-control'], 'no-store');
      const body = after.json<Match[]>();
      assert.deepEqual(body[0], {
        soc2020: '5114',
        title: 'Groundsmen and greenkeepers',
        matchedTitle: 'Quantum gardener',
        qualifier: null,
        confidence: 1,
        matchType: 'exact',
        titleShare: 1,
      });
    });

    it('searches the labels of the ingested ESCO occupations edition through ISCO-08, and drops them when it is gone', async () => {
      // "hydrogenator" is only an ESCO label (ISCO-08 8160 food machine operators), whose coding-index group is 8111.
      const { body } = await search('q=hydrogenator');
      assert.equal(body[0]?.soc2020, '8111');
      assert.equal(body[0]?.matchType, 'fuzzy');
      assert.ok(body[0].confidence < 1);
      await withdrawSources(served.store, ['esco-occupations']);
      served.services.currentEditions.invalidate();
      // Searches answer from the old build until the rebuild is done: wait for it.
      await served.services.codingIndex.search();
      assert.deepEqual((await search('q=hydrogenator')).body, []);
    });
  });
}
