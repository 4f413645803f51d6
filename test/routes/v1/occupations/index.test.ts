import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ingestSources } from '../../../../src/ingest/pipeline.js';
import { socDescriptionsSource } from '../../../../src/ingest/sources/ons/soc2020-descriptions/descriptor.js';
import { readWorkbookSync, type SheetRows } from '../../../../src/ingest/formats/workbook.js';
import { mirrorUpstream } from '../../../../src/ingest/upstream.js';
import { DIALECTS_ABOVE_STORE } from '../../../helpers/stores.js';
import { UPSTREAM_DIR, VOLUME2_FILE, upstreamPath } from '../../../helpers/upstream.js';
import { appForSuite } from '../../../helpers/composition-root.js';

/** The coding index straight from the workbook, to check the API against the publisher's cells. */
const indexRows: SheetRows = readWorkbookSync(new Uint8Array(readFileSync(upstreamPath(VOLUME2_FILE))), {
  sheets: ['SOC2020 coding index'],
}).sheets['SOC2020 coding index']!;
const header = indexRows[0]!.map(String);
const col = (name: string) => header.indexOf(name);
const recordsOf = (soc: string) =>
  indexRows.slice(1).filter((r) => String(r[col('SOC_2020')]).padStart(4, '0') === soc);

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`occupation list, profile and titles (${dialect})`, () => {
    // The real classification, with Volume 1 (the descriptions) not yet ingested.
    const served = appForSuite(dialect, { withdrawn: [socDescriptionsSource.key] });
    const get = (url: string) => served.get(url);

    it('returns the 412 unit groups in code order with their major and sub-major groups', async () => {
      const res = await get('/v1/occupations');
      assert.equal(res.statusCode, 200);
      const list = res.json<Array<Record<string, unknown>>>();
      assert.equal(list.length, 412);
      assert.deepEqual(
        list.map((o) => o.soc2020),
        [...list.map((o) => String(o.soc2020))].sort(),
      );
      assert.deepEqual(
        list.find((o) => o.soc2020 === '2134'),
        {
          soc2020: '2134',
          title: 'Programmers and software development professionals',
          majorGroup: '2',
          majorTitle: 'Professional occupations',
          subMajorGroup: '21',
          subMajorTitle: 'Science, research, engineering and technology professionals',
          titleCount: list.find((o) => o.soc2020 === '2134')!.titleCount as number,
        },
      );
      assert.equal(list.find((o) => o.soc2020 === '6135')!.title, 'Care workers and home carers');
      for (const o of list) assert.match(String(o.soc2020), /^\d{4}$/);
    });

    it('has `about` null until Volume 1 is ingested', async () => {
      const res = await get('/v1/occupations/2134');
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().about, null);
    });

    it('gives 2134 its hierarchy, ISCO-08 group, title count and examples as in the workbook', async () => {
      const records = recordsOf('2134');
      const iscoCounts = new Map<string, number>();
      for (const r of records)
        iscoCounts.set(
          String(r[col('ISCO-08 code based on SOC2020')]),
          (iscoCounts.get(String(r[col('ISCO-08 code based on SOC2020')])) ?? 0) + 1,
        );
      const topIsco = [...iscoCounts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];

      const profile = (await get('/v1/occupations/2134')).json();
      assert.equal(profile.soc2020, '2134');
      assert.equal(profile.title, 'Programmers and software development professionals');
      assert.equal(profile.minorGroup, '213');
      assert.equal(profile.minorTitle, 'Information Technology Professionals');
      assert.equal(profile.subMajorGroup, '21');
      assert.equal(profile.majorGroup, '2');
      assert.equal(profile.majorTitle, 'Professional occupations');
      assert.equal(profile.isco08, topIsco);
      assert.equal(profile.titleCount, records.length);
      assert.ok(profile.examples.length > 0 && profile.examples.length <= 10);
      assert.equal(new Set(profile.examples).size, profile.examples.length, 'examples are distinct');
      const titles = new Set(records.map((r) => String(r[col('INDEXOCC_-_natural_word_order')])));
      for (const example of profile.examples) assert.ok(titles.has(example), `${example} is a 2134 title`);
    });

    it('lists default titles first among the examples', async () => {
      for (const soc of ['2231', '6135', '2237']) {
        const defaults = new Set(
          recordsOf(soc)
            .filter((r) => r[col('D')] !== null)
            .map((r) => String(r[col('INDEXOCC_-_natural_word_order')])),
        );
        const { examples } = (await get(`/v1/occupations/${soc}`)).json<{ examples: string[] }>();
        const firstNonDefault = examples.findIndex((e) => !defaults.has(e));
        if (firstNonDefault >= 0)
          assert.ok(
            examples.slice(firstNonDefault).every((e) => !defaults.has(e)),
            `${soc}: defaults come first`,
          );
        if (defaults.size > 0) assert.ok(defaults.has(examples[0]!), `${soc}: a default title leads`);
      }
    });

    it('returns 6135 and 2231 as in the workbook', async () => {
      const care = (await get('/v1/occupations/6135')).json();
      assert.equal(care.title, 'Care workers and home carers');
      assert.equal(care.minorGroup, '613');
      assert.equal(care.titleCount, (await get('/v1/occupations/6135/titles')).json().length);
      assert.equal(care.titleCount, 121, 'one title indexed under two spellings counts once');
      const midwives = (await get('/v1/occupations/2231')).json();
      assert.equal(midwives.title, 'Midwifery nurses');
      assert.equal(midwives.subMajorTitle, 'Health professionals');
    });

    it('lists every distinct title of 2134 in natural word order with its qualifier', async () => {
      const res = await get('/v1/occupations/2134/titles');
      assert.equal(res.statusCode, 200);
      const titles = res.json<Array<{ title: string; qualifier: string | null }>>();
      const expected = new Set(
        recordsOf('2134').map((r) => {
          const add = r[col('ADD')];
          const ind = r[col('IND')];
          const qualifier = add && ind ? `${add}; ${ind}` : (add ?? ind ?? null);
          return `${r[col('INDEXOCC_-_natural_word_order')]}|${qualifier}`;
        }),
      );
      assert.equal(titles.length, expected.size);
      for (const t of titles) assert.ok(expected.has(`${t.title}|${t.qualifier}`), `${t.title} (${t.qualifier})`);
      assert.deepEqual(
        titles.find((t) => t.title === 'Analyst programmer'),
        { title: 'Analyst programmer', qualifier: null },
      );
      assert.deepEqual(
        titles.find((t) => t.title === 'Analyst'),
        { title: 'Analyst', qualifier: 'programming' },
      );
    });

    it('counts distinct titles per unit group in the list, as /titles lists them: 31,954 in all', async () => {
      const list = (await get('/v1/occupations')).json<Array<{ soc2020: string; titleCount: number }>>();
      assert.equal(
        list.reduce((sum, o) => sum + o.titleCount, 0),
        31_954,
      );
      for (const soc of ['2134', '6135', '2411', '3119', '6131', '6133'])
        assert.equal(
          list.find((o) => o.soc2020 === soc)!.titleCount,
          (await get(`/v1/occupations/${soc}/titles`)).json().length,
          soc,
        );
      assert.ok(list.every((o) => o.titleCount >= 2));
    });

    it('answers 404 (the spec declares no 400 here) for codes that are not unit groups', async () => {
      for (const soc of ['9999', '213', '21', '2', 'abcd', '21345', '%20']) {
        for (const suffix of ['', '/titles']) {
          const res = await get(`/v1/occupations/${soc}${suffix}`);
          assert.equal(res.statusCode, 404, `${soc}${suffix}`);
          assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
          assert.equal(res.json().type, '/problems/occupation-not-found');
        }
      }
    });

    it('fills `about` once Volume 1 is ingested: description, lower-case tasks and provenance', async () => {
      const [result] = await ingestSources({
        store: served.store,
        upstream: mirrorUpstream(UPSTREAM_DIR),
        sources: [socDescriptionsSource],
      });
      assert.equal(result!.outcome, 'published');
      served.refresh();
      const { about } = (await get('/v1/occupations/2231')).json();
      assert.match(about.description, /^Midwifery nurses deliver, or assist in the delivery of babies/);
      assert.equal(about.tasks.length, 7);
      assert.equal(about.tasks[0], 'monitors condition and progress of patient and baby throughout pregnancy');
      assert.deepEqual(about.provenance, {
        source: 'SOC 2020 Volume 1: structure and descriptions of unit groups',
        publisher: 'Office for National Statistics',
        licence: 'Open Government Licence v3.0',
        edition: 'SOC 2020 Volume 1: structure and descriptions of unit groups (16 April 2025)',
        published: about.provenance.published,
        url: 'https://www.ons.gov.uk/methodology/classificationsandstandards/standardoccupationalclassificationsoc/soc2020/soc2020volume1structureanddescriptionsofunitgroups',
      });
      assert.match(about.provenance.published, /^\d{4}-\d{2}-\d{2}T/);
      const farm = (await get('/v1/occupations/9111')).json();
      assert.ok(
        farm.about.tasks.includes(
          'treats minor ailments, delivers vaccinations and other medicines under the direction of the veterinary surgeon, and assists the veterinary surgeon as required',
        ),
      );
      for (const code of ['1111', '5433', '9111', '2452']) {
        const tasks = (await get(`/v1/occupations/${code}`)).json().about.tasks as string[];
        for (const task of tasks) assert.match(task, /^[a-z]/, `${code}: ${task}`);
      }
    });
  });
}
