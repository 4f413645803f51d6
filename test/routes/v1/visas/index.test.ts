import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { insertVisaRelease } from '../../../../src/store/visas.js';
import { publishConstructed, VISA_RELEASE } from '../../../helpers/constructed-releases.js';
import { DIALECTS_ABOVE_STORE } from '../../../helpers/stores.js';
import { appForSuite } from '../../../helpers/composition-root.js';

const PAGE = 'https://www.gov.uk/government/statistical-data-sets/immigration-system-statistics-data-tables';

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`GET /v1/occupations/{soc}/visas and /v1/visas (${dialect})`, () => {
    const served = appForSuite(dialect);

    it('answers 404 naming the Home Office source and where it is published', async () => {
      for (const url of ['/v1/occupations/2134/visas', '/v1/visas', '/v1/visas?limit=412']) {
        const res = await served.get(url);
        assert.equal(res.statusCode, 404, url);
        assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
        const problem = res.json();
        assert.equal(problem.type, '/problems/source-unavailable');
        assert.equal(problem.source, 'home-office-work-visas');
        assert.ok(problem.detail.includes(`Home Office publishes it at ${PAGE}`), problem.detail);
      }
    });

    it('checks the occupation and `limit` first', async () => {
      const unknown = await served.get('/v1/occupations/9999/visas');
      assert.equal(unknown.statusCode, 404);
      assert.equal(unknown.json().type, '/problems/occupation-not-found');
      assert.match(unknown.json().detail, /no SOC 2020 unit group "9999"/);
      for (const limit of ['0', '413', 'many']) {
        const res = await served.get(`/v1/visas?limit=${limit}`);
        assert.equal(res.statusCode, 400, limit);
        assert.match(res.json().detail, /`limit` must be a whole number from 1 to 412/);
      }
      assert.match(
        (await served.get('/v1/visas?level=critical')).json().detail,
        /`level` is not a parameter of this endpoint; its parameters are `limit`/,
      );
    });

    it('lists the source with no current edition and a plain status', async () => {
      const sources = (await served.get('/v1/meta/sources')).json<Array<Record<string, unknown>>>();
      const visas = sources.find((s) => s.key === 'home-office-work-visas')!;
      assert.deepEqual(
        {
          publisher: visas.publisher,
          licence: visas.licence,
          url: visas.url,
          cadence: visas.cadence,
          currentEdition: visas.currentEdition,
          currentEditionPublished: visas.currentEditionPublished,
        },
        {
          publisher: 'Home Office',
          licence: 'Open Government Licence v3.0',
          url: PAGE,
          cadence: 'quarterly',
          currentEdition: null,
          currentEditionPublished: null,
        },
      );
      assert.match(String(visas.name), /by occupation \(SOC 2020 unit group\)/);
      assert.equal(
        visas.status,
        'No release has been ingested, so the figures that need this source answer 404 naming it.',
      );
    });

    it('answers from a published release: its rows staged, read back and built into the responses', async () => {
      await publishConstructed(served.store.db, 'home-office-work-visas', (trx, id) =>
        insertVisaRelease(trx, id, VISA_RELEASE),
      );
      served.refresh();
      const res = await served.get('/v1/occupations/2134/visas');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.deepEqual(
        [body.title, body.latestYear.grants, body.latestYear.rank, body.latestYear.occupationsRanked],
        ['Programmers and software development professionals', 160, 2, 3],
      );
      assert.deepEqual(
        body.quarters.map((q: { grants: number; provisional: boolean }) => `${q.grants}${q.provisional ? 'p' : ''}`),
        ['90', '0', '50', '20p'],
      );
      assert.deepEqual(
        [body.provenance.publisher, body.provenance.edition],
        ['Home Office', 'constructed in the test'],
      );
      // Who is counted, in the publisher's terms: entry clearance grants to main applicants, not jobs.
      assert.match(body.coverage.note, /not jobs/);
      assert.match(body.coverage.note, /main applicants applying from outside the UK/);
      assert.match(
        body.coverage.note,
        /release's quarter 2024 Q3 is, in the Home Office's notes, modelled estimates converted from SOC 2010/,
      );
      const list = (await served.get('/v1/visas?limit=2')).json();
      assert.deepEqual(
        list.occupations.map(
          (o: { soc2020: string; title: string; rank: number }) => `${o.rank} ${o.soc2020} ${o.title}`,
        ),
        ['1 6135 Care workers and home carers', '2 2134 Programmers and software development professionals'],
      );
      const source = (await served.get('/v1/meta/sources'))
        .json<Array<Record<string, unknown>>>()
        .find((s) => s.key === 'home-office-work-visas')!;
      assert.deepEqual(
        [source.currentEdition, source.status],
        ['constructed in the test', 'Serving the release "constructed in the test".'],
      );
    });
  });
}
