import { ASHE_FIGURES, type AsheFigure, type AsheFigures, type AsheReleaseFacts, type PayRow } from '../domain/pay.js';
import { insertInBatches } from './batch.js';
import { editionRowPages } from './bulk.js';
import type { DbOrTx } from './schema.js';
import type { AsheFigureColumns, AshePayTable } from './tables/pay.js';

/** The column of each figure: `jobsThousands` is stored as `jobs_thousands`. */
const COLUMN = Object.fromEntries(
  ASHE_FIGURES.map((f) => [f, f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)]),
) as Record<AsheFigure, keyof AsheFigureColumns>;

/** Stores a release's facts and rows under its edition; returns the rows of figures stored. */
export async function insertAsheRelease(
  db: DbOrTx,
  editionId: string,
  release: AsheReleaseFacts,
  rows: PayRow[],
): Promise<number> {
  await db
    .insertInto('ashe_releases')
    .values({ edition_id: editionId, year: release.year, provisional: release.provisional ? 1 : 0 })
    .execute();
  const tableRows = rows.map((r) => {
    const row = {
      edition_id: editionId,
      area: r.area,
      soc: r.soc,
      measure: r.measure,
      sex: r.sex,
      pattern: r.pattern,
      median_cv: r.medianCv,
      median_marker: r.medianMarker,
    } as AshePayTable;
    for (const figure of ASHE_FIGURES) row[COLUMN[figure]] = r[figure];
    return row;
  });
  return insertInBatches(db, 'ashe_pay', tableRows);
}

export async function findAsheRelease(db: DbOrTx, editionId: string): Promise<AsheReleaseFacts | null> {
  const row = await db
    .selectFrom('ashe_releases')
    .select(['year', 'provisional'])
    .where('edition_id', '=', editionId)
    .executeTakeFirst();
  return row ? { year: Number(row.year), provisional: Number(row.provisional) === 1 } : null;
}

export interface PayKey {
  soc: string;
  measure: string;
  sex: string;
  pattern: string;
}

/** The rows of one occupation, measure, sex and pattern in the given editions, every area they hold. */
export async function findPayRows(
  db: DbOrTx,
  editionIds: string[],
  key: PayKey,
  areas?: string[],
): Promise<(PayRow & { editionId: string })[]> {
  if (editionIds.length === 0) return [];
  let query = db
    .selectFrom('ashe_pay')
    .selectAll()
    .where('edition_id', 'in', editionIds)
    .where('soc', '=', key.soc)
    .where('measure', '=', key.measure)
    .where('sex', '=', key.sex)
    .where('pattern', '=', key.pattern);
  if (areas) query = query.where('area', 'in', areas);
  const rows = await query.orderBy('area').execute();
  return rows.map(toPayRow);
}

function toPayRow(r: AshePayTable): PayRow & { editionId: string } {
  const figures = Object.fromEntries(ASHE_FIGURES.map((f) => [f, numberOrNull(r[COLUMN[f]])])) as AsheFigures;
  return {
    editionId: r.edition_id,
    area: r.area,
    soc: r.soc,
    measure: r.measure,
    sex: r.sex,
    pattern: r.pattern,
    ...figures,
    medianCv: numberOrNull(r.median_cv),
    medianMarker: r.median_marker,
  };
}

/** Every row of an edition, a page at a time, by occupation, measure, sex, pattern and area (a bulk file's order). */
export async function* payRowPages(db: DbOrTx, editionId: string): AsyncGenerator<PayRow[]> {
  for await (const page of editionRowPages(db, 'ashe_pay', editionId, ['soc', 'measure', 'sex', 'pattern', 'area']))
    yield page.map(toPayRow);
}

/** How many rows of figures an edition holds (for tests and operators). */
export async function countPayRows(db: DbOrTx, editionId: string): Promise<number> {
  const row = await db
    .selectFrom('ashe_pay')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('edition_id', '=', editionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function numberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}
