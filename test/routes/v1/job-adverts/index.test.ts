import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PAY_AREA_SLUGS } from '../../../../src/domain/areas.js';
import { insertJobAdvertRelease, insertLocalAdvertRelease } from '../../../../src/store/job-adverts.js';
import { localAdvertRelease, monthlyAdvertRelease, publishConstructed } from '../../../helpers/constructed-releases.js';
import { DIALECTS_ABOVE_STORE } from '../../../helpers/stores.js';
import { appForSuite } from '../../../helpers/composition-root.js';

const PAGE =
  'https://www.ons.gov.uk/employmentandlabourmarket/peopleinwork/employmentandemployeetypes/methodologies/measuringlabourdemandvolumesacrosstheukusingtextkerneldatauserguide';

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`the job-advert routes (${dialect})`, () => {
    const served = appForSuite(dialect);

    const assertSourceMissing = async (url: string, source: string) => {
      const res = await served.get(url);
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.json().type, '/problems/source-unavailable', url);
      assert.equal(res.json().source, source, url);
      assert.ok(
        res.json().detail.includes(`Office for National Statistics publishes it at ${PAGE}`),
        res.json().detail,
      );
    };

    it('answers 404 naming the monthly source for the UK and the regions', async () => {
      for (const url of [
        '/v1/occupations/2134/job-adverts',
        '/v1/occupations/2134/job-adverts?area=london',
        '/v1/job-adverts',
        '/v1/job-adverts?area=wales&limit=10',
      ]) {
        await assertSourceMissing(url, 'online-job-adverts');
      }
    });

    it('answers 404 naming the local source for every local area, by slug or GSS code, and for the UK and the regions', async () => {
      for (const url of [
        '/v1/occupations/2134/job-adverts/local',
        '/v1/occupations/2134/job-adverts/local/leeds',
        '/v1/occupations/2134/job-adverts/local/E08000035',
        '/v1/occupations/2134/job-adverts/local/e08000035',
        '/v1/occupations/2134/job-adverts/local/london',
        '/v1/occupations/2134/job-adverts/local/uk',
        '/v1/occupations/2134/job-adverts/local/north-east',
        '/v1/local-areas/leeds/job-adverts',
        '/v1/local-areas/leeds/job-adverts?limit=412',
        '/v1/local-areas/scotland/job-adverts',
      ]) {
        await assertSourceMissing(url, 'online-job-adverts-local');
      }
    });

    it('refuses a bad `area` or `limit` with 400 listing what is valid, before anything else', async () => {
      for (const url of [
        '/v1/occupations/2134/job-adverts?area=england',
        '/v1/occupations/9999/job-adverts?area=england',
        '/v1/job-adverts?area=leeds',
      ]) {
        const res = await served.get(url);
        assert.equal(res.statusCode, 400, url);
        assert.deepEqual(res.json().invalidParams[0].validValues, [...PAY_AREA_SLUGS], url);
      }
      for (const url of [
        '/v1/job-adverts?limit=0',
        '/v1/job-adverts?limit=413',
        '/v1/local-areas/leeds/job-adverts?limit=413',
        '/v1/local-areas/atlantis/job-adverts?limit=0',
      ]) {
        const res = await served.get(url);
        assert.equal(res.statusCode, 400, url);
        assert.match(res.json().detail, /`limit` must be a whole number from 1 to 412/, url);
      }
    });

    it('answers 404 naming an unknown occupation or local area', async () => {
      for (const url of [
        '/v1/occupations/9999/job-adverts',
        '/v1/occupations/9999/job-adverts/local',
        '/v1/occupations/9999/job-adverts/local/leeds',
      ]) {
        const res = await served.get(url);
        assert.equal(res.json().type, '/problems/occupation-not-found', url);
        assert.match(res.json().detail, /"9999"/);
      }
      for (const url of ['/v1/occupations/2134/job-adverts/local/atlantis', '/v1/local-areas/atlantis/job-adverts']) {
        const res = await served.get(url);
        assert.equal(res.statusCode, 404, url);
        assert.equal(res.json().type, '/problems/area-not-found', url);
        assert.match(res.json().detail, /^There is no local area "atlantis"\. GET \/v1\/local-areas lists/);
      }
    });

    it('lists both sources with no current edition and a plain status', async () => {
      const sources = (await served.get('/v1/meta/sources')).json<Array<Record<string, unknown>>>();
      for (const [key, cadence] of [
        ['online-job-adverts', 'monthly'],
        ['online-job-adverts-local', 'quarterly'],
      ] as const) {
        const source = sources.find((s) => s.key === key)!;
        assert.deepEqual(
          [source.publisher, source.url, source.cadence, source.currentEdition],
          ['Office for National Statistics', PAGE, cadence, null],
          key,
        );
        assert.match(String(source.name), /SOC 2020 unit group/);
        assert.match(String(source.status), /^No release has been ingested/);
      }
    });

    it('answers from published releases: their rows staged, read back and built into the responses', async () => {
      await publishConstructed(served.store.db, 'online-job-adverts', (trx, id) =>
        insertJobAdvertRelease(trx, id, monthlyAdvertRelease()),
      );
      await publishConstructed(served.store.db, 'online-job-adverts-local', (trx, id) =>
        insertLocalAdvertRelease(trx, id, localAdvertRelease()),
      );
      served.refresh();
      const uk = (await served.get('/v1/occupations/2134/job-adverts')).json();
      assert.deepEqual(uk.latestYear, {
        from: '2024-01',
        to: '2024-12',
        adverts: 1210,
        monthsSuppressed: 1,
        averagePerMonth: 110,
        changePercent: 10,
        rank: 2,
        occupationsRanked: 3,
      });
      assert.deepEqual([uk.months.length, uk.notices[0].heading], [96, 'Constructed']);
      assert.equal((await served.get('/v1/occupations/2134/job-adverts?area=london')).json().latestYear.rank, 1);
      assert.deepEqual(
        (await served.get('/v1/job-adverts?limit=1')).json().occupations.map((o: { soc2020: string }) => o.soc2020),
        ['2231'],
      );

      const areas = (await served.get('/v1/occupations/2134/job-adverts/local')).json();
      assert.deepEqual(
        areas.areas.map((a: { rank: number; area: { slug: string } }) => `${a.rank} ${a.area.slug}`),
        ['1 leeds', '2 york'],
      );
      assert.equal(areas.areas[0].area.region, 'Yorkshire and The Humber');
      const leeds = (await served.get('/v1/occupations/2134/job-adverts/local/E08000035')).json();
      assert.deepEqual(
        [
          leeds.rank,
          leeds.occupationsRanked,
          leeds.changePercent,
          leeds.latestYear.concentration,
          leeds.quarters.length,
        ],
        [2, 2, 33.3, 3, 12],
      );
      const inLeeds = (await served.get('/v1/local-areas/leeds/job-adverts')).json();
      assert.deepEqual(
        [inLeeds.allOccupations.adverts, ...inLeeds.occupations.map((o: { soc2020: string }) => o.soc2020)],
        [4000, '2231', '2134'],
      );
      // Slugs match case-insensitively, like GSS codes.
      for (const spelling of ['LEEDS', 'Leeds', 'e08000035'])
        assert.deepEqual((await served.get(`/v1/local-areas/${spelling}/job-adverts`)).json(), inLeeds, spelling);
      assert.equal((await served.get('/v1/occupations/2134/job-adverts/local/Leeds')).statusCode, 200);
      assert.equal((await served.get('/v1/local-areas/uk/job-adverts')).json().allOccupations.adverts, 400_000);
      const bath = await served.get('/v1/local-areas/bath-and-north-east-somerset/job-adverts');
      assert.deepEqual([bath.statusCode, bath.json().type], [404, '/problems/figure-not-found']);
    });
  });
}
