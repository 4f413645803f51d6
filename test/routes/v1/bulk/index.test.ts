import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { issueApiKey } from '../../../../src/keys/api-key.js';
import { quarantineEdition, recordDetectedEdition } from '../../../../src/store/editions.js';
import { DIALECTS_ABOVE_STORE } from '../../../helpers/stores.js';
import { appForSuite } from '../../../helpers/composition-root.js';
import { testConfig } from '../../../helpers/served-app.js';
import { cells, jsonLines, type Json } from '../../../helpers/bulk-files.js';

/** Unit groups across the major groups, and one ONS withholds much of (small). */
const SAMPLE = ['1111', '2134', '3112', '5434', '6131', '7111', '8211', '9219', '2231'];

/** The pay asked of the API for each sampled unit group: two measures, two sexes, two patterns. */
const PAY_KEYS = SAMPLE.flatMap((soc) =>
  ['annual_pay_gross', 'hourly_pay_excl_overtime'].flatMap((measure) =>
    ['all', 'female'].flatMap((sex) => ['all', 'parttime'].map((pattern) => ({ soc, measure, sex, pattern }))),
  ),
);

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`bulk downloads (${dialect})`, () => {
    const served = appForSuite(dialect);
    const file = async (path: string, headers: Record<string, string> = {}) => {
      const res = await served.get(`/v1/bulk/${path}`, headers);
      assert.equal(res.statusCode, 200, res.body.slice(0, 500));
      return res;
    };

    it('lists every source, with the editions of those it exports and a reason for the rest', async () => {
      const res = await served.get('/v1/bulk');
      assert.equal(res.statusCode, 200);
      const { sources } = res.json<{ sources: Array<Json & { editions: Json[] }> }>();
      assert.deepEqual(
        sources.map((s) => s.source),
        served.services.sources.profiles.map((s) => s.key),
      );
      const pay = sources.find((s) => s.source === 'ashe-table14')!;
      assert.equal(pay.available, true);
      assert.equal(pay.editions.length, 3);
      for (const edition of pay.editions) {
        assert.equal(edition.rows, 40788);
        assert.match(String(edition.csv), new RegExp(`/v1/bulk/ashe-table14/${String(edition.id)}\\.csv$`));
      }
      assert.equal(sources.find((s) => s.source === 'soc2020-structure')!.editions[0]!.rows, 412);
      const nations = sources.find((s) => s.source === 'ess-vacancies-nations')!;
      assert.equal(nations.available, false);
      assert.match(String(nations.note), /does not serve vacancy figures for the nations/);
      assert.deepEqual(nations.editions, []);
    });

    it("serves ASHE Table 14's rows as /pay gives them, cell for cell, in every edition", async () => {
      const { sources } = (await served.get('/v1/bulk')).json<{
        sources: Array<{ source: string; editions: Json[] }>;
      }>();
      const editions = sources.find((s) => s.source === 'ashe-table14')!.editions;
      for (const [i, edition] of editions.entries()) {
        const ref = i === 0 ? 'latest' : String(edition.id);
        const jsonl = jsonLines((await file(`ashe-table14/${ref}.jsonl`)).body);
        const csv = parse<Record<string, string>>((await file(`ashe-table14/${ref}.csv`)).body, { columns: true });
        assert.equal(jsonl.rows.length, edition.rows);
        assert.equal(csv.length, edition.rows);
        assert.equal(jsonl.provenance.edition && (jsonl.provenance.edition as Json).id, edition.id);
        let compared = 0;
        for (const { soc, measure, sex, pattern } of PAY_KEYS) {
          const res = await served.get(
            `/v1/occupations/${soc}/pay?measure=${measure}&sex=${sex}&pattern=${pattern}&edition=${String(edition.id)}`,
          );
          const at = jsonl.rows.findIndex(
            (r) => r.soc2020 === soc && r.measure === measure && r.sex === sex && r.workPattern === pattern,
          );
          if (res.statusCode === 404) {
            assert.equal(at, -1, `${soc} ${measure} ${sex} ${pattern}: a row the API has none of`);
            continue;
          }
          const { percentChangeBasis: _b, coverage: _c, provenance: _p, ...figures } = res.json<Json>();
          assert.deepEqual(jsonl.rows[at], figures);
          assert.deepEqual(csv[at], cells(figures));
          compared += 1;
        }
        assert.ok(compared > 40, `only ${compared} rows compared`);
      }
    });

    it('serves the APS counts as /employment gives its headline, for the latest edition', async () => {
      const { rows, provenance } = jsonLines((await file('aps-occupation/latest.jsonl')).body);
      const csv = parse<Record<string, string>>((await file('aps-occupation/latest.csv')).body, { columns: true });
      assert.equal(csv.length, rows.length);
      assert.equal(provenance.licence, 'Open Government Licence v3.0');
      let compared = 0;
      for (const soc of SAMPLE) {
        const res = (await served.get(`/v1/occupations/${soc}/employment`)).json<Json & { employment: Json }>();
        if (res.employment.source !== 'aps-occupation') continue;
        const at = rows.findIndex(
          (r) => r.soc2020 === soc && r.sex === 'all' && r.workPattern === 'all' && r.employmentType === 'all',
        );
        const { source: _s, shareOfAllEmploymentPercent: _share, ...headline } = res.employment;
        const record = { soc2020: res.soc2020, title: res.title, area: res.area, period: res.period, ...headline };
        const row = rows[at]!;
        assert.deepEqual(
          Object.fromEntries(Object.keys(record).map((k) => [k, row[k]])),
          record,
          `${soc}: the bulk row and /employment differ`,
        );
        assert.deepEqual(Object.fromEntries(Object.keys(cells(record)).map((k) => [k, csv[at]![k]])), cells(record));
        compared += 1;
      }
      assert.ok(compared >= SAMPLE.length - 1, `only ${compared} occupations compared`);
    });

    it('serves the classification as /v1/occupations lists it', async () => {
      const { rows } = jsonLines((await file('soc2020-structure/latest.jsonl')).body);
      const listed = (await served.get('/v1/occupations')).json<Json[]>().map(({ titleCount: _t, ...rest }) => rest);
      assert.deepEqual(rows, listed);
    });

    it('names the release, licence and attribution in a header and the first JSON line', async () => {
      const res = await file('ashe-table14/latest.csv');
      const provenance = JSON.parse(String(res.headers['lmi-provenance'])) as Json;
      const profile = served.services.sources.profile('ashe-table14');
      assert.equal(provenance.licence, profile.licence);
      assert.equal(provenance.attribution, profile.attribution);
      assert.match(String(res.headers['content-type']), /^text\/csv/);
      assert.equal(res.headers['transfer-encoding'], 'chunked');
      assert.deepEqual(jsonLines((await file('ashe-table14/latest.jsonl')).body).provenance, provenance);
    });

    it('answers 304 to its ETag, and gzip when asked with an ETag of its own', async () => {
      const plain = await file('soc2020-structure/latest.csv');
      const etag = String(plain.headers.etag);
      assert.match(etag, /^"[\w-]+"$/);
      const again = await served.get('/v1/bulk/soc2020-structure/latest.csv', { 'if-none-match': etag });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      const gzipped = await file('soc2020-structure/latest.csv', { 'accept-encoding': 'gzip, deflate' });
      assert.equal(gzipped.headers['content-encoding'], 'gzip');
      assert.equal(gunzipSync(gzipped.rawPayload).toString('utf8'), plain.body);
      assert.notEqual(gzipped.headers.etag, etag);
      const notGzip = await file('soc2020-structure/latest.csv', { 'accept-encoding': 'gzip;q=0, identity' });
      assert.equal(notGzip.headers['content-encoding'], undefined);
      const gzip304 = await served.get('/v1/bulk/soc2020-structure/latest.csv', {
        'accept-encoding': 'gzip',
        'if-none-match': String(gzipped.headers.etag),
      });
      assert.equal(gzip304.statusCode, 304);
    });

    it('needs a key, and counts a download of any size as one request', async () => {
      const anonymous = await served.app.inject({ url: '/v1/bulk/ashe-table14/latest.csv' });
      assert.equal(anonymous.statusCode, 401);
      const { key } = await issueApiKey(served.store.db, {
        tier: testConfig(served.store.dataDir).tiers[0]!,
        emailHmac: null,
        requestsPerMinute: 10,
      });
      const remaining = async (url: string) => {
        const res = await served.app.inject({ url, headers: { 'x-api-key': key } });
        assert.equal(res.statusCode, 200);
        return Number(/r=(\d+)/.exec(String(res.headers.ratelimit))![1]);
      };
      const before = await remaining('/v1/bulk');
      assert.equal(await remaining('/v1/bulk/ashe-table14/latest.csv'), before - 1);
      assert.equal(await remaining('/v1/bulk'), before - 2);
    });

    it('answers 404 naming what exists for an unknown source or edition, and for a quarantined one', async () => {
      const unknown = await served.get('/v1/bulk/no-such-source/latest.csv');
      assert.equal(unknown.statusCode, 404);
      assert.match(unknown.json<Json>().detail as string, /ashe-table14/);
      const withoutExporter = await served.get('/v1/bulk/soc-crosswalk/latest.csv');
      assert.equal(withoutExporter.statusCode, 404);
      const edition = await served.get('/v1/bulk/ashe-table14/00000000-0000-0000-0000-000000000000.jsonl');
      assert.equal(edition.statusCode, 404);
      assert.match(edition.json<Json>().detail as string, /Valid editions: latest, /);
      const held = await recordDetectedEdition(served.store.db, {
        sourceKey: 'ashe-table14',
        label: 'ASHE Table 14, a release held back',
        seriesKey: '2025',
        sourceUri: 'test://held-back',
        sha256: 'f'.repeat(64),
      });
      await quarantineEdition(served.store.db, held.id, [{ rule: 'a check', status: 'fail', observed: 'failed' }]);
      served.refresh();
      const quarantined = await served.get(`/v1/bulk/ashe-table14/${held.id}.csv`);
      assert.equal(quarantined.statusCode, 404);
      assert.match(quarantined.json<Json>().detail as string, /quarantined release is never served/);
      const listed = (await served.get('/v1/bulk')).json<{ sources: Array<{ source: string; editions: Json[] }> }>();
      assert.ok(!listed.sources.find((s) => s.source === 'ashe-table14')!.editions.some((e) => e.id === held.id));
    });

    it('answers 400 listing the formats for any other', async () => {
      const res = await served.get('/v1/bulk/ashe-table14/latest.xlsx');
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.json<{ invalidParams: Json[] }>().invalidParams[0]!.validValues, [
        'csv',
        'jsonl',
        'parquet',
      ]);
    });
  });
}
