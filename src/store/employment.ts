import type { ApsRelease, ApsYear, CellMarker, EmploymentCell, IndustrySection } from '../domain/employment.js';
import { insertInBatches } from './batch.js';
import type { DbOrTx } from './schema.js';

/** The Total row is stored under this code: it is not a unit group. */
const TOTAL_ROW = 'total';

export async function insertApsRelease(db: DbOrTx, editionId: string, release: ApsRelease): Promise<number> {
  const years = await insertInBatches(
    db,
    'aps_years',
    release.years.map((y) => ({ edition_id: editionId, year: y.year, period: y.period })),
  );
  const industries = await insertInBatches(
    db,
    'aps_industries',
    release.industries.map((i) => ({ edition_id: editionId, section: i.section, position: i.position, name: i.name })),
  );
  const cells = await insertInBatches(
    db,
    'aps_employment_cells',
    release.cells.map((c) => ({
      edition_id: editionId,
      year: c.year,
      soc2020: c.soc2020 ?? TOTAL_ROW,
      section: c.section,
      people: c.people,
      marker: c.marker,
      small_sample: c.smallSample ? 1 : 0,
    })),
  );
  return years + industries + cells;
}

export interface ApsTables {
  years: ApsYear[];
  industries: IndustrySection[];
  /** The occupation's cells, every year, and the Total row's. */
  cells: EmploymentCell[];
}

/** An occupation's cells and the Total row's, with the release's years and industry sections. */
export async function apsTablesFor(db: DbOrTx, editionId: string, soc2020: string): Promise<ApsTables> {
  const [years, industries, cells] = await Promise.all([
    db.selectFrom('aps_years').select(['year', 'period']).where('edition_id', '=', editionId).orderBy('year').execute(),
    db
      .selectFrom('aps_industries')
      .select(['section', 'position', 'name'])
      .where('edition_id', '=', editionId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('aps_employment_cells')
      .select(['year', 'soc2020', 'section', 'people', 'marker', 'small_sample'])
      .where('edition_id', '=', editionId)
      .where('soc2020', 'in', [soc2020, TOTAL_ROW])
      .orderBy('year')
      .execute(),
  ]);
  return {
    years: years.map((y) => ({ year: Number(y.year), period: y.period })),
    industries: industries.map((i) => ({ section: i.section, position: Number(i.position), name: i.name })),
    cells: cells.map((c) => ({
      year: Number(c.year),
      soc2020: c.soc2020 === TOTAL_ROW ? null : c.soc2020,
      section: c.section,
      people: c.people === null ? null : Number(c.people),
      marker: c.marker as CellMarker,
      smallSample: Number(c.small_sample) === 1,
    })),
  };
}

/**
 * People in employment per unit group in the release's latest year: the sum of its published
 * industry cells (the count when none is withheld, a lower bound otherwise). Unit groups with no
 * published cell are absent.
 */
export async function publishedEmploymentByUnitGroup(db: DbOrTx, editionId: string): Promise<Map<string, number>> {
  const latest = await db
    .selectFrom('aps_years')
    .select((eb) => eb.fn.max('year').as('year'))
    .where('edition_id', '=', editionId)
    .executeTakeFirst();
  if (latest?.year === null || latest?.year === undefined) return new Map();
  const rows = await db
    .selectFrom('aps_employment_cells')
    .select(['soc2020', (eb) => eb.fn.sum<number | string>('people').as('people')])
    .where('edition_id', '=', editionId)
    .where('year', '=', Number(latest.year))
    .where('marker', '=', 'published')
    .where('soc2020', '<>', TOTAL_ROW)
    .groupBy('soc2020')
    .execute();
  return new Map(rows.filter((row) => Number(row.people) > 0).map((row) => [row.soc2020, Number(row.people)]));
}
