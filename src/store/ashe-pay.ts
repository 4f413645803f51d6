import { insertInBatches } from './batch.js';
import type { AshePayTable, DbOrTx } from './schema.js';
import type { AsheFigures } from '../domain/pay.js';
import type { AsheReleaseFacts } from '../domain/pay.js';

/** An ASHE release's figures as the store keeps them: one row per area, occupation, measure, sex and work pattern. */
export interface PayRow extends AsheFigures {
  area: string;
  soc: string;
  measure: string;
  sex: string;
  pattern: string;
  medianCv: number | null;
}


/** Stores a release's facts and rows under its edition; returns the rows of figures stored. */
export async function insertAsheRelease(db: DbOrTx, editionId: string, release: AsheReleaseFacts, rows: PayRow[]): Promise<number> {
  await db.insertInto('ashe_releases').values({ edition_id: editionId, year: release.year, provisional: release.provisional ? 1 : 0 }).execute();
  const tableRows: AshePayTable[] = rows.map((r) => ({
    edition_id: editionId,
    area: r.area,
    soc: r.soc,
    measure: r.measure,
    sex: r.sex,
    pattern: r.pattern,
    jobs_thousands: r.jobsThousands,
    median: r.median,
    median_change: r.medianChange,
    mean: r.mean,
    p10: r.p10,
    p20: r.p20,
    p25: r.p25,
    p30: r.p30,
    p40: r.p40,
    p60: r.p60,
    p70: r.p70,
    p75: r.p75,
    p80: r.p80,
    p90: r.p90,
    median_cv: r.medianCv,
  }));
  return insertInBatches(db, 'ashe_pay', tableRows);
}

export async function findAsheRelease(db: DbOrTx, editionId: string): Promise<AsheReleaseFacts | null> {
  const row = await db.selectFrom('ashe_releases').select(['year', 'provisional']).where('edition_id', '=', editionId).executeTakeFirst();
  return row ? { year: Number(row.year), provisional: Number(row.provisional) === 1 } : null;
}

export interface PayKey {
  soc: string;
  measure: string;
  sex: string;
  pattern: string;
}

/** The rows of one occupation, measure, sex and pattern in the given editions, every area they hold. */
export async function findPayRows(db: DbOrTx, editionIds: string[], key: PayKey, areas?: string[]): Promise<(PayRow & { editionId: string })[]> {
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
  const rows = await query.execute();
  return rows.map((r) => ({
    editionId: r.edition_id,
    area: r.area,
    soc: r.soc,
    measure: r.measure,
    sex: r.sex,
    pattern: r.pattern,
    jobsThousands: numberOrNull(r.jobs_thousands),
    median: numberOrNull(r.median),
    medianChange: numberOrNull(r.median_change),
    mean: numberOrNull(r.mean),
    p10: numberOrNull(r.p10),
    p20: numberOrNull(r.p20),
    p25: numberOrNull(r.p25),
    p30: numberOrNull(r.p30),
    p40: numberOrNull(r.p40),
    p60: numberOrNull(r.p60),
    p70: numberOrNull(r.p70),
    p75: numberOrNull(r.p75),
    p80: numberOrNull(r.p80),
    p90: numberOrNull(r.p90),
    medianCv: numberOrNull(r.median_cv),
  }));
}

/** How many rows of figures an edition holds (for tests and operators). */
export async function countPayRows(db: DbOrTx, editionId: string): Promise<number> {
  const row = await db.selectFrom('ashe_pay').select((eb) => eb.fn.countAll<string | number>().as('n')).where('edition_id', '=', editionId).executeTakeFirstOrThrow();
  return Number(row.n);
}

function numberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}
