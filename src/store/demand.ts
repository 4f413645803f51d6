import type { DemandAssessment, DemandIndicator, DemandLevel, DemandRelease } from '../domain/demand.js';
import { insertInBatches } from './batch.js';
import type { DbOrTx } from './schema.js';

/** Stages an assessment's rows under its edition (the descriptor's `stage`, once a parser exists). */
export async function insertDemandRelease(db: DbOrTx, editionId: string, release: DemandRelease): Promise<number> {
  const assessments = await insertInBatches(
    db,
    'demand_assessments',
    release.assessments.map((a) => ({
      edition_id: editionId,
      soc2020: a.soc2020,
      year: a.year,
      level: a.level,
      demand_index: a.demandIndex,
      uncertainty: a.uncertainty,
      imputation: a.imputation,
      capping: a.capping,
      on_immigration_salary_list: a.onImmigrationSalaryList === null ? null : a.onImmigrationSalaryList ? 1 : 0,
      workers: a.workers,
    })),
  );
  const indicators = await insertInBatches(
    db,
    'demand_indicators',
    release.assessments.flatMap((a) =>
      a.indicators.map((i) => ({
        edition_id: editionId,
        soc2020: a.soc2020,
        year: a.year,
        indicator: i.indicator,
        signal: i.signal,
        measures: i.measures,
      })),
    ),
  );
  return assessments + indicators;
}

/** The whole release; its year is the latest year it assesses. */
export async function demandReleaseOf(db: DbOrTx, editionId: string): Promise<DemandRelease> {
  const [assessments, indicators] = await Promise.all([
    db
      .selectFrom('demand_assessments')
      .selectAll()
      .where('edition_id', '=', editionId)
      .orderBy('soc2020')
      .orderBy('year')
      .execute(),
    db.selectFrom('demand_indicators').selectAll().where('edition_id', '=', editionId).execute(),
  ]);
  const number = (value: number | null) => (value === null ? null : Number(value));
  const rows: DemandAssessment[] = assessments.map((a) => ({
    soc2020: a.soc2020,
    year: Number(a.year),
    level: a.level as DemandLevel,
    demandIndex: number(a.demand_index),
    indicators: indicators
      .filter((i) => i.soc2020 === a.soc2020 && Number(i.year) === Number(a.year))
      .map((i) => ({ indicator: i.indicator, signal: i.signal, measures: i.measures }) as DemandIndicator),
    uncertainty: a.uncertainty,
    imputation: a.imputation,
    capping: a.capping,
    onImmigrationSalaryList: a.on_immigration_salary_list === null ? null : Number(a.on_immigration_salary_list) === 1,
    workers: number(a.workers),
  }));
  return { year: Math.max(...rows.map((a) => a.year)), assessments: rows };
}
