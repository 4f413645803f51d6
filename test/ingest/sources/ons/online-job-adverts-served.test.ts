import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { onlineJobAdvertsLocalSource } from '../../../../src/ingest/sources/ons/online-job-adverts-local/descriptor.js';
import { onlineJobAdvertsSource } from '../../../../src/ingest/sources/ons/online-job-adverts/descriptor.js';
import { appForSuite } from '../../../helpers/composition-root.js';
import { labourDemandWorkbook, MONTHS, NOTICES, QUARTERS, SOCS } from '../../../helpers/labour-demand-workbook.js';
import { ingestFromDouble } from '../../../helpers/publisher-double/ingest.js';
import { labourDemandRoutes } from '../../../helpers/publisher-double/routes-ons.js';
import { routes } from '../../../helpers/publisher-double/routes.js';
import { startPublisherDouble, type PublisherDouble } from '../../../helpers/publisher-double/server.js';
import { DIALECTS } from '../../../helpers/stores.js';

/**
 * The five job-advert routes answering from a workbook built in ONS's layout, read from the
 * publisher double through the pipeline, on both dialects. Every figure expected is worked out
 * here from the built file's cells; a later edition in the layout before July 2025 is refused and
 * the release before it keeps serving.
 */

type Cell = string | number | boolean | null;
type Figure = number | null;
const figure = (cell: Cell | undefined): Figure => (typeof cell === 'number' ? cell : null);
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
const published = (values: Figure[]) => values.filter((v): v is number => v !== null);
/** Σ of the published figures, null when none is. */
const sumOf = (values: Figure[]) => (published(values).length ? published(values).reduce((a, b) => a + b, 0) : null);
const total = (values: Figure[]) => published(values).reduce((a, b) => a + b, 0);
const average = (values: Figure[]) =>
  published(values).length ? round(total(values) / published(values).length, 1) : null;
function change(latest: Figure[], before: Figure[]): number | null {
  const pairs = latest.map((v, i) => [v, before[i]!] as const).filter(([a, b]) => a !== null && b !== null);
  const [now, then] = [total(pairs.map((p) => p[0])), total(pairs.map((p) => p[1]))];
  return pairs.length === 0 || then === 0 ? null : round(((now - then) / then) * 100, 1);
}
/** 1 for the largest, equal values sharing a rank, nulls last. */
function rankOf(value: Figure, all: Figure[]): number {
  if (value === null) return all.filter((v) => v !== null).length + 1;
  return all.filter((v) => v !== null && v > value).length + 1;
}

const JULY = {
  slug: 'january2017tojuly2026',
  name: 'January 2017 to July 2026',
  releaseDate: '2026-08-21T06:00:00.000Z',
};
const AUGUST = {
  slug: 'january2017toaugust2026',
  name: 'January 2017 to August 2026',
  releaseDate: '2026-09-18T06:00:00.000Z',
};

const built = labourDemandWorkbook();
const table3 = built.table3.slice(1);
const table5 = built.table5.slice(1);

/** A Table 3 row's figures for some months (indexes into MONTHS). */
const monthly = (region: string, soc: number, months: number[]) => {
  const row = table3.find((r) => r[0] === region && r[1] === soc)!;
  return months.map((m) => figure(row[3 + m]));
};
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const LATEST_MONTHS = range(MONTHS.length - 12, MONTHS.length);
const MONTHS_BEFORE = range(MONTHS.length - 24, MONTHS.length - 12);

/** Table 5's figures summed over the rows `pick` takes, quarter by quarter (null where none published). */
const local = (pick: (row: Cell[]) => boolean, quarters: number[]) =>
  quarters.map((q) => sumOf(table5.filter(pick).map((row) => figure(row[6 + q]))));
const LATEST_QUARTERS = range(QUARTERS.length - 4, QUARTERS.length);
const QUARTERS_BEFORE = range(QUARTERS.length - 8, QUARTERS.length - 4);

function localYear(district: string, soc: number | null) {
  const inArea = (row: Cell[]) => row[2] === district;
  const own = local((row) => inArea(row) && (soc === null || row[3] === soc), LATEST_QUARTERS);
  const all = local(inArea, LATEST_QUARTERS);
  const ukOwn = local((row) => soc === null || row[3] === soc, LATEST_QUARTERS);
  const ukAll = local(() => true, LATEST_QUARTERS);
  const share = (part: Figure[], whole: Figure[], keep: (i: number) => boolean) => {
    const i = LATEST_QUARTERS.map((_, k) => k).filter(keep);
    const w = total(i.map((k) => whole[k]!));
    return i.length === 0 || w === 0 ? null : total(i.map((k) => part[k]!)) / w;
  };
  const perThousand = share(own, all, (i) => own[i] !== null && all[i] !== null);
  const comparable = (i: number) => [own, all, ukOwn, ukAll].every((v) => v[i] !== null);
  const [localShare, ukShare] = [share(own, all, comparable), share(ukOwn, ukAll, comparable)];
  return {
    from: '2025 Q3',
    to: '2026 Q2',
    adverts: total(own),
    quartersSuppressed: own.filter((v) => v === null).length,
    averagePerQuarter: average(own),
    perThousand: perThousand === null ? null : round(perThousand * 1000, 1),
    concentration: localShare === null || ukShare === null || ukShare === 0 ? null : round(localShare / ukShare, 2),
  };
}

for (const dialect of DIALECTS) {
  describe(`online job adverts read from the ONS double and served (${dialect})`, () => {
    const served = appForSuite(dialect);
    let double: PublisherDouble;
    const ingest = () =>
      ingestFromDouble(
        double,
        {
          store: served.store,
          sources: [onlineJobAdvertsSource, onlineJobAdvertsLocalSource],
          refreshIntervalMs: 3_600_000,
        },
        { retries: 0 },
      );
    const get = async (url: string) => {
      const res = await served.get(url);
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      return res.json();
    };

    before(async () => {
      double = await startPublisherDouble();
      double.publishAll(routes(labourDemandRoutes([{ ...JULY, workbook: built.bytes }])));
      const results = await ingest();
      for (const result of results) assert.equal(result.outcome, 'published', result.message ?? '');
      served.refresh();
    });
    after(() => double?.stop());

    it('/v1/occupations/{soc}/job-adverts: the latest twelve months, their change and rank, every month since 2017', async () => {
      for (const [slug, region] of [
        ['uk', 'Total UK'],
        ['london', 'London'],
      ] as const) {
        const body = await get(`/v1/occupations/2134/job-adverts?area=${slug}`);
        const latest = monthly(region, 2134, LATEST_MONTHS);
        const averages = SOCS.map((soc) => average(monthly(region, Number(soc), LATEST_MONTHS)));
        assert.deepEqual(
          body.latestYear,
          {
            from: '2025-08',
            to: '2026-07',
            adverts: total(latest),
            monthsSuppressed: latest.filter((v) => v === null).length,
            averagePerMonth: average(latest),
            changePercent: change(latest, monthly(region, 2134, MONTHS_BEFORE)),
            rank: rankOf(average(latest), averages),
            occupationsRanked: SOCS.length,
          },
          slug,
        );
        assert.ok(body.latestYear.monthsSuppressed >= 1, 'March 2026 is suppressed');
        assert.notEqual(body.latestYear.changePercent, null, 'months published in both years');
        assert.equal(body.months.length, MONTHS.length);
        assert.deepEqual(
          body.months.map((m: { adverts: Figure }) => m.adverts),
          monthly(region, 2134, range(0, MONTHS.length)),
        );
        assert.deepEqual(body.months.find((m: { month: string }) => m.month === '2026-03').adverts, null);
        assert.deepEqual(body.notices, NOTICES);
      }
    });

    it('/v1/job-adverts: the area’s occupations ranked by average per month', async () => {
      const body = await get('/v1/job-adverts?area=wales&limit=3');
      const years = SOCS.map((soc) => ({ soc, values: monthly('Wales', Number(soc), LATEST_MONTHS) }))
        .map(({ soc, values }) => ({ soc, average: average(values), adverts: total(values) }))
        .sort((a, b) => (b.average ?? -1) - (a.average ?? -1) || a.soc.localeCompare(b.soc));
      assert.deepEqual(
        body.occupations.map((o: { soc2020: string; adverts: number; averagePerMonth: number; rank: number }) => [
          o.soc2020,
          o.adverts,
          o.averagePerMonth,
        ]),
        years.slice(0, 3).map((y) => [y.soc, y.adverts, y.average]),
      );
      assert.deepEqual([body.from, body.to, body.occupations[0].rank], ['2025-08', '2026-07', 1]);
    });

    it('/v1/occupations/{soc}/job-adverts/local: every local area with adverts, with per-thousand and concentration', async () => {
      const body = await get('/v1/occupations/6135/job-adverts/local');
      const expected = ['Cardiff', 'Lincoln', 'London', 'Newark and Sherwood']
        .map((name) => ({ name, latestYear: localYear(name, 6135) }))
        .filter((a) => a.latestYear.adverts > 0)
        .sort((a, b) => (b.latestYear.averagePerQuarter ?? -1) - (a.latestYear.averagePerQuarter ?? -1));
      assert.deepEqual(
        body.areas.map((a: { area: { name: string }; latestYear: unknown }) => ({
          name: a.area.name,
          latestYear: a.latestYear,
        })),
        expected,
      );
      assert.equal(body.areas.find((a: { area: { name: string } }) => a.area.name === 'London').area.code, 'E12000007');
      assert.ok(
        body.areas.every(
          (a: { latestYear: { perThousand: Figure; concentration: Figure } }) =>
            a.latestYear.perThousand !== null && a.latestYear.concentration !== null,
        ),
        'quarters published for all the figures',
      );
      assert.deepEqual(body.notices, NOTICES);
    });

    it('/v1/occupations/{soc}/job-adverts/local/{area}: the year, its change, the rank in the area, twelve quarters', async () => {
      const body = await get('/v1/occupations/2134/job-adverts/local/lincoln');
      const own = local((row) => row[2] === 'Lincoln' && row[3] === 2134, LATEST_QUARTERS);
      const averages = SOCS.map((soc) =>
        average(local((row) => row[2] === 'Lincoln' && row[3] === Number(soc), LATEST_QUARTERS)),
      );
      assert.deepEqual(body.latestYear, localYear('Lincoln', 2134));
      assert.equal(
        body.changePercent,
        change(
          own,
          local((row) => row[2] === 'Lincoln' && row[3] === 2134, QUARTERS_BEFORE),
        ),
      );
      assert.deepEqual([body.rank, body.occupationsRanked], [rankOf(average(own), averages), SOCS.length]);
      assert.deepEqual(
        body.quarters.map((q: { quarter: string; adverts: Figure }) => [q.quarter, q.adverts]),
        QUARTERS.slice(-12).map((q, i) => [
          q.replace('Q', ' Q'),
          figure(table5.find((r) => r[2] === 'Lincoln' && r[3] === 2134)![6 + QUARTERS.length - 12 + i]),
        ]),
      );
      assert.equal((await get('/v1/occupations/2134/job-adverts/local/E07000138')).rank, body.rank);
    });

    it('/v1/local-areas/{area}/job-adverts: every advert in the area (Unknown included) and its occupations ranked', async () => {
      const body = await get('/v1/local-areas/london/job-adverts?limit=2');
      assert.deepEqual(body.allOccupations, localYear('London', null));
      assert.equal(body.occupations.length, 2);
      for (const o of body.occupations) assert.deepEqual(o.latestYear, localYear('London', Number(o.soc2020)));
      const uk = await get('/v1/local-areas/uk/job-adverts');
      assert.equal(
        uk.allOccupations.adverts,
        total(local(() => true, LATEST_QUARTERS)),
        'the UK: every district summed',
      );
    });

    it('quarantines a later edition in the layout before July 2025; the July release keeps serving', async () => {
      const before = await get('/v1/occupations/2134/job-adverts');
      double.publishAll(
        routes(
          labourDemandRoutes([
            { ...AUGUST, workbook: labourDemandWorkbook({ layout: 'before-july-2025' }).bytes },
            { ...JULY, workbook: built.bytes },
          ]),
        ),
      );
      const results = await ingest();
      for (const result of results) {
        assert.equal(result.outcome, 'quarantined', `${result.sourceKey}: ${result.message}`);
        assert.match(result.message ?? '', /"SOC 2 digit code" in [BD]5 where "SOC 4 digit code" belongs/);
      }
      served.refresh();
      assert.deepEqual(await get('/v1/occupations/2134/job-adverts'), before);
      const sources = await get('/v1/meta/sources');
      for (const key of ['online-job-adverts', 'online-job-adverts-local'])
        assert.match(sources.find((s: { key: string }) => s.key === key).currentEdition, /January 2017 to July 2026/);
    });
  });
}
