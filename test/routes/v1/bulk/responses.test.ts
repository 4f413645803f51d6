import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { PAY_AREA_SLUGS } from '../../../../src/domain/areas.js';
import { quarantineEdition, recordDetectedEdition } from '../../../../src/store/editions.js';
import { cellsUnder, jsonLines, type Json } from '../../../helpers/bulk-files.js';
import { appForSuite } from '../../../helpers/composition-root.js';
import { DIALECTS_ABOVE_STORE } from '../../../helpers/stores.js';

/** Unit groups across the major groups, and one ONS withholds much of (small). */
const SAMPLE = ['1111', '2134', '3112', '5434', '6131', '7111', '8211', '9219', '2231'];

/**
 * Each source whose file is built by a per-occupation endpoint: the JSON answers for a unit group
 * (`paths`), and the rows of the file they make. `own`: the response is served from the source, so
 * its row is the response less its provenance (which must name the file's edition); otherwise the
 * source is one input of the response and the row is the whole response.
 */
interface Case {
  source: string;
  paths: (soc: string) => string[];
  own: boolean;
  rows?: (body: unknown, soc: string) => Json[];
  /** Check the CSV too: for one source of each shape (lists, nested and nullable objects), since the CSV is cut from the same records. */
  csv?: true;
}

const occupation = (path: string) => (soc: string) => [`/v1/occupations/${soc}${path}`];

const CASES: Case[] = [
  {
    source: 'soc2020-index',
    paths: occupation('/titles'),
    own: false,
    csv: true,
    rows: (titles, soc) => (titles as Json[]).map((t) => ({ soc2020: soc, ...t })),
  },
  {
    source: 'soc2020-descriptions',
    paths: occupation(''),
    own: false,
    csv: true,
    rows: (body) => {
      const { soc2020, title, about } = body as Json;
      return about ? [{ soc2020, title, about }] : [];
    },
  },
  { source: 'aps-occupation-industry', paths: occupation('/workforce'), own: true },
  { source: 'ess-vacancies', paths: occupation('/vacancies'), own: true, csv: true },
  { source: 'lmsp-england', paths: occupation('/projections?area=england'), own: true },
  { source: 'working-futures-uk', paths: occupation('/projections?area=uk'), own: true },
  { source: 'esco-occupation-skills', paths: occupation('/skills?limit=200'), own: true },
  { source: 'esco-skills', paths: occupation('/skills?limit=200'), own: false },
  { source: 'esco-occupations', paths: occupation('/skills?limit=200'), own: false },
  { source: 'onet-interests', paths: occupation('/work-profile'), own: true, csv: true },
  { source: 'onet-occupations', paths: occupation('/work-profile'), own: false },
  {
    source: 'apprenticeship-standards',
    paths: occupation('/apprenticeships?includeInactive=true'),
    own: true,
    csv: true,
  },
  { source: 'ncs-job-profiles', paths: occupation('/how-to-become'), own: true },
  { source: 'ncs-content-export-2020', paths: occupation('/how-to-become'), own: false },
  { source: 'home-office-work-visas', paths: occupation('/visas'), own: true },
  { source: 'occupations-in-demand', paths: occupation('/demand'), own: true },
  {
    source: 'online-job-adverts',
    paths: (soc) => PAY_AREA_SLUGS.map((area) => `/v1/occupations/${soc}/job-adverts?area=${area}`),
    own: true,
  },
  { source: 'online-job-adverts-local', paths: occupation('/job-adverts/local'), own: true },
];

type Listed = { source: string; available: boolean; note: string; editions: Json[] };

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`bulk files built by the endpoints (${dialect})`, () => {
    const served = appForSuite(dialect);
    const listing = async () => (await served.get('/v1/bulk')).json<{ sources: Listed[] }>().sources;
    const body = async (path: string) => {
      const res = await served.get(`/v1/bulk/${path}`);
      assert.equal(res.statusCode, 200, `${path}: ${res.body.slice(0, 300)}`);
      return res.body;
    };
    /** What each file's download gave, for the listing's remembered rows and sizes. */
    const downloaded = new Map<string, { rows: number; csv: number | null; jsonl: number }>();

    it('serves each file as the JSON responses for the same edition, cell for cell, for a sample of occupations', async () => {
      const sources = await listing();
      let compared = 0;
      for (const { source, paths, own, rows: rowsOf, csv: checkCsv } of CASES) {
        const listed = sources.find((s) => s.source === source)!;
        assert.equal(listed.available, true, source);
        if (listed.editions.length === 0) {
          // Not in the template: its file is a 404 naming the missing release, never an empty file.
          assert.equal((await served.get(`/v1/bulk/${source}/latest.jsonl`)).statusCode, 404, source);
          continue;
        }
        const jsonl = await body(`${source}/latest.jsonl`);
        const csvText = checkCsv ? await body(`${source}/latest.csv`) : null;
        const { provenance, rows } = jsonLines(jsonl);
        const csv = csvText === null ? null : parse<Record<string, string>>(csvText, { columns: true });
        const header = Object.keys(csv?.[0] ?? {});
        if (csv) assert.equal(csv.length, rows.length, source);
        assert.equal((provenance.edition as Json).id, listed.editions[0]!.id, source);
        downloaded.set(source, {
          rows: rows.length,
          csv: csvText === null ? null : Buffer.byteLength(csvText),
          jsonl: Buffer.byteLength(jsonl),
        });
        for (const soc of SAMPLE) {
          const expected: Json[] = [];
          for (const path of paths(soc)) {
            const res = await served.get(path);
            if (res.statusCode === 404) continue;
            assert.equal(res.statusCode, 200, `${path}: ${res.body.slice(0, 300)}`);
            const answer = res.json<Json>();
            if (!own) {
              expected.push(...(rowsOf ? rowsOf(answer, soc) : [answer]));
              continue;
            }
            const { provenance: from, ...rest } = answer;
            assert.equal((from as Json).edition, (provenance.edition as Json).label, `${path}: another edition`);
            expected.push(rest);
          }
          const at = rows.flatMap((r, i) => (r.soc2020 === soc ? [i] : []));
          assert.deepEqual(
            at.map((i) => rows[i]),
            expected,
            `${source} ${soc}: the file and the JSON differ`,
          );
          if (csv)
            assert.deepEqual(
              at.map((i) => csv[i]),
              expected.map((e) => cellsUnder(header, e)),
              `${source} ${soc}: the CSV and the JSON differ`,
            );
          compared += expected.length;
        }
      }
      assert.ok(compared > 100, `only ${compared} rows compared`);
    });

    it('serves the local areas as /v1/local-areas lists them', async () => {
      const { rows } = jsonLines(await body('ons-geography/latest.jsonl'));
      assert.deepEqual(rows, (await served.get('/v1/local-areas')).json<Json[]>());
    });

    it('lists the rows and sizes of a file once it has been generated whole', async () => {
      assert.ok(downloaded.size >= 8, `only ${downloaded.size} files downloaded`);
      const sources = await listing();
      for (const [source, made] of downloaded) {
        const edition = sources.find((s) => s.source === source)!.editions[0]!;
        assert.equal(edition.rows, made.rows, source);
        const { parquet, ...bytes } = edition.bytes as { csv: number | null; jsonl: number; parquet: number | null };
        assert.deepEqual(bytes, { csv: made.csv, jsonl: made.jsonl }, source);
        // The Parquet file is written when it is first asked for: none was here.
        assert.equal(parquet, null, source);
      }
    });

    it('says why each source without files has none, and serves none of them', async () => {
      for (const s of (await listing()).filter((l) => !l.available)) {
        assert.match(s.note, /^No file/, s.source);
        assert.deepEqual(s.editions, []);
        const res = await served.get(`/v1/bulk/${s.source}/latest.csv`);
        assert.equal(res.statusCode, 404, s.source);
        assert.ok(String(res.json<{ detail: string }>().detail).includes(s.note), s.source);
      }
    });

    it('serves the current edition as latest, and never a quarantined one', async () => {
      const current = (await listing()).find((s) => s.source === 'ess-vacancies')!.editions[0]!;
      const held = await recordDetectedEdition(served.store.db, {
        sourceKey: 'ess-vacancies',
        label: 'Employer Skills Survey, a release held back',
        seriesKey: 'held-back',
        sourceUri: 'test://held-back',
        sha256: 'e'.repeat(64),
      });
      await quarantineEdition(served.store.db, held.id, [{ rule: 'a check', status: 'fail', observed: 'failed' }]);
      served.refresh();
      const quarantined = await served.get(`/v1/bulk/ess-vacancies/${held.id}.jsonl`);
      assert.equal(quarantined.statusCode, 404);
      assert.match(
        quarantined.json<Json>().detail as string,
        new RegExp(`Valid editions: latest, ${String(current.id)}\\.`),
      );
      const latest = jsonLines(await body('ess-vacancies/latest.jsonl'));
      assert.equal((latest.provenance.edition as Json).id, current.id);
      assert.deepEqual(jsonLines(await body(`ess-vacancies/${String(current.id)}.jsonl`)).rows, latest.rows);
      const listed = (await listing()).find((s) => s.source === 'ess-vacancies')!.editions;
      assert.deepEqual(
        listed.map((e) => e.id),
        [current.id],
      );
    });
  });
}
