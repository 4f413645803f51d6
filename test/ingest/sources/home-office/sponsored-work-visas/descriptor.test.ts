import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sponsoredWorkVisasSource } from '../../../../../src/ingest/sources/home-office/sponsored-work-visas/descriptor.js';
import { appForSuite } from '../../../../helpers/composition-root.js';
import { ingestFromDouble } from '../../../../helpers/publisher-double/ingest.js';
import { visasRoutes } from '../../../../helpers/publisher-double/routes-govuk.js';
import { routes } from '../../../../helpers/publisher-double/routes.js';
import { startPublisherDouble, type PublisherDouble } from '../../../../helpers/publisher-double/server.js';
import { DIALECTS } from '../../../../helpers/stores.js';
import {
  ADMIN_SPELLINGS,
  BUILT_QUARTERS,
  PROVISIONAL_FROM,
  sheetRecords,
  visaWorkbook,
} from '../../../../helpers/visa-workbooks.js';

const HOUR = 3_600_000;
const LATEST = BUILT_QUARTERS.slice(-4);
const SERIES = BUILT_QUARTERS.filter((q) => q >= '2024 Q4');

type Record_ = Record<string, string | number>;
const built = visaWorkbook();
const applications = sheetRecords(built, 'Data_Occ_D01');
const grants = sheetRecords(built, 'Data_Occ_D02');
const codeOf = (r: Record_) => String(r['Occ. unit group']).slice(0, 4);
const total = (records: Record_[], count: string) => records.reduce((t, r) => t + Number(r[count]), 0);
const inLatest = (r: Record_) => LATEST.includes(String(r.Quarter) as (typeof LATEST)[number]);
const round1 = (x: number) => Math.round(x * 10) / 10;

/** Grants by a column's value over the latest four quarters, largest first (ties by name), withheld left out. */
function sharesFromCells(code: string, column: string, top: number, merge: (name: string) => string = (n) => n) {
  const own = grants.filter((r) => inLatest(r) && codeOf(r) === code);
  const byName = new Map<string, number>();
  for (const r of own) {
    const name = merge(String(r[column]));
    if (name !== '*') byName.set(name, (byName.get(name) ?? 0) + Number(r.Grants));
  }
  const all = total(own, 'Grants');
  return [...byName]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, top)
    .map(([name, count]) => ({ name, grants: count, percent: round1((count / all) * 100) }));
}

/** Every unit group's grants and applications in the latest four quarters, from the cells. */
function yearsFromCells() {
  const codes = [...new Set(grants.filter((r) => r['Occ. unit group'] !== '*').map(codeOf))];
  return codes.map((code) => {
    const mine = (r: Record_) => inLatest(r) && r['Occ. unit group'] !== '*' && codeOf(r) === code;
    return {
      code,
      grants: total(grants.filter(mine), 'Grants'),
      applications: total(applications.filter(mine), 'Applications'),
    };
  });
}

for (const dialect of DIALECTS) {
  describe(`home-office-work-visas read from the GOV.UK double, served by the visa routes (${dialect})`, () => {
    const served = appForSuite(dialect);
    let double: PublisherDouble;
    before(async () => {
      double = await startPublisherDouble();
    });
    after(() => double.stop());
    const ingest = () =>
      ingestFromDouble(double, {
        store: served.store,
        sources: [sponsoredWorkVisasSource],
        refreshIntervalMs: 6 * HOUR,
      });

    let before2231: unknown;

    it('publishes the workbook and answers with its figures, summed and ranked from the cells', async () => {
      double.publishAll(routes(visasRoutes()));
      const [result] = await ingest();
      assert.equal(result!.outcome, 'published', result!.message ?? JSON.stringify(result!.releases));
      served.refresh();

      const res = await served.get('/v1/occupations/2231/visas');
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      before2231 = body;
      const years = yearsFromCells();
      const own = years.find((y) => y.code === '2231')!;
      const ranked = years.filter((y) => y.grants > 0);
      assert.deepEqual(
        {
          from: body.latestYear.from,
          to: body.latestYear.to,
          applications: body.latestYear.applications,
          grants: body.latestYear.grants,
          rank: body.latestYear.rank,
          occupationsRanked: body.latestYear.occupationsRanked,
        },
        {
          from: LATEST[0],
          to: LATEST.at(-1),
          applications: own.applications,
          grants: own.grants,
          rank: 1 + ranked.filter((y) => y.grants > own.grants).length,
          occupationsRanked: ranked.length,
        },
      );
      assert.deepEqual(body.latestYear.routes, sharesFromCells('2231', 'Visa type subgroup', Infinity));
      assert.deepEqual(body.latestYear.nationalities, sharesFromCells('2231', 'Nationality', 10));
      assert.equal(body.latestYear.nationalities.length, 10);
      const merged = (name: string) => (name === ADMIN_SPELLINGS[1] ? ADMIN_SPELLINGS[0] : name);
      assert.deepEqual(body.latestYear.industries, sharesFromCells('2231', 'Industry', 5, merged));
      assert.deepEqual(
        body.quarters,
        SERIES.map((period) => {
          const mine = (r: Record_) => r.Quarter === period && codeOf(r) === '2231';
          return {
            period,
            year: Number(period.slice(0, 4)),
            quarter: Number(period.slice(-1)),
            applications: total(applications.filter(mine), 'Applications'),
            grants: total(grants.filter(mine), 'Grants'),
            provisional: period >= PROVISIONAL_FROM,
          };
        }),
      );
      // What the totals leave out, in the cells' own figures.
      const withheldUnit = grants.filter((r) => inLatest(r) && r['Occ. unit group'] === '*');
      assert.ok(withheldUnit.length > 0);
      assert.ok(
        body.coverage.note.includes(`withheld the unit group (\`*\`) of ${total(withheldUnit, 'Grants')} grants`),
        body.coverage.note,
      );
      const withheldNationality = grants.filter((r) => inLatest(r) && codeOf(r) === '2231' && r.Nationality === '*');
      assert.ok(
        body.coverage.note.includes(
          `The nationality of ${total(withheldNationality, 'Grants')} of this occupation's grants was withheld`,
        ),
        body.coverage.note,
      );
      assert.match(body.coverage.note, /Unit groups are published from 2024 Q4/);
      assert.deepEqual(
        [body.provenance.publisher, body.provenance.edition],
        [
          'Home Office',
          'Sponsored work entry clearance visas by occupation and industry (SOC 2020), year ending June 2026',
        ],
      );

      const list = (await served.get('/v1/visas?limit=3')).json();
      const expected = [...ranked].sort((a, b) => b.grants - a.grants || a.code.localeCompare(b.code)).slice(0, 3);
      assert.deepEqual(
        list.occupations.map((o: { soc2020: string; grants: number; applications: number }) => [
          o.soc2020,
          o.grants,
          o.applications,
        ]),
        expected.map((y) => [y.code, y.grants, y.applications]),
      );
      assert.deepEqual([list.from, list.to], [LATEST[0], LATEST.at(-1)]);
      // An occupation the file never names: every quarter zero, no rank.
      const none = (await served.get('/v1/occupations/1111/visas')).json();
      assert.deepEqual([none.latestYear.grants, none.latestYear.rank, none.quarters.length], [0, null, SERIES.length]);
    });

    it('quarantines a new edition in the SOC 2010 layout, naming the label; the previous release keeps serving', async () => {
      double.publishAll(
        routes(
          visasRoutes({
            filename: 'occupation-soc2020-visas-datasets-sep-2026.xlsx',
            media: '6b0a1c2d3e4f5a6b7c8d9e0f',
            bytes: visaWorkbook('soc2010'),
          }),
        ),
      );
      const [result] = await ingest();
      assert.equal(result!.outcome, 'quarantined', result!.message ?? '');
      const held = (await served.get('/v1/meta/editions?source=home-office-work-visas'))
        .json<{ label: string; status: string; checks: { status: string; observed: string | null }[] }[]>()
        .find((e) => e.label === 'Occupation (SOC 2020) visas datasets, September 2026')!;
      assert.equal(held.status, 'quarantined');
      assert.ok(
        held.checks.some((c) => c.status === 'fail' && /column G is labelled "Occupation"/.test(c.observed ?? '')),
        JSON.stringify(held.checks),
      );
      served.refresh();
      assert.deepEqual((await served.get('/v1/occupations/2231/visas')).json(), before2231);
      const source = (await served.get('/v1/meta/sources'))
        .json<{ key: string; currentEdition: string | null }[]>()
        .find((s) => s.key === 'home-office-work-visas')!;
      assert.equal(
        source.currentEdition,
        'Sponsored work entry clearance visas by occupation and industry (SOC 2020), year ending June 2026',
      );
    });
  });
}
