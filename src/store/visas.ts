import type { VisaBreakdownKind, VisaRelease } from '../domain/visas.js';
import { insertInBatches } from './batch.js';
import type { DbOrTx } from './schema.js';

/** Stages a visa release's rows under its edition (the descriptor's `stage`, once a parser exists). */
export async function insertVisaRelease(db: DbOrTx, editionId: string, release: VisaRelease): Promise<number> {
  const quarters = await insertInBatches(
    db,
    'visa_quarters',
    release.quarters.map((q) => ({
      edition_id: editionId,
      quarter: q.quarter,
      provisional: q.provisional ? 1 : 0,
      modelled: q.modelled ? 1 : 0,
    })),
  );
  const figures = await insertInBatches(
    db,
    'visa_figures',
    release.figures.map((f) => ({
      edition_id: editionId,
      soc2020: f.soc2020,
      quarter: f.quarter,
      applications: f.applications,
      grants: f.grants,
    })),
  );
  const breakdowns = await insertInBatches(
    db,
    'visa_breakdowns',
    release.breakdowns.map((b) => ({
      edition_id: editionId,
      soc2020: b.soc2020,
      quarter: b.quarter,
      kind: b.kind,
      name: b.name,
      grants: b.grants,
    })),
  );
  return quarters + figures + breakdowns;
}

/** The whole release (every occupation: the responses rank them). */
export async function visaReleaseOf(db: DbOrTx, editionId: string): Promise<VisaRelease> {
  const [quarters, figures, breakdowns] = await Promise.all([
    db.selectFrom('visa_quarters').selectAll().where('edition_id', '=', editionId).orderBy('quarter').execute(),
    db
      .selectFrom('visa_figures')
      .selectAll()
      .where('edition_id', '=', editionId)
      .orderBy('soc2020')
      .orderBy('quarter')
      .execute(),
    db
      .selectFrom('visa_breakdowns')
      .selectAll()
      .where('edition_id', '=', editionId)
      .orderBy('soc2020')
      .orderBy('quarter')
      .execute(),
  ]);
  return {
    quarters: quarters.map((q) => ({
      quarter: q.quarter,
      provisional: Number(q.provisional) === 1,
      modelled: Number(q.modelled) === 1,
    })),
    figures: figures.map((f) => ({
      soc2020: f.soc2020,
      quarter: f.quarter,
      applications: Number(f.applications),
      grants: Number(f.grants),
    })),
    breakdowns: breakdowns.map((b) => ({
      soc2020: b.soc2020,
      quarter: b.quarter,
      kind: b.kind as VisaBreakdownKind,
      name: b.name,
      grants: Number(b.grants),
    })),
  };
}
