import type { AdvertTable, JobAdvertNotice, JobAdvertRelease, LocalAdvertRelease } from '../domain/job-adverts.js';
import { insertInBatches } from './batch.js';
import type { DbOrTx } from './schema.js';

/** The row key of every new advert in an area, coded to an occupation or not. */
const ALL_ADVERTS = 'all';

async function insertNotices(db: DbOrTx, editionId: string, notices: JobAdvertNotice[]): Promise<number> {
  return insertInBatches(
    db,
    'job_advert_notices',
    notices.map((n, position) => ({ edition_id: editionId, position, heading: n.heading, text: n.text })),
  );
}

async function noticesOf(db: DbOrTx, editionId: string): Promise<JobAdvertNotice[]> {
  const rows = await db
    .selectFrom('job_advert_notices')
    .select(['heading', 'text'])
    .where('edition_id', '=', editionId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ heading: r.heading, text: r.text }));
}

const number = (value: number | null) => (value === null ? null : Number(value));

/** Stages a monthly release's rows under its edition (the descriptor's `stage`, once a parser exists). */
export async function insertJobAdvertRelease(
  db: DbOrTx,
  editionId: string,
  release: JobAdvertRelease,
): Promise<number> {
  const rows = await insertInBatches(
    db,
    'job_advert_months',
    release.rows.map((r) => ({
      edition_id: editionId,
      area_code: r.areaCode,
      soc2020: r.soc2020,
      month: r.month,
      adverts: r.adverts,
    })),
  );
  return rows + (await insertNotices(db, editionId, release.notices));
}

/** Series expanded into rows a few hundred series at a time: a local table never exists as rows all at once. */
const SERIES_PER_CHUNK = 500;

/**
 * Stages a parsed table (monthly or local) under its edition, a row per series and period; the
 * notices once.
 */
export async function insertAdvertTable(
  db: DbOrTx,
  editionId: string,
  table: AdvertTable,
  kind: 'monthly' | 'local',
): Promise<number> {
  let count = 0;
  for (let i = 0; i < table.series.length; i += SERIES_PER_CHUNK) {
    const series = table.series.slice(i, i + SERIES_PER_CHUNK);
    const rows = series.flatMap((s) =>
      table.periods.map((period, p) => ({
        areaCode: s.areaCode,
        soc2020: s.soc2020,
        period,
        adverts: s.adverts[p] ?? null,
      })),
    );
    count +=
      kind === 'monthly'
        ? await insertJobAdvertRelease(db, editionId, {
            months: table.periods,
            rows: rows.map((r) => ({
              areaCode: r.areaCode,
              soc2020: r.soc2020 ?? ALL_ADVERTS,
              month: r.period,
              adverts: r.adverts,
            })),
            notices: [],
          })
        : await insertLocalAdvertRelease(db, editionId, {
            quarters: table.periods,
            rows: rows.map((r) => ({
              areaCode: r.areaCode,
              soc2020: r.soc2020,
              quarter: r.period,
              adverts: r.adverts,
            })),
            notices: [],
          });
  }
  return count + (await insertNotices(db, editionId, table.notices));
}

/** The periods a release has figures for, oldest first (`months` of a monthly release, `quarters` of a local one). */
export async function advertPeriodsOf(db: DbOrTx, editionId: string, kind: 'monthly' | 'local'): Promise<string[]> {
  if (kind === 'monthly') {
    const rows = await db
      .selectFrom('job_advert_months')
      .select('month')
      .distinct()
      .where('edition_id', '=', editionId)
      .orderBy('month')
      .execute();
    return rows.map((r) => r.month);
  }
  const rows = await db
    .selectFrom('local_advert_quarters')
    .select('quarter')
    .distinct()
    .where('edition_id', '=', editionId)
    .orderBy('quarter')
    .execute();
  return rows.map((r) => r.quarter);
}

/** The monthly release for one area (every occupation: the responses rank them), with its months (advertPeriodsOf). */
export async function jobAdvertReleaseOf(
  db: DbOrTx,
  editionId: string,
  areaCode: string,
  months: string[],
): Promise<JobAdvertRelease> {
  const [rows, notices] = await Promise.all([
    db
      .selectFrom('job_advert_months')
      .selectAll()
      .where('edition_id', '=', editionId)
      .where('area_code', '=', areaCode)
      .execute(),
    noticesOf(db, editionId),
  ]);
  return {
    months,
    rows: rows.map((r) => ({ areaCode: r.area_code, soc2020: r.soc2020, month: r.month, adverts: number(r.adverts) })),
    notices,
  };
}

/** Stages a local release's rows under its edition. */
export async function insertLocalAdvertRelease(
  db: DbOrTx,
  editionId: string,
  release: LocalAdvertRelease,
): Promise<number> {
  const rows = await insertInBatches(
    db,
    'local_advert_quarters',
    release.rows.map((r) => ({
      edition_id: editionId,
      area_code: r.areaCode,
      row_key: r.soc2020 ?? ALL_ADVERTS,
      quarter: r.quarter,
      adverts: r.adverts,
    })),
  );
  return rows + (await insertNotices(db, editionId, release.notices));
}

/**
 * The part of the local release a response needs: some areas (every occupation in them: they are
 * ranked), or one occupation (with every area's all-adverts figures). A response needing the UK's
 * figures (concentration) names the UK among the areas. `quarters`: advertPeriodsOf.
 */
export async function localAdvertReleaseOf(
  db: DbOrTx,
  editionId: string,
  only: { areaCodes: string[] } | { soc2020: string },
  quarters: string[],
): Promise<LocalAdvertRelease> {
  let query = db.selectFrom('local_advert_quarters').selectAll().where('edition_id', '=', editionId);
  query =
    'areaCodes' in only
      ? query.where('area_code', 'in', only.areaCodes)
      : query.where('row_key', 'in', [only.soc2020, ALL_ADVERTS]);
  const [rows, notices] = await Promise.all([query.execute(), noticesOf(db, editionId)]);
  return {
    quarters,
    rows: rows.map((r) => ({
      areaCode: r.area_code,
      soc2020: r.row_key === ALL_ADVERTS ? null : r.row_key,
      quarter: r.quarter,
      adverts: number(r.adverts),
    })),
    notices,
  };
}
